import { Fieldset, Grid, NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { FormActions } from '../forms/form-actions';
import { useState, type ReactNode } from 'react';
import type { z } from 'zod';
import { reportError } from '../../lib/api-client';
import { countText, toCount, useSchemaForm } from '../../lib/use-schema-form';
import { facilityEditSchema, facilityInputSchema, type Facility } from '../../shared/contracts/facilities';
import { facilityKinds, operatorKinds, regions } from '../../shared/contracts/facility-lists';
import { FormAlert } from '../forms/form-alert';
import { FormErrorSummary } from '../forms/form-error-summary';
import { FACILITY_FIELD_LABELS as L } from '../../shared/field-labels';

/** What the inputs hold: text exactly as typed, so a bad entry is corrected, not lost. */
export type FacilityFormValues = Record<
  | 'label'
  | 'kind'
  | 'street'
  | 'postalCode'
  | 'city'
  | 'region'
  | 'operatorName'
  | 'operatorKind'
  | 'phone'
  | 'email'
  | 'website'
  | 'childrenCount'
  | 'staffCount',
  string
>;
/** a new KiTa's kind is chosen (facilityInputSchema); an existing KiTa's may stay "Keine Angabe" (facilityEditSchema) */
export type FacilityFormData = z.output<typeof facilityEditSchema>;

export function facilityValuesOf(facility: Facility | null): FacilityFormValues {
  return {
    label: facility?.label ?? '',
    kind: facility?.kind ?? '',
    street: facility?.street ?? '',
    postalCode: facility?.postalCode ?? '',
    city: facility?.city ?? '',
    region: facility?.region ?? '',
    operatorName: facility?.operatorName ?? '',
    operatorKind: facility?.operatorKind ?? '',
    phone: facility?.phone ?? '',
    email: facility?.email ?? '',
    website: facility?.website ?? '',
    childrenCount: countText(facility?.childrenCount),
    staffCount: countText(facility?.staffCount),
  };
}

const toFacilityInput = (values: FacilityFormValues) => ({
  ...values,
  // "Keine Angabe" (kind of an existing KiTa, operator kind) is sent as it is: empty, never a default
  childrenCount: toCount(values.childrenCount),
  staffCount: toCount(values.staffCount),
});

const choices = (list: readonly string[], placeholder: string) => [{ value: '', label: placeholder }, ...list.map((v) => ({ value: v, label: v }))];

type Props = {
  /** the KiTa to edit, or null to register a new one */
  facility: Facility | null;
  /**
   * The page's write (KiTa or admin) with the version the form read (null for a new KiTa). Throws on failure: the
   * form shows why and keeps the input. Returning normally without saving (e.g. to show duplicates first) is fine.
   */
  onSubmit: (data: FacilityFormData, version: number | null) => Promise<unknown>;
  submitLabel: string | ((values: FacilityFormValues) => string);
  onCancel?: () => void;
  /** after a 409: loads the current state, which replaces the input (offered as a button in the conflict alert) */
  onReload?: () => Promise<Facility>;
  /** shown between the fields and the buttons, e.g. the duplicates found for the name and postal code typed */
  extra?: (values: FacilityFormValues) => ReactNode;
  'aria-label': string;
};

/** THE facility master-data form (SPEC §2 fields in four groups), for /neue-kita, /stammdaten and the admin's KiTa page. */
export function FacilityForm({ facility, onSubmit, submitLabel, onCancel, onReload, extra, ...rest }: Props) {
  const form = useSchemaForm({
    schema: facility ? facilityEditSchema : facilityInputSchema,
    initialValues: facilityValuesOf(facility),
    toInput: toFacilityInput,
  });
  const [version, setVersion] = useState(facility?.version ?? null);
  const { input, values } = form;

  async function reload() {
    if (!onReload) return;
    try {
      const current = await onReload();
      form.reset(facilityValuesOf(current));
      setVersion(current.version);
    } catch (error) {
      reportError(error, 'Der aktuelle Stand konnte nicht geladen werden.');
    }
  }

  return (
    <form
      noValidate
      ref={form.formRef}
      aria-label={rest['aria-label']}
      onSubmit={(event) => void form.onSubmit((data) => onSubmit(data, version))(event)}
    >
      <Stack gap="lg" maw={960}>
        <Fieldset legend="KiTa">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={L.label} required autoComplete="organization" {...input('label')} />
            {/* a new KiTa says its kind; an existing one may keep "Keine Angabe" (an imported KiTa: nobody said it) */}
            <NativeSelect
              label={L.kind}
              required={!facility}
              data={choices(facilityKinds, facility ? 'Keine Angabe' : 'Bitte wählen …')}
              {...input('kind')}
            />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Anschrift">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={L.street} required autoComplete="street-address" {...input('street')} />
            <Grid gap="sm">
              <Grid.Col span={{ base: 12, xs: 4 }}>
                <TextInput label={L.postalCode} required inputMode="numeric" autoComplete="postal-code" {...input('postalCode')} />
              </Grid.Col>
              <Grid.Col span={{ base: 12, xs: 8 }}>
                <TextInput label={L.city} required autoComplete="address-level2" {...input('city')} />
              </Grid.Col>
            </Grid>
            <NativeSelect label={L.region} required data={choices(regions, 'Bitte wählen …')} {...input('region')} />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Träger">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label={L.operatorName} {...input('operatorName')} />
            <NativeSelect label={L.operatorKind} data={choices(operatorKinds, 'Keine Angabe')} {...input('operatorKind')} />
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Kontakt und Größe">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <TextInput label={L.phone} type="tel" autoComplete="tel" {...input('phone')} />
            <TextInput label={L.email} type="email" autoComplete="email" {...input('email')} />
            <TextInput label={L.website} placeholder="https://www.kita.de" {...input('website')} />
            <TextInput label={L.childrenCount} inputMode="numeric" {...input('childrenCount')} />
            <TextInput label={L.staffCount} inputMode="numeric" {...input('staffCount')} />
          </SimpleGrid>
        </Fieldset>
        {extra?.(values)}
        <FormAlert failure={form.failure} onReload={onReload && reload} />
        <FormErrorSummary errors={form.errors} />
        <FormActions
          submitLabel={typeof submitLabel === 'function' ? submitLabel(values) : submitLabel}
          submitting={form.submitting}
          onCancel={onCancel}
          unsaved={form.dirty}
        />
      </Stack>
    </form>
  );
}
