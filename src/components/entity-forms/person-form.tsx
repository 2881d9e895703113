import { NativeSelect, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { FormActions } from '../forms/form-actions';
import { useSchemaForm } from '../../lib/use-schema-form';
import { personPositions, salutations } from '../../shared/contracts/facility-lists';
import { personInputSchema, type Person } from '../../shared/contracts/persons';
import { FormAlert } from '../forms/form-alert';
import { FormErrorSummary } from '../forms/form-error-summary';
import type { z } from 'zod';

export type PersonFormData = z.output<typeof personInputSchema>;

type Props = {
  /** the entry to edit, or null for a new one */
  person: Person | null;
  /** the page's write (staff or admin): throws on failure, the form shows why and keeps the input */
  onSubmit: (data: PersonFormData) => Promise<unknown>;
  onCancel: () => void;
  submitLabel: string;
  'aria-label'?: string;
  /** the first field takes focus when the form opens in a dialog */
  autoFocus?: boolean;
};

const valuesOf = (person: Person | null) => ({
  salutation: person?.salutation ?? 'keine Angabe',
  firstName: person?.firstName ?? '',
  lastName: person?.lastName ?? '',
  email: person?.email ?? '',
  phone: person?.phone ?? '',
  position: person?.position ?? '',
});

/** THE staff entry form (SPEC §2 person fields), for the KiTa's staff dialog and the admin's person page. */
export function PersonForm({ person, onSubmit, onCancel, submitLabel, autoFocus, ...rest }: Props) {
  const form = useSchemaForm({ schema: personInputSchema, initialValues: valuesOf(person) });
  return (
    <form noValidate ref={form.formRef} aria-label={rest['aria-label']} onSubmit={(event) => void form.onSubmit(onSubmit)(event)}>
      <Stack>
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NativeSelect label="Anrede" data={[...salutations]} {...form.input('salutation')} />
          <NativeSelect
            label="Funktion"
            required
            data={[{ value: '', label: 'Bitte wählen …' }, ...personPositions.map((p) => ({ value: p, label: p }))]}
            {...form.input('position')}
          />
          <TextInput label="Vorname" required data-autofocus={autoFocus || undefined} {...form.input('firstName')} />
          <TextInput label="Nachname" required {...form.input('lastName')} />
          <TextInput label="E-Mail" type="email" description="Nötig, um die Person einzuladen." {...form.input('email')} />
          <TextInput label="Telefon" type="tel" {...form.input('phone')} />
        </SimpleGrid>
        <FormAlert failure={form.failure} />
        <FormErrorSummary errors={form.errors} />
        <FormActions submitLabel={submitLabel} submitting={form.submitting} onCancel={onCancel} unsaved={form.dirty} />
      </Stack>
    </form>
  );
}
