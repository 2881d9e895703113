import { Checkbox, SimpleGrid, Stack, TextInput, Title } from '@mantine/core';
import { FormActions } from '../../../components/forms/form-actions';
import { FormAlert } from '../../../components/forms/form-alert';
import { GermanDateInput } from '../../../components/forms/german-date-input';
import { useSchemaForm } from '../../../lib/use-schema-form';
import { notify } from '../../../lib/notifications';
import { seasonInputSchema, type AdminSeason, type SeasonInput } from '../../../shared/contracts/admin-seasons';
import { useSaveSeason } from '../api/save-season';
import { seasonText } from '../../../shared/season-text';

type DateField =
  | 'startDate'
  | 'endDate'
  | 'enrolmentOpensOn'
  | 'enrolmentDeadline'
  | 'documentationDeadline'
  | 'teamWorkshopDeadline'
  | 'trainingsDeadline'
  | 'hospitationDeadline'
  | 'juryDate'
  | 'awardDate';

type Values = { identifier: string; label: string; allow_documentation: boolean } & Record<DateField, string | null>;

const MAIN_DATES: [DateField, string][] = [
  ['startDate', 'Beginn'],
  ['endDate', 'Ende'],
  ['enrolmentOpensOn', 'Anmeldung öffnet am'],
  ['enrolmentDeadline', 'Anmeldeschluss'],
];
const MORE_DATES: [DateField, string][] = [
  ['teamWorkshopDeadline', 'Frist Team-Workshop'],
  ['trainingsDeadline', 'Frist Fortbildungen'],
  ['hospitationDeadline', 'Frist Hospitationen'],
  ['juryDate', 'Jurysitzung'],
  ['awardDate', 'Auszeichnung'],
];

function initialValues(season: AdminSeason | null): Values {
  const pick = (key: DateField) => season?.[key] ?? null;
  return {
    identifier: season?.identifier ?? '',
    label: season?.label ?? '',
    allow_documentation: season?.allow_documentation ?? false,
    startDate: pick('startDate'),
    endDate: pick('endDate'),
    enrolmentOpensOn: pick('enrolmentOpensOn'),
    enrolmentDeadline: pick('enrolmentDeadline'),
    documentationDeadline: pick('documentationDeadline'),
    teamWorkshopDeadline: pick('teamWorkshopDeadline'),
    trainingsDeadline: pick('trainingsDeadline'),
    hospitationDeadline: pick('hospitationDeadline'),
    juryDate: pick('juryDate'),
    awardDate: pick('awardDate'),
  };
}

type Props = { season: AdminSeason | null; onDone: () => void; onCancel: () => void };

/** Create (season null) or edit a season. A stale version (409) is told in German; the input stays. */
export function SeasonForm({ season, onDone, onCancel }: Props) {
  const form = useSchemaForm({
    schema: seasonInputSchema,
    initialValues: initialValues(season),
    toInput: (values): SeasonInput => ({ ...values, enrolment_state: season?.enrolment_state ?? 'closed' }),
  });
  const save = useSaveSeason();

  const submit = form.onSubmit(async (data) => {
    const saved = await save.mutateAsync({ id: season?.id ?? null, version: season?.version, input: data });
    notify({ message: `KiTa-Jahr ${seasonText(saved.identifier)} gespeichert.` });
    onDone();
  });

  const dateInput = ([key, label]: [DateField, string]) => (
    <GermanDateInput key={key} label={label} clearable clearButtonProps={{ 'aria-label': `${label} leeren` }} {...form.field(key)} />
  );

  return (
    <form onSubmit={(event) => void submit(event)} noValidate ref={form.formRef}>
      <Stack gap="sm">
        <FormAlert failure={form.failure} />
        <SimpleGrid cols={2}>
          <TextInput label="Kennung" description="z. B. 2026-27" required {...form.input('identifier')} />
          <TextInput label="Bezeichnung" required {...form.input('label')} />
          {MAIN_DATES.map(dateInput)}
        </SimpleGrid>
        <Checkbox label="Dokumentation erlaubt" {...form.checkbox('allow_documentation')} />
        <SimpleGrid cols={2}>{dateInput(['documentationDeadline', 'Abgabefrist Dokumentation'])}</SimpleGrid>
        <Title order={3} size="h5">
          Weitere Termine
        </Title>
        <SimpleGrid cols={2}>{MORE_DATES.map(dateInput)}</SimpleGrid>
        <FormActions submitLabel="Speichern" submitting={save.isPending} onCancel={onCancel} unsaved={form.dirty} />
      </Stack>
    </form>
  );
}
