import { Button, Checkbox, Fieldset, Group, SimpleGrid, Stack, TextInput, Textarea } from '@mantine/core';
import { FormAlert } from '../../../components/forms/form-alert';
import { FormErrorSummary } from '../../../components/forms/form-error-summary';
import { GermanDateInput } from '../../../components/forms/german-date-input';
import { countText, toCount, useSchemaForm } from '../../../lib/use-schema-form';
import { MAX_PARTICIPANTS, teamWorkshopInputSchema, type TeamWorkshopApplication } from '../../../shared/contracts/team-workshops';
import { useSaveTeamWorkshop } from '../api/save-team-workshop';

type Props = {
  facilityId: number;
  /** the application to change, or null to apply */
  application: TeamWorkshopApplication | null;
  onSaved: (application: TeamWorkshopApplication, created: boolean) => void;
  onCancel?: () => void;
};

type Values = {
  preferredDates: (string | null)[];
  participantCount: string;
  topicWishes: string;
  addressDiffers: boolean;
  street: string;
  postalCode: string;
  city: string;
  remarks: string;
};

const valuesOf = (a: TeamWorkshopApplication | null): Values => ({
  preferredDates: [0, 1, 2].map((i) => a?.preferredDates[i] ?? null),
  participantCount: countText(a?.participantCount),
  topicWishes: a?.topicWishes ?? '',
  addressDiffers: a?.address != null,
  street: a?.address?.street ?? '',
  postalCode: a?.address?.postalCode ?? '',
  city: a?.address?.city ?? '',
  remarks: a?.remarks ?? '',
});

const toInput = (v: Values) => ({
  ...v,
  preferredDates: v.preferredDates.filter((d): d is string => d !== null && d !== ''),
  participantCount: toCount(v.participantCount) ?? undefined,
});

const dateLabels = ['1. Wunschtermin', '2. Wunschtermin (optional)', '3. Wunschtermin (optional)'];

/** Apply for a team workshop or change the application while it is `submitted`; a stale change (409) keeps the input. */
export function TeamWorkshopForm({ facilityId, application, onSaved, onCancel }: Props) {
  const form = useSchemaForm({ schema: teamWorkshopInputSchema, initialValues: valuesOf(application), toInput });
  const save = useSaveTeamWorkshop(facilityId);
  const dates = form.values.preferredDates;

  const onSubmit = form.onSubmit(async (input) => {
    const saved = await save.mutateAsync({ ...input, ...(application ? { version: application.version } : {}) });
    onSaved(saved, application === null);
  });

  return (
    <form
      onSubmit={(event) => void onSubmit(event)}
      noValidate
      ref={form.formRef}
      aria-label={application ? 'Antrag ändern' : 'Team-Workshop beantragen'}
    >
      <Stack gap="lg" maw={960}>
        <Fieldset legend="Wann?">
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {dateLabels.map((label, i) => (
              <GermanDateInput
                key={label}
                label={label}
                required={i === 0}
                clearable
                data-path={i === 0 ? 'preferredDates' : undefined}
                description={i === 0 ? 'Bis zu drei Termine, an denen euer Team kann.' : undefined}
                value={dates[i] ?? null}
                onChange={(value) =>
                  form.setValue(
                    'preferredDates',
                    dates.map((d, j) => (j === i ? value : d)),
                  )
                }
                error={i === 0 ? form.errors.preferredDates : undefined}
              />
            ))}
          </SimpleGrid>
        </Fieldset>
        <Fieldset legend="Wer und was?">
          <Stack>
            <TextInput
              label="Zahl der Teilnehmenden"
              description={`Euer pädagogisches Team, höchstens ${MAX_PARTICIPANTS}.`}
              required
              inputMode="numeric"
              maw={320}
              {...form.input('participantCount')}
            />
            <Textarea label="Themenwünsche" description="Was soll der Workshop behandeln?" rows={3} {...form.input('topicWishes')} />
          </Stack>
        </Fieldset>
        <Fieldset legend="Wo?">
          <Checkbox
            label="Adresse abweichend"
            description="Der Workshop findet nicht an der Adresse eurer KiTa statt."
            {...form.checkbox('addressDiffers')}
          />
          {form.values.addressDiffers && (
            <SimpleGrid cols={{ base: 1, sm: 3 }} mt="md">
              <TextInput label="Straße und Hausnummer" required {...form.input('street')} />
              <TextInput label="Postleitzahl" required inputMode="numeric" maxLength={5} {...form.input('postalCode')} />
              <TextInput label="Ort" required {...form.input('city')} />
            </SimpleGrid>
          )}
        </Fieldset>
        <Textarea label="Anmerkungen" rows={3} {...form.input('remarks')} />
        <FormAlert failure={form.failure} />
        <FormErrorSummary errors={form.errors} />
        <Group justify="flex-end">
          {onCancel && (
            <Button variant="default" onClick={onCancel} disabled={save.isPending}>
              Abbrechen
            </Button>
          )}
          <Button type="submit" loading={save.isPending}>
            {application ? 'Änderungen speichern' : 'Team-Workshop beantragen'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
