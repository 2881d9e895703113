import { Anchor, Container, Text } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../src/components/layout/page-heading';
import { usePublicConfig } from '../../src/features/config/api/get-public-config';

/** Linked in the footer when no IMPRINT_URL is configured: at least who runs the portal and how to reach them. */
export const Route = createFileRoute('/_app/impressum')({
  staticData: { access: 'public' },
  component: ImprintPage,
});

function ImprintPage() {
  const { data: config } = usePublicConfig();
  const email = config?.supportEmail ?? '';
  return (
    <Container size="md" px={0}>
      <PageHeading>Impressum</PageHeading>
      <Text mb="md">Das {config?.programmeName ?? 'KiTa-Portal'} wird vom Trägerverein des Programms betrieben.</Text>
      <Text>
        Kontakt: {email && <Anchor href={`mailto:${email}`}>{email}</Anchor>}
        {config?.supportPhone ? `, Telefon ${config.supportPhone}` : ''}
      </Text>
    </Container>
  );
}
