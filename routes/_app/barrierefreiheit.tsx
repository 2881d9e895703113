import { Anchor, Container, List, Text, Title } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../src/components/layout/page-heading';
import { usePublicConfig } from '../../src/features/config/api/get-public-config';

export const Route = createFileRoute('/_app/barrierefreiheit')({
  staticData: { access: 'public' },
  component: AccessibilityStatementPage,
});

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/** BITV 2.0 §7: the accessibility statement with its feedback contact (the operator may link its own instead: ACCESSIBILITY_URL). */
function AccessibilityStatementPage() {
  const { data: config } = usePublicConfig();
  const programmeName = config?.programmeName ?? 'KiTa-Portal';
  const contact = config?.accessibilityContact ?? config?.supportEmail ?? '';
  return (
    <Container size="md" px={0}>
      <PageHeading>Erklärung zur Barrierefreiheit</PageHeading>
      <Text mb="md">
        Das {programmeName} soll für alle gut nutzbar sein. Diese Erklärung gilt für dieses Portal. Es richtet sich nach der
        Barrierefreie-Informationstechnik-Verordnung (BITV 2.0) und den Web Content Accessibility Guidelines (WCAG) 2.1 in der Stufe AA.
      </Text>
      <Title order={2} size="h4" mb="xs">
        Stand der Vereinbarkeit
      </Title>
      <Text mb="md">
        Das Portal ist weitgehend mit der BITV 2.0 vereinbar. Jede Seite wird vor einer neuen Fassung automatisch auf Barrieren geprüft, auch in 400 %
        Vergrößerung (320 Pixel Breite) und mit der Tastatur allein.
      </Text>
      <Title order={2} size="h4" mb="xs">
        Was noch nicht barrierefrei ist
      </Title>
      <List mb="md">
        <List.Item>Breite Tabellen der Verwaltung lassen sich auf kleinen Bildschirmen innerhalb der Tabelle seitlich verschieben.</List.Item>
      </List>
      <Title order={2} size="h4" mb="xs">
        Barrieren melden
      </Title>
      <Text mb="md">
        Ist dir etwas aufgefallen, das du nicht oder nur schwer nutzen kannst? Schreib uns, wir antworten dir so schnell wie möglich:{' '}
        {EMAIL.test(contact) ? (
          <Anchor href={`mailto:${contact}`} data-testid="accessibility-contact">
            {contact}
          </Anchor>
        ) : (
          <Text span data-testid="accessibility-contact">
            {contact}
          </Text>
        )}
      </Text>
      <Title order={2} size="h4" mb="xs">
        Schlichtungsverfahren
      </Title>
      <Text>
        Bekommst du auf deine Meldung keine zufriedenstellende Antwort, kannst du dich an die Durchsetzungs- oder Schlichtungsstelle für
        Barrierefreiheit deines Bundeslandes wenden. Das Verfahren ist für dich kostenlos.
      </Text>
    </Container>
  );
}
