import { Alert, Button, Group, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useSubmitFeedback } from '../../../lib/form-errors';
import { notify } from '../../../lib/notifications';
import { facilityUpdateSchema, type Facility } from '../../../shared/contracts/facilities';
import { facilityKinds, operatorKinds, regions } from '../../../shared/contracts/facility-lists';
import { useUpdateAdminFacility } from '../api/update-facility';

type TextKey = 'label' | 'street' | 'postal_code' | 'city' | 'operator_name' | 'phone' | 'email' | 'website';
type Values = Record<TextKey | 'kind' | 'region' | 'operator_kind' | 'children_count' | 'staff_count', string>;

const TEXT_FIELDS: [TextKey, string, boolean][] = [
  ['label', 'Name der KiTa', true],
  ['street', 'Straße und Hausnummer', true],
  ['postal_code', 'Postleitzahl', true],
  ['city', 'Ort', true],
  ['operator_name', 'Träger', false],
  ['phone', 'Telefon', false],
  ['email', 'E-Mail', false],
  ['website', 'Internetseite', false],
];

const toValues = (f: Facility): Values => ({
  label: f.label,
  kind: f.kind,
  street: f.street,
  postal_code: f.postal_code,
  city: f.city,
  region: f.region,
  operator_name: f.operator_name,
  operator_kind: f.operator_kind,
  phone: f.phone,
  email: f.email,
  website: f.website,
  children_count: f.children_count === null ? '' : String(f.children_count),
  staff_count: f.staff_count === null ? '' : String(f.staff_count),
});

const toCount = (v: string) => (v.trim() === '' ? null : Number(v));

/** Edit a KiTa's master data on its behalf; a stale version (409) is told and the input kept. */
export function FacilityMasterForm({ facility, onDone }: { facility: Facility; onDone: () => void }) {
  const [values, setValues] = useState<Values>(() => toValues(facility));
  const { errors, alert, setAlert, parse, onFailure } = useSubmitFeedback();
  const update = useUpdateAdminFacility();
  const set = (key: keyof Values, value: string) => setValues((v) => ({ ...v, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const data = parse(facilityUpdateSchema, {
      ...values,
      children_count: toCount(values.children_count),
      staff_count: toCount(values.staff_count),
      version: facility.version,
    });
    if (data === null) return;
    setAlert(null);
    update.mutate(
      { id: facility.id, input: data },
      {
        onSuccess: () => {
          notify({ message: 'Die Stammdaten sind gespeichert.' });
          onDone();
        },
        onError: onFailure('Die Stammdaten konnten nicht gespeichert werden.'),
      },
    );
  };

  const select = (key: 'kind' | 'region' | 'operator_kind', label: string, data: readonly string[]) => (
    <NativeSelect label={label} data={[...data]} value={values[key]} onChange={(e) => set(key, e.currentTarget.value)} error={errors[key]} />
  );

  return (
    <form onSubmit={submit} noValidate aria-label="Stammdaten bearbeiten">
      <Stack gap="sm">
        {alert && (
          <Alert color="red" role="alert" title="Nicht gespeichert">
            {alert}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, md: 3 }}>
          {TEXT_FIELDS.map(([key, label, required]) => (
            <TextInput key={key} label={label} required={required} value={values[key]} onChange={(e) => set(key, e.currentTarget.value)} error={errors[key]} />
          ))}
          {select('kind', 'Art der Einrichtung', facilityKinds)}
          {select('region', 'Regierungsbezirk', regions)}
          {select('operator_kind', 'Art des Trägers', operatorKinds)}
          <TextInput label="Zahl der Kinder" inputMode="numeric" value={values.children_count} onChange={(e) => set('children_count', e.currentTarget.value)} error={errors.children_count} />
          <TextInput label="Zahl der Mitarbeitenden" inputMode="numeric" value={values.staff_count} onChange={(e) => set('staff_count', e.currentTarget.value)} error={errors.staff_count} />
        </SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Abbrechen
          </Button>
          <Button type="submit" loading={update.isPending}>
            Stammdaten speichern
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
