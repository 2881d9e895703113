import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useState, type FormEvent } from 'react';
import { DATE_INPUT_PROPS, parseGermanDate } from '../../../lib/locale';
import { useSubmitFeedback } from '../../../lib/form-errors';
import { notify } from '../../../lib/notifications';
import { seasonInputSchema, type AdminSeason, type SeasonInput } from '../../../shared/contracts/admin-seasons';
import { useSaveSeason } from '../api/save-season';
import { seasonText } from '../../../shared/season-text';

type DateField =
  | 'start_date'
  | 'end_date'
  | 'enrolment_opens_on'
  | 'enrolment_deadline'
  | 'documentation_deadline'
  | 'team_workshop_deadline'
  | 'trainings_deadline'
  | 'hospitation_deadline'
  | 'jury_date'
  | 'award_date';

type Values = { identifier: string; label: string; allow_documentation: boolean } & Record<DateField, string | null>;

const MAIN_DATES: [DateField, string][] = [
  ['start_date', 'Beginn'],
  ['end_date', 'Ende'],
  ['enrolment_opens_on', 'Anmeldung öffnet am'],
  ['enrolment_deadline', 'Anmeldeschluss'],
];
const MORE_DATES: [DateField, string][] = [
  ['team_workshop_deadline', 'Frist Team-Workshop'],
  ['trainings_deadline', 'Frist Fortbildungen'],
  ['hospitation_deadline', 'Frist Hospitationen'],
  ['jury_date', 'Jurysitzung'],
  ['award_date', 'Auszeichnung'],
];

function initialValues(season: AdminSeason | null): Values {
  const pick = (key: DateField) => season?.[key] ?? null;
  return {
    identifier: season?.identifier ?? '',
    label: season?.label ?? '',
    allow_documentation: season?.allow_documentation ?? false,
    start_date: pick('start_date'),
    end_date: pick('end_date'),
    enrolment_opens_on: pick('enrolment_opens_on'),
    enrolment_deadline: pick('enrolment_deadline'),
    documentation_deadline: pick('documentation_deadline'),
    team_workshop_deadline: pick('team_workshop_deadline'),
    trainings_deadline: pick('trainings_deadline'),
    hospitation_deadline: pick('hospitation_deadline'),
    jury_date: pick('jury_date'),
    award_date: pick('award_date'),
  };
}

type Props = { season: AdminSeason | null; onDone: () => void; onCancel: () => void };

/** Create (season null) or edit a season. A stale version (409) is told in German; the input stays. */
export function SeasonForm({ season, onDone, onCancel }: Props) {
  const [values, setValues] = useState<Values>(() => initialValues(season));
  const { errors, alert, setAlert, parse, onFailure } = useSubmitFeedback();
  const save = useSaveSeason();
  const set = <K extends keyof Values>(key: K, value: Values[K]) => setValues((v) => ({ ...v, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const input: SeasonInput = { ...values, enrolment_state: season?.enrolment_state ?? 'closed' };
    const data = parse(seasonInputSchema, input);
    if (data === null) return;
    setAlert(null);
    save.mutate(
      { id: season?.id ?? null, version: season?.version, input: data },
      {
        onSuccess: (saved) => {
          notify({ message: `KiTa-Jahr ${seasonText(saved.identifier)} gespeichert.` });
          onDone();
        },
        onError: onFailure('Das KiTa-Jahr konnte nicht gespeichert werden.'),
      },
    );
  };

  const dateInput = ([key, label]: [DateField, string]) => (
    <DateInput
      key={key}
      {...DATE_INPUT_PROPS}
      dateParser={parseGermanDate}
      label={label}
      placeholder="TT.MM.JJJJ"
      clearable
      clearButtonProps={{ 'aria-label': `${label} leeren` }}
      value={values[key]}
      onChange={(value) => set(key, value)}
      error={errors[key]}
    />
  );

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        {alert && (
          <Alert color="red" role="alert" title="Nicht gespeichert">
            {alert}
          </Alert>
        )}
        <SimpleGrid cols={2}>
          <TextInput
            label="Kennung"
            description="z. B. 2026-27"
            required
            value={values.identifier}
            onChange={(e) => set('identifier', e.currentTarget.value)}
            error={errors.identifier}
          />
          <TextInput label="Bezeichnung" required value={values.label} onChange={(e) => set('label', e.currentTarget.value)} error={errors.label} />
          {MAIN_DATES.map(dateInput)}
        </SimpleGrid>
        <Checkbox
          label="Dokumentation erlaubt"
          checked={values.allow_documentation}
          onChange={(e) => set('allow_documentation', e.currentTarget.checked)}
        />
        <SimpleGrid cols={2}>{dateInput(['documentation_deadline', 'Abgabefrist Dokumentation'])}</SimpleGrid>
        <Title order={3} size="h5">
          Weitere Termine
        </Title>
        <SimpleGrid cols={2}>{MORE_DATES.map(dateInput)}</SimpleGrid>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Abbrechen
          </Button>
          <Button type="submit" loading={save.isPending}>
            Speichern
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
