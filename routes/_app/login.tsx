import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../src/components/layout/page-heading';
import { LoginForm } from '../../src/features/auth/components/login-form';

/** Public; a logged-in user is sent home by the layout guard (seed §6). */
export const Route = createFileRoute('/_app/login')({
  staticData: { access: 'public' },
  component: LoginPage,
});

function LoginPage() {
  return (
    <Container size="xs" px={0}>
      <PageHeading>Anmelden</PageHeading>
      <LoginForm />
    </Container>
  );
}
