import { Button, Group, Text } from '@mantine/core';
import { reportError } from '../../../../lib/api-client';
import { saveFile } from '../../../../lib/download';
import { useExportDataMutation } from '../../api/export-data';
import { SettingsSection } from './settings-section';

/** Everything the portal holds about the account, as one JSON file (SPEC §4). */
export function DataExportSection() {
  const mutation = useExportDataMutation();
  return (
    <SettingsSection title="Meine Daten">
      <Text size="sm">
        Lade alles herunter, was das Portal über dich gespeichert hat: Benutzerkonto, Einwilligungen, KiTa-Zugehörigkeiten, Personaleinträge,
        Anmeldungen und Sitzungen – als JSON-Datei.
      </Text>
      <Group>
        <Button
          variant="default"
          loading={mutation.isPending}
          onClick={() =>
            void mutation.mutateAsync().then(
              ({ blob, filename }) => saveFile(blob, filename),
              (error: unknown) => reportError(error, 'Deine Daten konnten nicht heruntergeladen werden.'),
            )
          }
        >
          Meine Daten herunterladen
        </Button>
      </Group>
    </SettingsSection>
  );
}
