import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { FacilityForm, type FacilityFormData } from '../../../components/entity-forms/facility-form';
import { reportError } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';
import { facilityInputSchema, type DuplicateCandidate, type Facility, type JoinRequest } from '../../../shared/contracts/facilities';
import { useCreateFacility } from '../api/create-facility';
import { duplicatesQueryOptions } from '../api/get-duplicates';
import { useRequestJoin } from '../api/request-join';
import { DuplicateHint } from './duplicate-hint';

type Props = {
  /** the KiTa exists and the caller is its member: update the session, go on */
  onCreated: (facility: Facility) => Promise<void> | void;
};

type Duplicates = { key: string; items: DuplicateCandidate[] };

/** /neue-kita: the facility form; before creating, likely duplicates are offered to join instead. */
export function RegisterFacility({ onCreated }: Props) {
  const queryClient = useQueryClient();
  const create = useCreateFacility();
  const join = useRequestJoin();
  const [duplicates, setDuplicates] = useState<Duplicates | null>(null);
  const [joined, setJoined] = useState<JoinRequest | null>(null);

  // The hint belongs to the name and postal code it was found for; changing them asks the server again.
  const keyOf = (values: { postalCode: string; label: string }) => `${values.postalCode.trim()}|${values.label.trim().toLowerCase()}`;
  const shownFor = (values: { postalCode: string; label: string }) => (duplicates?.key === keyOf(values) ? duplicates.items : null);

  async function save(input: FacilityFormData) {
    if (!shownFor(input)) {
      let items: DuplicateCandidate[];
      try {
        items = await queryClient.fetchQuery(duplicatesQueryOptions(input.postalCode, input.label));
      } catch (error) {
        reportError(error, 'Wir konnten nicht prüfen, ob deine KiTa schon registriert ist. Bitte versuche es noch einmal.');
        return;
      }
      if (items.length > 0) {
        setDuplicates({ key: keyOf(input), items });
        return;
      }
    }
    // the form checked it with the registration's rules (a kind is chosen): typed as such here
    const facility = await create.mutateAsync(facilityInputSchema.parse(input));
    notify({ title: 'KiTa registriert', message: `„${facility.label}“ ist jetzt registriert und deine aktive KiTa.` });
    await onCreated(facility);
  }

  async function onJoin(candidate: DuplicateCandidate, message: string) {
    try {
      setJoined(await join.mutateAsync({ facilityId: candidate.id, message }));
    } catch (error) {
      reportError(error, `Deine Anfrage an „${candidate.label}“ konnte nicht verschickt werden.`);
    }
  }

  if (joined) {
    return (
      <Alert color="green" title="Deine Anfrage ist unterwegs" role="status">
        <Stack gap="xs">
          <Text size="sm">
            Wir haben die Mitglieder von „{joined.facilityLabel}“ gefragt, ob sie dich aufnehmen. Sobald jemand zustimmt, findest du die KiTa hier im
            Portal.
          </Text>
          <Anchor component={Link} to="/" size="sm">
            Zur Startseite
          </Anchor>
        </Stack>
      </Alert>
    );
  }

  return (
    <Stack gap="lg" maw={960}>
      <Text>
        Trag hier die Daten deiner KiTa ein. Du wirst automatisch Mitglied und kannst danach Personal eintragen und die KiTa zum KiTa-Jahr anmelden.
        Felder mit * sind Pflichtfelder.
      </Text>
      <FacilityForm
        facility={null}
        aria-label="KiTa registrieren"
        onSubmit={save}
        submitLabel={(values) => (shownFor(values) ? 'Trotzdem neu registrieren' : 'KiTa registrieren')}
        extra={(values) => {
          const shown = shownFor(values);
          return (
            shown && <DuplicateHint candidates={shown} joiningId={join.isPending ? (join.variables?.facilityId ?? null) : null} onJoin={onJoin} />
          );
        }}
      />
    </Stack>
  );
}
