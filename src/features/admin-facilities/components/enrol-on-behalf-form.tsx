import { Button, Checkbox, Group, NativeSelect, Stack, TextInput, Textarea } from '@mantine/core';
import { FormAlert } from '../../../components/forms/form-alert';
import { toCount, useSchemaForm } from '../../../lib/use-schema-form';
import { notify } from '../../../lib/notifications';
import { projectTopics } from '../../../shared/contracts/facility-lists';
import { type Person } from '../../../shared/contracts/persons';
import { seasonEnrolmentInputSchema } from '../../../shared/contracts/season-enrolment';
import { useEnrolOnBehalf } from '../api/enrol-on-behalf';
import { seasonText } from '../../../shared/season-text';

type Props = { facilityId: number; season: { id: number; identifier: string }; persons: Person[]; onDone: () => void };

/** Enrols the KiTa to a season on its behalf (e.g. after a phone call); the same fields the KiTa fills in. */
export function EnrolOnBehalfForm({ facilityId, season, persons, onDone }: Props) {
  const form = useSchemaForm({
    schema: seasonEnrolmentInputSchema,
    initialValues: { project_topics: [] as string[], project_title: '', contact_person_id: '', groups_taking_part: '', children_taking_part: '', accepted_terms: false },
    toInput: (v) => ({
      ...v,
      contact_person_id: v.contact_person_id ? Number(v.contact_person_id) : undefined,
      children_taking_part: toCount(v.children_taking_part) ?? undefined,
      accepted_terms: v.accepted_terms || undefined,
    }),
  });
  const enrol = useEnrolOnBehalf();
  const active = persons.filter((p) => !p.removed_at);

  const submit = form.onSubmit(async (data) => {
    await enrol.mutateAsync({ facilityId, seasonId: season.id, input: data });
    notify({ message: `Die KiTa ist zu ${seasonText(season.identifier)} angemeldet.` });
    onDone();
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate ref={form.formRef}>
      <Stack gap="sm">
        <FormAlert failure={form.failure} />
        <Checkbox.Group label="Themen des Projekts" required {...form.field('project_topics')}>
          <Group gap="md" mt={4}>
            {projectTopics.map((t) => (
              <Checkbox key={t} value={t} label={t} />
            ))}
          </Group>
        </Checkbox.Group>
        <TextInput label="Arbeitstitel des Projekts" required {...form.input('project_title')} />
        <NativeSelect
          label="Ansprechperson"
          required
          data={[{ value: '', label: 'Bitte wählen …' }, ...active.map((p) => ({ value: String(p.id), label: `${p.first_name} ${p.last_name} (${p.position})` }))]}
          {...form.input('contact_person_id')}
        />
        <Textarea label="Teilnehmende Gruppen" {...form.input('groups_taking_part')} />
        <TextInput label="Teilnehmende Kinder" required inputMode="numeric" {...form.input('children_taking_part')} />
        <Checkbox label="Die KiTa hat den Teilnahmebedingungen zugestimmt." {...form.checkbox('accepted_terms')} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            Abbrechen
          </Button>
          <Button type="submit" loading={enrol.isPending}>
            {`Zu ${seasonText(season.identifier)} anmelden`}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
