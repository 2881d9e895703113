import { Container, Stack } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../src/components/layout/page-heading';
import { privacyPolicyQueryOptions, usePrivacyPolicy } from '../../src/features/accounts/api/get-privacy-policy';
import { PrivacyPolicyText } from '../../src/features/accounts/components/privacy-policy-text';
import { usePublicConfig } from '../../src/features/config/api/get-public-config';

/** The portal's own privacy-policy page, linked in the footer when no PRIVACY_URL is configured. */
export const Route = createFileRoute('/_app/datenschutz')({
  staticData: { access: 'public' },
  loader: ({ context }) => context.queryClient.ensureQueryData(privacyPolicyQueryOptions()),
  component: PrivacyPage,
});

function PrivacyPage() {
  const policy = usePrivacyPolicy();
  const { data: config } = usePublicConfig();
  return (
    <Container size="md" px={0}>
      <PageHeading>{policy.version ? `Datenschutzerklärung (Fassung ${policy.version})` : 'Datenschutzerklärung'}</PageHeading>
      <Stack gap="sm">
        <PrivacyPolicyText publishedAt={policy.publishedAt} programmeName={config?.programmeName} headingOrder={2} />
      </Stack>
    </Container>
  );
}
