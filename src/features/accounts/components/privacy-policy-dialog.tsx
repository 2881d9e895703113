import { Anchor, Button, List, Modal, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { formatDate } from '../format';

type Props = { version: string | null; publishedAt: string | null; programmeName?: string };

/**
 * The privacy policy in force, in a dialog so a half-filled form stays as it is. The server keeps only the
 * version (GET /api/privacy-policy); the wording ships with the client build of that version.
 */
export function PrivacyPolicyDialog({ version, publishedAt, programmeName = 'KiTa-Portal' }: Props) {
  const [opened, { open, close }] = useDisclosure(false);
  const title = version ? `Datenschutzerklärung (Fassung ${version})` : 'Datenschutzerklärung';
  return (
    <>
      <Anchor component="button" type="button" size="sm" onClick={open} underline="always" style={{ alignSelf: 'flex-start' }}>
        Datenschutzerklärung lesen
      </Anchor>
      <Modal opened={opened} onClose={close} title={title} size="lg" closeButtonProps={{ 'aria-label': 'Schließen' }}>
        <Stack gap="sm">
          {publishedAt && <Text size="sm">Gültig seit {formatDate(publishedAt)}.</Text>}
          <Text>
            Im {programmeName} verarbeiten wir deine Daten nur, damit deine KiTa am Programm teilnehmen kann. Verantwortlich
            ist der Trägerverein des Programms.
          </Text>
          <Title order={3} size="h5">
            Welche Daten wir speichern
          </Title>
          <List size="sm">
            <List.Item>Vorname, Nachname und E-Mail-Adresse deines Benutzerkontos, dein Passwort nur verschlüsselt</List.Item>
            <List.Item>deine KiTa-Zugehörigkeit, Anmeldungen zu Fortbildungen und Veranstaltungen</List.Item>
            <List.Item>deine Einwilligungen mit Datum, deine aktiven Anmeldungen (Gerät, IP-Adresse, zuletzt aktiv)</List.Item>
          </List>
          <Title order={3} size="h5">
            Deine Rechte
          </Title>
          <Text size="sm">
            Unter „Einstellungen“ kannst du deine Daten jederzeit einsehen, als Datei herunterladen, berichtigen und dein
            Benutzerkonto löschen. Den Newsletter kannst du dort jederzeit ab- oder wieder anbestellen. Einträge deiner KiTa
            bleiben nach einer Löschung bei der KiTa, ohne Bezug zu deinem Konto.
          </Text>
          <Button onClick={close} variant="default" style={{ alignSelf: 'flex-end' }}>
            Schließen
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
