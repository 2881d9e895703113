import { Fieldset, Grid, NativeSelect, SimpleGrid, TextInput } from '@mantine/core';
import { facilityKinds, operatorKinds, regions } from '../../../shared/contracts/facility-lists';
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
          <TextInput label="Name der KiTa" required autoComplete="organization" {...textProps('label')} />
          <NativeSelect label="Art der Einrichtung" required data={choices(facilityKinds, 'Bitte wählen …')} {...select('kind')} />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend="Anschrift">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Straße und Hausnummer" required autoComplete="street-address" {...textProps('street')} />
          <Grid gap="sm">
            <Grid.Col span={{ base: 12, xs: 4 }}>
              <TextInput label="Postleitzahl" required inputMode="numeric" autoComplete="postal-code" {...textProps('postal_code')} />
            </Grid.Col>
            <Grid.Col span={{ base: 12, xs: 8 }}>
              <TextInput label="Ort" required autoComplete="address-level2" {...textProps('city')} />
            </Grid.Col>
          </Grid>
          <NativeSelect label="Regierungsbezirk" required data={choices(regions, 'Bitte wählen …')} {...select('region')} />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend="Träger">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Name des Trägers" {...textProps('operator_name')} />
          <NativeSelect label="Art des Trägers" data={choices(operatorKinds, 'Keine Angabe')} {...select('operator_kind')} />
        </SimpleGrid>
      </Fieldset>
      <Fieldset legend="Kontakt und Größe">
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <TextInput label="Telefon" type="tel" autoComplete="tel" {...textProps('phone')} />
          <TextInput label="E-Mail der KiTa" type="email" autoComplete="email" {...textProps('email')} />
          <TextInput label="Internetseite" placeholder="https://www.kita.de" {...textProps('website')} />
          <TextInput label="Zahl der Kinder" inputMode="numeric" {...textProps('children_count')} />
          <TextInput label="Zahl der Mitarbeitenden" inputMode="numeric" {...textProps('staff_count')} />
        </SimpleGrid>
      </Fieldset>
    </>
  );
}
