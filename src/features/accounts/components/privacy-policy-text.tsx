import { List, Text, Title } from '@mantine/core';
import { formatDate } from '../format';

/**
 * The wording of the privacy policy in force (the server keeps only its version, the text ships with the client
 * build): shown in the dialog next to the consent and on the portal's own page /datenschutz.
 */
export function PrivacyPolicyText({
  publishedAt,
  programmeName = 'KiTa-Portal',
  headingOrder = 3,
}: {
  publishedAt: string | null;
  programmeName?: string;
  headingOrder?: 2 | 3;
}) {
  return (
    <>
      {publishedAt && <Text size="sm">Gültig seit {formatDate(publishedAt)}.</Text>}
      <Text>
        Im {programmeName} verarbeiten wir deine Daten nur, damit deine KiTa am Programm teilnehmen kann. Verantwortlich ist der Trägerverein des
        Programms.
      </Text>
      <Title order={headingOrder} size="h5">
        Welche Daten wir speichern
      </Title>
      <List size="sm">
        <List.Item>Vorname, Nachname und E-Mail-Adresse deines Benutzerkontos, dein Passwort nur verschlüsselt</List.Item>
        <List.Item>deine KiTa-Zugehörigkeit, Anmeldungen zu Fortbildungen und Veranstaltungen</List.Item>
        <List.Item>deine Einwilligungen mit Datum, deine aktiven Sitzungen (Gerät, IP-Adresse, zuletzt aktiv)</List.Item>
      </List>
      <Title order={headingOrder} size="h5">
        Deine Rechte
      </Title>
      <Text size="sm">
        Unter „Einstellungen“ kannst du deine Daten jederzeit einsehen, als Datei herunterladen, berichtigen und dein Benutzerkonto löschen. Den
        Newsletter kannst du dort jederzeit ab- oder wieder anbestellen. Einträge deiner KiTa bleiben nach einer Löschung bei der KiTa, ohne Bezug zu
        deinem Konto.
      </Text>
    </>
  );
}
