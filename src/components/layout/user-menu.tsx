import { Button, Menu } from '@mantine/core';
import { Link } from '@tanstack/react-router';

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
        <Button variant="subtle" color="dark" aria-label={`Benutzermenü von ${name}`}>
          {name}
        </Button>
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
