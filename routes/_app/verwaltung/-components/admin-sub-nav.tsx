import { Anchor, Box, Group } from '@mantine/core';
import { Link, useRouter } from '@tanstack/react-router';
import { useId } from 'react';
import { isPlannedPath } from '../../../../src/app/route-status';
import { PlannedBadge } from '../../../../src/components/layout/main-nav';
import { useAuthState } from '../../../../src/features/auth/hooks/use-auth-state';
import { adminAreasFor } from './admin-areas';

function AreaLink({ to, label, planned }: { to: string; label: string; planned: boolean }) {
  const badgeId = useId();
  return (
    <Group component="li" gap={4}>
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

function AreaList() {
  const router = useRouter();
  const { user } = useAuthState();
  return (
    <Group component="ul" gap="xs" style={{ listStyle: 'none', padding: 0, margin: 0, columnGap: 'var(--mantine-spacing-md)' }}>
      {/* the overview lists every area: admins only (a jury member sees just the documentation forms) */}
      {user?.is_admin && (
        <Group component="li" gap={4}>
          <Anchor
            component={Link}
            to="/verwaltung"
            size="sm"
            activeOptions={{ exact: true }}
            activeProps={{ 'aria-current': 'page', style: { fontWeight: 700, textDecoration: 'underline' } }}
          >
            Übersicht
          </Anchor>
        </Group>
      )}
      {adminAreasFor(user).map((area) => (
        <AreaLink key={area.to} to={area.to} label={area.label} planned={isPlannedPath(router, area.to)} />
      ))}
    </Group>
  );
}

const FRAME = {
  marginBottom: 'var(--mantine-spacing-lg)',
  paddingBottom: 'var(--mantine-spacing-sm)',
  borderBottom: '1px solid var(--mantine-color-gray-3)',
};

/**
 * The admin areas on every page under /verwaltung: where am I, where else can I go (areas in preparation
 * marked). On narrow screens (and at 400 % zoom) the list is folded behind a disclosure, so the page comes first.
 */
export function AdminSubNav() {
  return (
    <>
      <Box component="nav" aria-label="Bereiche der Verwaltung" visibleFrom="sm" style={FRAME}>
        <AreaList />
      </Box>
      <Box component="nav" aria-label="Bereiche der Verwaltung" hiddenFrom="sm" style={FRAME}>
        <details>
          <summary style={{ cursor: 'pointer', fontSize: 'var(--mantine-font-size-sm)' }}>Bereiche der Verwaltung</summary>
          <Box pt="xs">
            <AreaList />
          </Box>
        </details>
      </Box>
    </>
  );
}
