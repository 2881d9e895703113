import { Alert, Button, Group, Stack } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { FormErrorSummary } from '../../../components/forms/form-error-summary';
import { reportError } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';
import type { Facility } from '../../../shared/contracts/facilities';
import { useUpdateFacility } from '../api/update-facility';
import { FacilityFields } from './facility-fields';
import { facilityValuesOf, useFacilityForm } from './use-facility-form';

type Props = {
  facility: Facility;
  onSaved: (facility: Facility) => void;
  onCancel: () => void;
  /** loads the current state from the server (after a conflict) */
  onReload: () => Promise<Facility>;
};

/**
 * Edits the master data with the version it read. A stale version (409) is told in German and the input stays,
 * so nothing typed is lost; "Aktuellen Stand laden" replaces it with what the other person saved.
 */
export function EditFacilityForm({ facility, onSaved, onCancel, onReload }: Props) {
  const form = useFacilityForm(facilityValuesOf(facility));
  const update = useUpdateFacility(facility.id);
  const [conflict, setConflict] = useState<string | null>(null);
  const [version, setVersion] = useState(facility.version);

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    const input = form.parse();
    if (!input) return;
    setConflict(null);
    try {
      const saved = await update.mutateAsync({ ...input, version });
      notify({ message: 'Die Stammdaten sind gespeichert.' });
      onSaved(saved);
    } catch (error) {
      form.showSaveError(error, { onConflict: setConflict, fallback: 'Die Stammdaten konnten nicht gespeichert werden.' });
    }
  }

  async function reload() {
    try {
      const current = await onReload();
      form.setValues(facilityValuesOf(current));
      form.setErrors({});
      setVersion(current.version);
      setConflict(null);
    } catch (error) {
      reportError(error, 'Der aktuelle Stand konnte nicht geladen werden.');
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate ref={form.formRef} aria-label="Stammdaten bearbeiten">
      <Stack gap="lg" maw={960}>
        <FacilityFields form={form} />
        {conflict && (
          <Alert color="orange" role="alert" title="Jemand war schneller">
            <Stack gap="xs">
              {conflict}
              <Group>
                <Button size="xs" variant="default" onClick={() => void reload()}>
                  Aktuellen Stand laden (deine Eingaben werden verworfen)
                </Button>
              </Group>
            </Stack>
          </Alert>
        )}
        <FormErrorSummary errors={form.errors} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel} disabled={update.isPending}>
            Abbrechen
          </Button>
          <Button type="submit" loading={update.isPending}>
            Speichern
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
