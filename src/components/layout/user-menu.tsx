import { Button, Menu } from '@mantine/core';
import { Link } from '@tanstack/react-router';

type Props = { name: string; onLogout: () => void; loggingOut?: boolean };

/** Name of the logged-in person with the account actions. */
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
