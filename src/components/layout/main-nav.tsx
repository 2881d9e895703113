import { NavLink } from '@mantine/core';
import { Link } from '@tanstack/react-router';

export type NavItem = { to: string; label: string };

/**
 * SPEC §6: each link is named exactly like the heading of its page. The router's Link marks the current page
 * with aria-current="page"; Home matches exactly, the others also for their sub-pages (e.g. Verwaltung).
 */
export function MainNav({ items, onNavigate }: { items: NavItem[]; onNavigate?: () => void }) {
  return (
    <nav aria-label="Hauptnavigation">
      {items.map((item) => (
        <NavLink
          key={item.to}
          component={Link}
          to={item.to}
          label={item.label}
          activeOptions={{ exact: item.to === '/' }}
          onClick={onNavigate}
        />
      ))}
    </nav>
  );
}
