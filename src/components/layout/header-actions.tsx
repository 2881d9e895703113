import { Button } from '@mantine/core';
import { forwardRef, type ComponentPropsWithoutRef } from 'react';
import type { User } from '../../shared/contracts/auth';

/*
 * The user menu's button and the name it shows: light (no menu), so the frame draws it, with the KiTa switcher, in the
 * page's first render; the user menu comes with the session's chunk and takes its button's place at the same size. At
 * 320 px the names wrap to a second line of their own: drawn only with the chunk, that line pushed the page already
 * drawn down by 30 px (issue 35, decision 0039).
 */

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
