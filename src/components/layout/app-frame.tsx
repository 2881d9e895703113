import { AppShell, Burger, Group, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { SkipLink } from './skip-link';

type Props = {
  programmeName: string;
  /** right part of the header (KiTa switcher, user menu); nothing for anonymous visitors */
  headerActions?: ReactNode;
  /** the main navigation; without it the shell has no side bar (public pages) */
  navigation?: (close: () => void) => ReactNode;
  children: ReactNode;
};

/**
 * The portal's frame for office PCs: header, side navigation from md up (a burger below), and the one
 * <main id="main-content"> the skip link and the focus-on-navigation target.
 */
export function AppFrame({ programmeName, headerActions, navigation, children }: Props) {
  const [opened, { toggle, close }] = useDisclosure(false);
  return (
    <AppShell
      header={{ height: 64 }}
      navbar={navigation ? { width: 260, breakpoint: 'md', collapsed: { mobile: !opened } } : undefined}
      padding="md"
    >
      <SkipLink />
      <AppShell.Header>
        <Group h="100%" px="md" justify="space-between" wrap="nowrap">
          <Group gap="sm" wrap="nowrap">
            {navigation && (
              <Burger opened={opened} onClick={toggle} hiddenFrom="md" size="sm" aria-label="Navigation öffnen" />
            )}
            <Text fw={700} size="lg" component="span">
              {programmeName}
            </Text>
          </Group>
          {headerActions}
        </Group>
      </AppShell.Header>
      {navigation && <AppShell.Navbar p="sm">{navigation(close)}</AppShell.Navbar>}
      <AppShell.Main id="main-content" tabIndex={-1} style={{ outline: 'none' }}>
        {children}
      </AppShell.Main>
    </AppShell>
  );
}
