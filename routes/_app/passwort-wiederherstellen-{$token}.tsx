import { Container } from '@mantine/core';
import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { PageHeading } from '../../src/components/layout/page-heading';
import { loadTokenStatus } from '../../src/features/accounts/api/get-token-status';
import { PasswordResetPage } from '../../src/features/accounts/components/password-reset-page';
import { useApplySession } from '../../src/features/auth/hooks/use-apply-session';
import { notify } from '../../src/lib/notifications';
import type { PasswordResetResponse } from '../../src/shared/contracts/accounts';

/** The link of the forgotten-password mail (SPEC §4); a successful reset logs in. */
export const Route = createFileRoute('/_app/passwort-wiederherstellen-{$token}')({
  staticData: { access: 'public' },
  loader: ({ context, params }) => loadTokenStatus(context.queryClient, 'password-reset', params.token),
  component: ResetPage,
});

function ResetPage() {
  const { token } = Route.useParams();
  const applySession = useApplySession();
  const navigate = useNavigate();

  async function done(answer: PasswordResetResponse) {
    notify({ message: answer.msg });
    if (answer.loggedin && answer.user) {
      await applySession({ loggedin: true, user: answer.user, curSeason: answer.curSeason });
      await navigate({ to: '/', replace: true });
    } else {
      // an account with a second factor signs in with its code on the login page
      await applySession({ loggedin: false, user: null, curSeason: null });
      await navigate({ to: '/login', replace: true });
    }
  }

  return (
    <Container size="sm" px={0}>
      <PageHeading>Neues Passwort festlegen</PageHeading>
      <PasswordResetPage token={token} onDone={done} />
    </Container>
  );
}
