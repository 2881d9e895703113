import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../src/components/layout/page-heading';
import { EmailConfirmPage } from '../../src/features/accounts/components/email-confirm-page';
import { useRefreshSession } from '../../src/features/auth/hooks/use-apply-session';
import { useAuthState } from '../../src/features/auth/hooks/use-auth-state';

/**
 * The link of the e-mail-change mail (server tokenPaths['email-change']). Public: the confirmation needs only
 * the token, and the mail may be opened on another device than the one that asked for the change.
 */
export const Route = createFileRoute('/_app/einstellungen_/email-bestaetigen/$token')({
  staticData: { access: 'public' },
  component: ConfirmEmailRoute,
});

function ConfirmEmailRoute() {
  const { token } = Route.useParams();
  const { user } = useAuthState();
  const refresh = useRefreshSession();
  return (
    <Container size="sm" px={0}>
      <PageHeading>Neue E-Mail-Adresse bestätigen</PageHeading>
      <EmailConfirmPage token={token} loggedIn={user !== null} onConfirmed={() => (user ? refresh() : Promise.resolve())} />
    </Container>
  );
}
