import { Menu } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { UserMenuButton } from './header-actions';

type Props = { name: string; onLogout: () => void; loggingOut?: boolean };

/**
 * Name of the logged-in person with the account actions. Without Mantine's initial-focus placeholder: that is a
 * focusable `role="presentation"` div inside `role="menu"`, which axe reports as a critical
 * aria-required-children violation; the arrow keys still move from the button into the items.
 */
export function UserMenu({ name, onLogout, loggingOut }: Props) {
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <UserMenuButton name={name} />
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to="/einstellungen">
          Einstellungen
        </Menu.Item>
        <Menu.Item onClick={onLogout} disabled={loggingOut}>
          Abmelden
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
