import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../src/components/layout/page-heading';
import { useForgotPasswordMutation } from '../../src/features/accounts/api/forgot-password';
import { EmailRequestForm } from '../../src/features/accounts/components/email-request-form';

export const Route = createFileRoute('/_app/passwort-vergessen')({
  staticData: { access: 'public' },
  component: ForgotPasswordPage,
});

function ForgotPasswordPage() {
  const mutation = useForgotPasswordMutation();
  return (
    <Container size="sm" px={0}>
      <PageHeading>Passwort vergessen</PageHeading>
      <EmailRequestForm
        formLabel="Passwort zurücksetzen"
        intro="Gib die E-Mail-Adresse deines Benutzerkontos an. Wir schicken dir einen Link, mit dem du ein neues Passwort festlegst; er gilt eine Stunde."
        submitLabel="Link anfordern"
        mutation={mutation}
      />
    </Container>
  );
}
