import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { useEffect } from 'react';
import { searchSchema, searchText } from '../../src/lib/search-schema';
import { PageHeading } from '../../src/components/layout/page-heading';
import { privacyPolicyQueryOptions } from '../../src/features/accounts/api/get-privacy-policy';
import { RegistrationForm } from '../../src/features/accounts/components/registration-form';
import { storeInvitationToken } from '../../src/features/staff/invitation-token';

/** `einladung`: the token of a staff invitation from /personal, redeemed after the first login */
const registerSearchSchema = searchSchema({ einladung: searchText(200, 10) });

export const Route = createFileRoute('/_app/registrieren')({
  staticData: { access: 'public' },
  validateSearch: (raw) => registerSearchSchema.parse(raw),
  loader: ({ context }) => context.queryClient.ensureQueryData(privacyPolicyQueryOptions()),
  component: RegisterPage,
});

function RegisterPage() {
  const { einladung } = Route.useSearch();
  useEffect(() => {
    if (einladung) storeInvitationToken(einladung);
  }, [einladung]);
  return (
    <Container size="sm" px={0}>
      <PageHeading>Registrieren</PageHeading>
      <RegistrationForm />
    </Container>
  );
}
