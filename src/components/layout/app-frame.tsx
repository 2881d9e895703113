import { Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import classes from './app-frame.module.css';
import { SkipLink } from './skip-link';

type Props = {
  programmeName: string;
  /** right part of the header (KiTa switcher, user menu); nothing for anonymous visitors */
  headerActions?: ReactNode;
  /** the main navigation; without it the frame has no side bar (public pages) */
  navigation?: (close: () => void) => ReactNode;
  /** the legal links under every page */
  footer?: ReactNode;
  children: ReactNode;
};

/**
 * The portal's frame for office PCs: header, side navigation from md up (a burger below), and the one
 * <main id="main-content"> the skip link and the focus-on-navigation target.
 */
export function AppFrame({ programmeName, headerActions, navigation, footer, children }: Props) {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <div className={navigation ? `${classes.frame} ${classes.withNav}` : classes.frame}>
      <SkipLink />
      <header className={classes.header}>
        <Group gap="sm" wrap="nowrap">
          {navigation && (
            <Burger
              className={classes.burger}
              opened={opened}
              onClick={toggle}
              size="sm"
              aria-label={opened ? 'Navigation schließen' : 'Navigation öffnen'}
              aria-expanded={opened}
              aria-controls="side-navigation"
            />
          )}
          <Text fw={700} size="lg" component="span">
            {programmeName}
          </Text>
        </Group>
        {/* its row is there before the session's chunk has brought what fills it: the page does not jump when it comes */}
        {headerActions && <div className={classes.actions}>{headerActions}</div>}
      </header>
      {navigation && (
        <div id="side-navigation" className={classes.navbar} data-opened={opened || undefined}>
          {navigation(close)}
        </div>
      )}
      <main id="main-content" tabIndex={-1} className={classes.main}>
        {children}
      </main>
      {footer}
    </div>
  );
}
