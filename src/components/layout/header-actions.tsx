import { Button, Group } from '@mantine/core';
import { forwardRef, type ComponentPropsWithoutRef, type ReactNode } from 'react';
import type { User } from '../../shared/contracts/auth';

/**
 * The header's action row and the user menu's button: light (no menu, no dialog), so the frame draws them, filled with
 * the names, in the page's first render; the user menu comes with the session's chunk and takes its button's place at
 * the same size. At 320 px the names wrap to a second line of their own: drawn only with the chunk, that line pushed
 * the page already drawn down by 30 px (issue 35, decision 0039).
 */
export function HeaderActionsRow({ children }: { children: ReactNode }) {
  return (
    <Group gap="xs" style={{ minWidth: 0, columnGap: 'var(--mantine-spacing-md)' }}>
      {children}
    </Group>
  );
}

/** the name a person is shown by in the header: first and last name, else the e-mail address */
export const userDisplayName = (user: Pick<User, 'firstName' | 'lastName' | 'email'>) => `${user.firstName} ${user.lastName}`.trim() || user.email;

type UserMenuButtonProps = { name: string } & Omit<ComponentPropsWithoutRef<'button'>, 'color' | 'style' | 'children'>;

/** the user menu's button (its `Menu.Target`), the same before the menu is there */
export const UserMenuButton = forwardRef<HTMLButtonElement, UserMenuButtonProps>(function UserMenuButton({ name, ...rest }, ref) {
  return (
    <Button ref={ref} variant="subtle" color="dark" aria-label={`Benutzermenü von ${name}`} {...rest}>
      {name}
    </Button>
  );
});
