import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../../src/components/layout/page-heading';
import { loadTokenStatus } from '../../../src/features/accounts/api/get-token-status';
import { ActivationPage } from '../../../src/features/accounts/components/activation-page';

/** The link of the activation mail (SPEC §4): activates on load, or explains why it cannot. */
export const Route = createFileRoute('/_app/aktivieren/ct{$token}')({
  staticData: { access: 'public' },
  loader: ({ context, params }) => loadTokenStatus(context.queryClient, 'activation', params.token),
  component: ActivatePage,
});

function ActivatePage() {
  const { token } = Route.useParams();
  return (
    <Container size="sm" px={0}>
      <PageHeading>Benutzerkonto aktivieren</PageHeading>
      <ActivationPage token={token} />
    </Container>
  );
}
