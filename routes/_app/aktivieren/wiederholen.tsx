import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../../src/components/layout/page-heading';
import { useResendActivationMutation } from '../../../src/features/accounts/api/resend-activation';
import { EmailRequestForm } from '../../../src/features/accounts/components/email-request-form';

export const Route = createFileRoute('/_app/aktivieren/wiederholen')({
  staticData: { access: 'public' },
  component: ResendPage,
});

function ResendPage() {
  const mutation = useResendActivationMutation();
  return (
    <Container size="sm" px={0}>
      <PageHeading>Aktivierungslink neu anfordern</PageHeading>
      <EmailRequestForm
        formLabel="Aktivierungslink anfordern"
        intro="Gib die E-Mail-Adresse an, mit der du dich registriert hast. Wir schicken dir einen neuen Aktivierungslink; er gilt 48 Stunden."
        submitLabel="Link neu schicken"
        mutation={mutation}
      />
    </Container>
  );
}
