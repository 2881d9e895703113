import { Anchor, Checkbox, Fieldset, List, NativeSelect, SimpleGrid, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { FormActions } from '../forms/form-actions';
import { Link } from '@tanstack/react-router';
import type { z } from 'zod';
import { countText, toCount, useSchemaForm } from '../../lib/use-schema-form';
import { projectTopics } from '../../shared/contracts/facility-lists';
import { seasonEnrolmentInputSchema, type SeasonEnrolment } from '../../shared/contracts/season-enrolment';
import { FormAlert } from '../forms/form-alert';
import { FormErrorSummary } from '../forms/form-error-summary';

export type ContactOption = { id: number; name: string };

/** a staff entry as a choice of contact person: "Jördis Größer (Leitung)" */
export const contactOptionOf = (p: { id: number; firstName: string; lastName: string; position: string | null }): ContactOption => ({
  id: p.id,
  name: `${p.firstName} ${p.lastName}${p.position ? ` (${p.position})` : ''}`,
});
export type EnrolmentFormData = z.output<typeof seasonEnrolmentInputSchema>;

type Props = {
  /** the enrolment to change, or null to enrol */
  enrolment: SeasonEnrolment | null;
  /** the KiTa's staff list: the contact person is one of them */
  contacts: ContactOption[];
  /** the page's write (the KiTa's own, or an admin's on its behalf): throws on failure, the form shows why and keeps the input */
  onSubmit: (data: EnrolmentFormData) => Promise<unknown>;
  onCancel?: () => void;
  submitLabel: string;
  /** an admin enrols the KiTa (e.g. after a phone call): the texts speak about the KiTa, not to it */
  onBehalf?: boolean;
  'aria-label'?: string;
};

type Values = {
  projectTopics: string[];
  projectTitle: string;
  contactPersonId: string;
  groupsTakingPart: string;
  childrenTakingPart: string;
  acceptedTerms: boolean;
};

const valuesOf = (e: SeasonEnrolment | null): Values => ({
  projectTopics: e?.projectTopics ?? [],
  projectTitle: e?.projectTitle ?? '',
  contactPersonId: e?.contactPersonId ? String(e.contactPersonId) : '',
  groupsTakingPart: e?.groupsTakingPart ?? '',
  childrenTakingPart: countText(e?.childrenTakingPart),
  acceptedTerms: e ? e.acceptedTermsAt !== null : false,
});

const toInput = (v: Values) => ({
  ...v,
  contactPersonId: v.contactPersonId === '' ? undefined : Number(v.contactPersonId),
  childrenTakingPart: toCount(v.childrenTakingPart) ?? undefined,
});

const texts = {
  own: { project: 'Euer Projekt', contacts: 'Aus eurem Personal.', terms: 'Ich akzeptiere die Teilnahmebedingungen.' },
  onBehalf: { project: 'Projekt der KiTa', contacts: 'Aus dem Personal der KiTa.', terms: 'Die KiTa hat den Teilnahmebedingungen zugestimmt.' },
};

/**
 * THE season enrolment form (SPEC §2 enrolment fields), for the KiTa's own enrolment and an admin's enrolment on
 * its behalf; a stale change (409) keeps the input.
 */
export function EnrolmentForm({ enrolment, contacts, onSubmit, onCancel, submitLabel, onBehalf = false, ...rest }: Props) {
  const form = useSchemaForm({ schema: seasonEnrolmentInputSchema, initialValues: valuesOf(enrolment), toInput });
  const t = onBehalf ? texts.onBehalf : texts.own;
  // a contact person removed from the staff list since still shows as chosen, marked, until someone else is picked
  const options =
    enrolment?.contactPersonId && !contacts.some((c) => c.id === enrolment.contactPersonId)
      ? [...contacts, { id: enrolment.contactPersonId, name: `${enrolment.contactPersonName ?? 'Unbekannt'} (nicht mehr im Personal)` }]
      : contacts;

  return (
    <form onSubmit={(event) => void form.onSubmit(onSubmit)(event)} noValidate ref={form.formRef} aria-label={rest['aria-label']}>
      <Stack gap="lg" maw={960}>
        <Fieldset legend={t.project}>
          <Stack>
            <Checkbox.Group label="Themen des Projekts" description="Wähle ein oder mehrere Themen." required {...form.field('projectTopics')}>
              <SimpleGrid cols={{ base: 2, sm: 3 }} mt="xs" spacing="xs">
                {projectTopics.map((topic) => (
                  <Checkbox key={topic} value={topic} label={topic} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
            <TextInput label="Arbeitstitel des Projekts" required {...form.input('projectTitle')} />
          </Stack>
        </Fieldset>
        <Fieldset legend="Wer macht mit?">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <NativeSelect
              label="Ansprechperson"
              required
              description={contacts.length === 0 ? undefined : t.contacts}
              data={[{ value: '', label: 'Bitte wählen …' }, ...options.map((c) => ({ value: String(c.id), label: c.name }))]}
              {...form.input('contactPersonId')}
            />
            <TextInput label="Zahl der teilnehmenden Kinder" required inputMode="numeric" {...form.input('childrenTakingPart')} />
          </SimpleGrid>
          {contacts.length === 0 &&
            (onBehalf ? (
              <Text size="sm" mt="xs">
                Im Personal der KiTa steht noch niemand. Trag dort zuerst eine Person ein, die als Ansprechperson genannt werden kann.
              </Text>
            ) : (
              <Text size="sm" mt="xs">
                Euer Personal ist noch leer.{' '}
                <Anchor component={Link} to="/personal">
                  Trag zuerst unter „Personal“ eine Person ein
                </Anchor>
                , die ihr als Ansprechperson nennen könnt.
              </Text>
            ))}
          <Textarea
            mt="md"
            label="Teilnehmende Gruppen"
            description="Zum Beispiel „Igelgruppe, Vorschulkinder“."
            rows={2}
            {...form.input('groupsTakingPart')}
          />
        </Fieldset>
        <Fieldset legend="Teilnahmebedingungen">
          <List size="sm" spacing={4} mb="sm">
            <List.Item>Ihr führt im KiTa-Jahr ein Projekt zu Umwelt und Nachhaltigkeit mit den Kindern durch.</List.Item>
            <List.Item>Ihr dokumentiert das Projekt bis zur Frist im Dokumentationsbogen.</List.Item>
            <List.Item>Eure Angaben dürfen für die Durchführung des Programms und die Auszeichnung genutzt werden.</List.Item>
          </List>
          <Checkbox label={t.terms} {...form.checkbox('acceptedTerms')} />
        </Fieldset>
        <FormAlert failure={form.failure} />
        <FormErrorSummary errors={form.errors} />
        <FormActions submitLabel={submitLabel} submitting={form.submitting} onCancel={onCancel} />
      </Stack>
    </form>
  );
}
