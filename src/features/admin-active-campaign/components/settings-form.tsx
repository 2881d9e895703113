import { Alert, Button, Group, NativeSelect, PasswordInput, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { useState } from 'react';
import { FormActions } from '../../../components/forms/form-actions';
import { FormAlert } from '../../../components/forms/form-alert';
import { notify } from '../../../lib/notifications';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { acSettingsUpdateSchema, type AcSettings, type AcTagNamesDto, type AcTestResult } from '../../../shared/contracts/active-campaign';
import { useSaveAcSettings } from '../api/save-settings';
import { useTestAcConnection } from '../api/test-connection';
import { CreateListDialog } from './create-list-dialog';

type Values = { url: string; key: string; listId: string; nightlyHour: string } & AcTagNamesDto;

const TAG_FIELDS: [keyof AcTagNamesDto, string, string][] = [
  ['managed', 'Tag „vom Portal verwaltet“', 'Nur Kontakte mit diesem Tag ändert das Portal.'],
  ['enrolled', 'Tag „angemeldet im aktuellen KiTa-Jahr“', ''],
  ['documentationSubmitted', 'Tag „Dokumentation eingereicht“', ''],
  ['documentationApproved', 'Tag „Dokumentation angenommen“', ''],
  ['awarded', 'Tag „ausgezeichnet“', 'KiTas, die zur Auszeichnung zugelassen sind oder in einem früheren KiTa-Jahr ausgezeichnet wurden.'],
  ['regionPrefix', 'Tag-Anfang „Regierungsbezirk“', 'Dahinter folgt der Regierungsbezirk, z. B. „… Oberbayern“.'],
  ['functionPrefix', 'Tag-Anfang „Funktion“', 'Dahinter folgt die Funktion, z. B. „… Leitung“.'],
];

const hours = Array.from({ length: 24 }, (_, h) => ({ value: String(h), label: `täglich um ${String(h).padStart(2, '0')}:00 Uhr` }));

const valuesOf = (s: AcSettings): Values => ({
  url: s.url,
  key: '',
  listId: s.listId,
  nightlyHour: s.nightlyHour === null ? '' : String(s.nightlyHour),
  ...s.tagNames,
});

/** API-URL, API-Schlüssel (write-only), "Verbindung testen", the "Liste" from the account, tag names, schedule */
export function SettingsForm({ settings }: { settings: AcSettings }) {
  const [lists, setLists] = useState<{ id: string; name: string }[]>(settings.listId ? [{ id: settings.listId, name: settings.listName }] : []);
  const [tested, setTested] = useState<AcTestResult | null>(null);
  const [creating, setCreating] = useState(false);
  const save = useSaveAcSettings();
  const test = useTestAcConnection();
  const form = useSchemaForm({
    schema: acSettingsUpdateSchema,
    initialValues: valuesOf(settings),
    toInput: (v) => ({
      url: v.url,
      key: v.key,
      listId: v.listId,
      listName: lists.find((l) => l.id === v.listId)?.name ?? '',
      nightlyHour: v.nightlyHour === '' ? null : Number(v.nightlyHour),
      version: settings.version,
      tagNames: Object.fromEntries(TAG_FIELDS.map(([k]) => [k, v[k]])),
    }),
  });

  const submit = form.onSubmit(async (data) => {
    const saved = await save.mutateAsync(data);
    form.reset(valuesOf(saved));
    notify({ message: 'ActiveCampaign-Einstellungen gespeichert.' });
  });

  /** the account as typed: an empty key means the stored one */
  const connection = () => ({ url: form.values.url.trim() || undefined, key: form.values.key.trim() || undefined });

  const runTest = async () => {
    const result = await test.mutateAsync(connection());
    setTested(result);
    if (result.ok) {
      setLists(result.lists);
      if (!result.lists.some((l) => l.id === form.values.listId) && result.lists.length === 1) form.setValue('listId', result.lists[0]!.id);
    }
  };

  const keyHint = settings.keySet
    ? `Gespeichert ist ein Schlüssel, der auf „${settings.keyLast4}“ endet. Leer lassen, um ihn zu behalten; für eine neue Adresse gib ihn neu ein.`
    : 'Den Schlüssel findest du in ActiveCampaign unter Einstellungen → Entwickler.';

  return (
    <>
      <form onSubmit={(event) => void submit(event)} noValidate ref={form.formRef}>
        <Stack gap="sm">
          <Title order={2} size="h3">
            Verbindung
          </Title>
          <FormAlert failure={form.failure} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="API-URL" description="beginnt mit https://, z. B. https://deinkonto.api-us1.com" required {...form.input('url')} />
            <PasswordInput label="API-Schlüssel" description={keyHint} autoComplete="off" {...form.input('key')} />
          </SimpleGrid>
          <Group>
            <Button variant="default" onClick={() => void runTest()} loading={test.isPending}>
              Verbindung testen
            </Button>
          </Group>
          <div aria-live="polite">
            {tested && (
              <Alert color={tested.ok ? 'green' : 'red'} title={tested.ok ? 'Verbindung steht' : 'Keine Verbindung'}>
                {tested.message}
              </Alert>
            )}
          </div>
          <Group align="flex-end" wrap="wrap">
            <NativeSelect
              style={{ flex: '1 1 16rem' }}
              label="Liste"
              description={lists.length === 0 ? 'Teste zuerst die Verbindung: Dann stehen hier die Listen deines ActiveCampaign-Kontos.' : undefined}
              data={[{ value: '', label: 'Bitte wählen' }, ...lists.map((l) => ({ value: l.id, label: l.name }))]}
              {...form.input('listId')}
            />
            <Button variant="default" onClick={() => setCreating(true)} disabled={!tested?.ok}>
              Neue Liste anlegen
            </Button>
          </Group>
          <Title order={2} size="h3">
            Tags
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {TAG_FIELDS.map(([key, label, description]) => (
              <TextInput key={key} label={label} description={description || undefined} required {...form.input(key)} />
            ))}
          </SimpleGrid>
          <NativeSelect label="Automatischer Abgleich" data={[{ value: '', label: 'aus' }, ...hours]} {...form.input('nightlyHour')} />
          <Text size="sm" c="dimmed">
            Es werden nur Benutzerkonten mit Newsletter-Einwilligung übertragen. Wer die Einwilligung zurückzieht oder sein Konto löscht, wird beim
            nächsten Abgleich abgemeldet.
          </Text>
          <FormActions submitLabel="Speichern" submitting={save.isPending} unsaved={form.dirty} />
        </Stack>
      </form>
      {/* outside the settings form: its submit must not bubble into "Speichern" */}
      <CreateListDialog
        opened={creating}
        onClose={() => setCreating(false)}
        connection={connection()}
        onCreated={(list) => {
          setLists((current) => [...current.filter((l) => l.id !== list.id), list]);
          form.setValue('listId', list.id);
        }}
      />
    </>
  );
}
