import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../src/components/layout/page-heading';
import { privacyPolicyQueryOptions } from '../../src/features/accounts/api/get-privacy-policy';
import { RegistrationForm } from '../../src/features/accounts/components/registration-form';

export const Route = createFileRoute('/_app/registrieren')({
  staticData: { access: 'public' },
  loader: ({ context }) => context.queryClient.ensureQueryData(privacyPolicyQueryOptions()),
  component: RegisterPage,
});

function RegisterPage() {
  return (
    <Container size="sm" px={0}>
      <PageHeading>Registrieren</PageHeading>
      <RegistrationForm />
    </Container>
  );
}
