import { Fieldset, Grid, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { facilityKinds, operatorKinds, regions } from '../../../shared/contracts/facility-lists';
import { FACILITY_FIELD_LABELS as L } from './facility-field-labels';
import type { FacilityForm } from './use-facility-form';

const choices = (list: readonly string[], placeholder: string) => [{ value: '', label: placeholder }, ...list.map((v) => ({ value: v, label: v }))];

/** All SPEC §2 facility fields in four groups; every field has a visible label and its German message. */
export function FacilityFields({ form }: { form: FacilityForm }) {
  const { textProps, values, setValue, errors } = form;
  const select = (key: 'kind' | 'region' | 'operator_kind') => ({
    value: values[key],
    onChange: (event: { currentTarget: { value: string } }) => setValue(key, event.currentTarget.value),
    error: errors[key],
    name: key,
  });
  return (
    <>
      <Fieldset legend="KiTa">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={L.label} required autoComplete="organization" {...textProps('label')} />
          <NativeSelect label={L.kind} required data={choices(facilityKinds, 'Bitte wählen …')} {...select('kind')} />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend="Anschrift">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={L.street} required autoComplete="street-address" {...textProps('street')} />
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, xs: 4 }}>
              <TextInput label={L.postal_code} required inputMode="numeric" autoComplete="postal-code" {...textProps('postal_code')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 8 }}>
              <TextInput label={L.city} required autoComplete="address-level2" {...textProps('city')} />
            </Grid.Col>
          </Grid>
          <NativeSelect label={L.region} required data={choices(regions, 'Bitte wählen …')} {...select('region')} />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend="Träger">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label={L.operator_name} {...textProps('operator_name')} />
          <NativeSelect label={L.operator_kind} data={choices(operatorKinds, 'Keine Angabe')} {...select('operator_kind')} />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend="Kontakt und Größe">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label={L.phone} type="tel" autoComplete="tel" {...textProps('phone')} />
          <TextInput label={L.email} type="email" autoComplete="email" {...textProps('email')} />
          <TextInput label={L.website} placeholder="https://www.kita.de" {...textProps('website')} />
          <TextInput label={L.children_count} inputMode="numeric" {...textProps('children_count')} />
          <TextInput label={L.staff_count} inputMode="numeric" {...textProps('staff_count')} />
        </SimpleGrid>
      </Fieldset>
    </>
  );
}
