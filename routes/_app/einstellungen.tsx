import { Container, Text } from '@mantine/core';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PageHeading } from '../../src/components/layout/page-heading';
import { accountQueryOptions } from '../../src/features/accounts/api/get-account';
import { SettingsPage } from '../../src/features/accounts/components/settings-page';
import { useApplySession } from '../../src/features/auth/hooks/use-apply-session';
import { useAuthState, useAuthStore } from '../../src/features/auth/hooks/use-auth-state';
import { notify } from '../../src/lib/notifications';
import type { AccountResponse } from '../../src/shared/contracts/accounts';

export const Route = createFileRoute('/_app/einstellungen')({
  staticData: { access: 'login' },
  loader: ({ context }) => context.queryClient.ensureQueryData(accountQueryOptions()),
  component: SettingsRoute,
});

function SettingsRoute() {
  const { user, curSeason } = useAuthState();
  const auth = useAuthStore();
  const applySession = useApplySession();
  const navigate = useNavigate();

  // The session user carries name, e-mail and missingSettings: keep it in step so dialog 3 goes at once.
  async function accountChanged(account: AccountResponse) {
    if (!user) return;
    const next = {
      ...user,
      firstName: account.firstName,
      lastName: account.lastName,
      email: account.email,
      missingSettings: account.missingSettings,
    };
    await applySession({ loggedin: true, user: next, curSeason });
  }

  async function deleted(msg: string) {
    notify({ message: msg, autoClose: 10_000 });
    await applySession({ loggedin: false, user: null, curSeason: null });
    auth.takeRedirectTarget();
    await navigate({ to: '/login', replace: true });
  }

  return (
    <Container size="md" px={0}>
      <PageHeading>Einstellungen</PageHeading>
      <Text mb="lg">Hier verwaltest du dein Benutzerkonto, deine Einwilligungen und deine Sitzungen.</Text>
      <SettingsPage onAccountChanged={accountChanged} onDeleted={deleted} />
    </Container>
  );
}
