import { Badge, NavLink } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { PLANNED_LABEL } from './placeholder-page';

export type NavItem = { to: string; label: string; /** the area is not built yet (route `staticData.status: 'planned'`) */ planned?: boolean };

/** An "in Vorbereitung" badge with a link (under its name in the side navigation); the link names it as its description (aria-describedby). */
export function PlannedBadge({ id }: { id: string }) {
  return (
    <Badge id={id} variant="outline" color="gray.7" size="sm" style={{ pointerEvents: 'none', flexShrink: 0 }}>
      {PLANNED_LABEL}
    </Badge>
  );
}

function Item({ item, onNavigate }: { item: NavItem; onNavigate?: () => void }) {
  const badgeId = useId();
  return (
    <div style={{ position: 'relative' }}>
      <NavLink
        component={Link}
        to={item.to}
        label={item.label}
        activeOptions={{ exact: item.to === '/' }}
        onClick={onNavigate}
        aria-describedby={item.planned ? badgeId : undefined}
        styles={item.planned ? { root: { paddingBottom: '1.75rem' } } : undefined}
      />
      {item.planned && (
        <div style={{ position: 'absolute', bottom: 6, insetInlineStart: 'var(--mantine-spacing-sm)', display: 'flex', pointerEvents: 'none' }}>
          <PlannedBadge id={badgeId} />
        </div>
      )}
    </div>
  );
}

/**
 * SPEC §6: each link is named exactly like the heading of its page. The router's Link marks the current page
 * with aria-current="page"; Home matches exactly, the others also for their sub-pages (e.g. Verwaltung). Areas in
 * preparation carry a visible "in Vorbereitung" badge that is also the link's accessible description.
 */
export function MainNav({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
  return (
    <nav aria-label="Hauptnavigation">
      {items.map((item) => (
        <Item key={item.to} item={item} onNavigate={onNavigate} />
      ))}
    </nav>
  );
}
