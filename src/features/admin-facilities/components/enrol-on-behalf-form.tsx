import { Alert, Button, Checkbox, Group, NativeSelect, Stack, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useSubmitFeedback } from '../../../lib/form-errors';
import { notify } from '../../../lib/notifications';
import { projectTopics } from '../../../shared/contracts/facility-lists';
import { type Person } from '../../../shared/contracts/persons';
import { seasonEnrolmentInputSchema } from '../../../shared/contracts/season-enrolment';
import { useEnrolOnBehalf } from '../api/enrol-on-behalf';
import { seasonText } from '../../../shared/season-text';

type Props = { facilityId: number; season: { id: number; identifier: string }; persons: Person[]; onDone: () => void };

/** Enrols the KiTa to a season on its behalf (e.g. after a phone call); the same fields the KiTa fills in. */
export function EnrolOnBehalfForm({ facilityId, season, persons, onDone }: Props) {
  const [topics, setTopics] = useState<string[]>([]);
  const [title, setTitle] = useState('');
  const [contact, setContact] = useState('');
  const [groups, setGroups] = useState('');
  const [children, setChildren] = useState('');
  const [terms, setTerms] = useState(false);
  const { errors, alert, parse, onFailure } = useSubmitFeedback();
  const enrol = useEnrolOnBehalf();
  const active = persons.filter((p) => !p.removed_at);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const data = parse(seasonEnrolmentInputSchema, {
      project_topics: topics,
      project_title: title,
      contact_person_id: contact ? Number(contact) : undefined,
      groups_taking_part: groups,
      children_taking_part: children.trim() === '' ? undefined : Number(children),
      accepted_terms: terms || undefined,
    });
    if (data === null) return;
    enrol.mutate(
      { facilityId, seasonId: season.id, input: data },
      {
        onSuccess: () => {
          notify({ message: `Die KiTa ist zu ${seasonText(season.identifier)} angemeldet.` });
          onDone();
        },
        onError: onFailure('Die Anmeldung hat nicht geklappt.'),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {alert && (
          <Alert color="red" role="alert" title="Nicht angemeldet">
            {alert}
          </Alert>
        )}
        <Checkbox.Group label="Themen des Projekts" required value={topics} onChange={setTopics} error={errors.project_topics}>
          <Group gap="md" mt={4}>
            {projectTopics.map((t) => (
              <Checkbox key={t} value={t} label={t} />
            ))}
          </Group>
        </Checkbox.Group>
        <TextInput label="Arbeitstitel des Projekts" required value={title} onChange={(e) => setTitle(e.currentTarget.value)} error={errors.project_title} />
        <NativeSelect
          label="Ansprechperson"
          required
          data={[{ value: '', label: 'Bitte wählen …' }, ...active.map((p) => ({ value: String(p.id), label: `${p.first_name} ${p.last_name} (${p.position})` }))]}
          value={contact}
          onChange={(e) => setContact(e.currentTarget.value)}
          error={errors.contact_person_id}
        />
        <Textarea label="Teilnehmende Gruppen" value={groups} onChange={(e) => setGroups(e.currentTarget.value)} error={errors.groups_taking_part} />
        <TextInput label="Teilnehmende Kinder" required inputMode="numeric" value={children} onChange={(e) => setChildren(e.currentTarget.value)} error={errors.children_taking_part} />
        <Checkbox
          label="Die KiTa hat den Teilnahmebedingungen zugestimmt."
          checked={terms}
          onChange={(e) => setTerms(e.currentTarget.checked)}
          error={errors.accepted_terms}
        />
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
