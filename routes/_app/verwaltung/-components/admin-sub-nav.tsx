import { Anchor, Group } from '@mantine/core';
import { Link, useRouter } from '@tanstack/react-router';
import { useId } from 'react';
import { isPlannedPath } from '../../../../src/app/route-status';
import { PlannedBadge } from '../../../../src/components/layout/main-nav';
import { ADMIN_AREAS } from './admin-areas';

function AreaLink({ to, label, planned }: { to: string; label: string; planned: boolean }) {
  const badgeId = useId();
  return (
    <Group component="li" gap={4} wrap="nowrap">
      <Anchor
        component={Link}
        to={to}
        size="sm"
        activeProps={{ 'aria-current': 'page', style: { fontWeight: 700, textDecoration: 'underline' } }}
        aria-describedby={planned ? badgeId : undefined}
      >
        {label}
      </Anchor>
      {planned && <PlannedBadge id={badgeId} />}
    </Group>
  );
}

/** The admin areas on every page under /verwaltung: where am I, where else can I go (areas in preparation marked). */
export function AdminSubNav() {
  const router = useRouter();
  return (
    <nav aria-label="Bereiche der Verwaltung">
      <Group
        component="ul"
        gap="xs"
        mb="lg"
        style={{ listStyle: 'none', padding: '0 0 var(--mantine-spacing-sm)', margin: 0, columnGap: 'var(--mantine-spacing-md)', borderBottom: '1px solid var(--mantine-color-gray-3)' }}
      >
        <Group component="li" gap={4}>
          <Anchor component={Link} to="/verwaltung" size="sm" activeOptions={{ exact: true }} activeProps={{ 'aria-current': 'page', style: { fontWeight: 700, textDecoration: 'underline' } }}>
            Übersicht
          </Anchor>
        </Group>
        {ADMIN_AREAS.map((area) => (
          <AreaLink key={area.to} to={area.to} label={area.label} planned={isPlannedPath(router, area.to)} />
        ))}
      </Group>
    </nav>
  );
}
