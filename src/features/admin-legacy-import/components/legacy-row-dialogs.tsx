import { Alert, Button, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useLayoutEffect, useState } from 'react';
import { FacilityChooser } from '../../../components/facility-chooser/facility-chooser';
import { FormAlert } from '../../../components/forms/form-alert';
import { reportError } from '../../../lib/api-client';
import { useSchemaForm } from '../../../lib/use-schema-form';
import {
  legacyFieldLabels,
  legacyRowFixSchema,
  type LegacyField,
  type LegacyImport,
  type LegacyImportRowDto,
} from '../../../shared/contracts/legacy-imports';
import { useCorrectRow, useFixRowMatch } from '../api/import-actions';

/**
 * The focus after a row's dialog closes (saved, "Abbrechen", Escape): back on the button that opened it; when that
 * row left the table meanwhile (corrected under the filter "Fehler"), on the page's status line. The dialogs are
 * mounted while open only, so Mantine's own returnFocus never runs.
 */
function useFocusAfterClose(openerId: string, fallback: () => void) {
  useLayoutEffect(
    () => () => {
      // after the table's refetch has settled: the opener may have gone with its row
      requestAnimationFrame(() => {
        if (document.activeElement && document.activeElement !== document.body) return;
        const opener = document.getElementById(openerId);
        if (opener) opener.focus();
        else fallback();
      });
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the opener and fallback of the dialog as it opened, once
    [],
  );
}

export const fixButtonId = (row: LegacyImportRowDto) => `legacy-row-fix-${row.id}`;
export const findButtonId = (row: LegacyImportRowDto) => `legacy-row-find-${row.id}`;

const rowMessages = (row: LegacyImportRowDto) => Object.entries(row.errors).filter(([key]) => key === 'row' || key === 'cells');

/**
 * "Zeile korrigieren": the row's cells per mapped field, in the file's order, each with the server's message of what
 * is wrong. "Speichern und prüfen" sends them; the server reads the row again with the upload's rules. A row still in
 * error stays open with the new messages (the focus on the first); a good row closes the dialog.
 */
export function CorrectRowDialog({
  imp,
  row,
  onClose,
  onSaved,
  onFocusFallback,
}: {
  imp: LegacyImport;
  row: LegacyImportRowDto;
  onClose: () => void;
  onSaved: (row: LegacyImportRowDto) => void;
  onFocusFallback: () => void;
}) {
  useFocusAfterClose(fixButtonId(row), onFocusFallback);
  const fields = imp.columns.flatMap((field, at) => (field ? [{ field, header: imp.headers[at] || `Spalte ${at + 1}` }] : []));
  const initialValues = Object.fromEntries(fields.map(({ field }) => [field, row.fields[field] ?? ''])) as Record<LegacyField, string>;
  const form = useSchemaForm({ schema: legacyRowFixSchema.shape.fields, initialValues });
  const [current, setCurrent] = useState(row);
  const correct = useCorrectRow();
  const [saveError, setSaveError] = useState<string | null>(null);
  const showRowErrors = (next: LegacyImportRowDto) => {
    const onFields = Object.fromEntries(Object.entries(next.errors).filter(([key]) => key in initialValues));
    form.setErrors(onFields);
  };
  const submit = form.onSubmit(async (values) => {
    setSaveError(null);
    const next = await correct.mutateAsync({ id: imp.id, rowId: row.id, fields: values });
    setCurrent(next);
    if (next.state === 'error') {
      setSaveError('Die Zeile hat noch Fehler. Korrigiere die markierten Felder oder überspringe die Zeile.');
      showRowErrors(next);
    } else onSaved(next);
  });
  // the messages of the row as it is now stand at their fields from the start
  useLayoutEffect(() => {
    const onFields = Object.fromEntries(Object.entries(row.errors).filter(([key]) => key in initialValues));
    if (Object.keys(onFields).length > 0) form.setErrors(onFields);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, as the dialog opens
  }, []);
  return (
    <Modal opened onClose={onClose} title={`Zeile ${row.rowNo} korrigieren`} size="lg" closeButtonProps={{ 'aria-label': 'Schließen' }}>
      <form ref={form.formRef} onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm">
            Du änderst die Zeile nur in dieser Vorschau, nicht in der Datei. Sie wird danach mit denselben Regeln geprüft wie beim Hochladen und der
            KiTa im Portal neu zugeordnet.
          </Text>
          {rowMessages(current).map(([key, message]) => (
            <Alert key={key} color="yellow" title={key === 'row' ? 'Zur Zeile' : 'Zu den Zellen'}>
              {message}
            </Alert>
          ))}
          {saveError && (
            <Alert color="red" role="alert" title="Noch nicht richtig">
              {saveError}
            </Alert>
          )}
          <FormAlert failure={form.failure} />
          {fields.map(({ field, header }) => {
            const label = `${legacyFieldLabels[field]} (Spalte „${header}“)`;
            return field === 'remark' ? (
              <Textarea key={field} label={label} autosize minRows={2} maxRows={6} {...form.input(field)} />
            ) : (
              <TextInput key={field} label={label} {...form.input(field)} data-autofocus={field === fields[0]?.field || undefined} />
            );
          })}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Abbrechen
            </Button>
            <Button type="submit" loading={correct.isPending}>
              Speichern und prüfen
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/**
 * "Andere KiTa suchen": any KiTa of the portal for a row, found by name, place or PLZ (the admin KiTa list's search),
 * not only the suggestions of its PLZ.
 */
export function FindFacilityDialog({
  imp,
  row,
  onClose,
  onFocusFallback,
}: {
  imp: LegacyImport;
  row: LegacyImportRowDto;
  onClose: () => void;
  onFocusFallback: () => void;
}) {
  useFocusAfterClose(findButtonId(row), onFocusFallback);
  const [chosen, setChosen] = useState<string | null>(null);
  const [missing, setMissing] = useState(false);
  const fix = useFixRowMatch();
  const assign = () => {
    if (!chosen) return setMissing(true);
    fix.mutate(
      { id: imp.id, rowId: row.id, facilityId: Number(chosen) },
      { onSuccess: onClose, onError: (err) => reportError(err, 'Die Zuordnung wurde nicht gespeichert.') },
    );
  };
  return (
    <Modal opened onClose={onClose} title={`KiTa für Zeile ${row.rowNo} suchen`} size="lg" closeButtonProps={{ 'aria-label': 'Schließen' }}>
      <Stack gap="sm">
        <Text size="sm">
          In der Datei: {row.label} ({[row.postalCode, row.city].filter(Boolean).join(' ')}). Wähle die KiTa im Portal, zu der die Zeile gehört.
        </Text>
        <FacilityChooser
          label="KiTa im Portal"
          value={chosen}
          onChange={(next) => {
            setChosen(next);
            setMissing(false);
          }}
          error={missing ? 'Bitte wähle eine KiTa.' : undefined}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Abbrechen
          </Button>
          <Button onClick={assign} loading={fix.isPending}>
            Zuordnen
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
