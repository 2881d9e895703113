import { Anchor, Button, Group, Text } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { useLocalPaging } from '../../../components/data-table/use-local-paging';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { reportError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/locale';
import { notify } from '../../../lib/notifications';
import type { FacilityEnrolment } from '../../../shared/contracts/programme';
import { calendarUrl, useCancelEnrolment } from '../api/cancel-enrolment';
import { stateText } from './offering-texts';

/**
 * `rowExtra`: more of the row's actions, given by the route (the certificates' "Teilnahmebescheinigung (PDF)" beside an
 * attended booking: another feature, so passed in); `describedBy` names the row's title, date and person cells
 */
export type BookingRowExtra = (e: FacilityEnrolment, describedBy: string) => ReactNode;
type Props = { facilityId: number; enrolments: FacilityEnrolment[]; emptyText: string; rowExtra?: BookingRowExtra };

/** "Unsere Anmeldungen" (SPEC §6): the KiTa's bookings of one kind, "Stornieren" with a confirmation, the .ics of confirmed ones. */
export function BookingsTable({ facilityId, enrolments, emptyText, rowExtra }: Props) {
  const [cancelling, setCancelling] = useState<FacilityEnrolment | null>(null);
  const cancel = useCancelEnrolment(facilityId);
  const sorted = [...enrolments].sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.personName.localeCompare(b.personName, 'de'));
  const paging = useLocalPaging(sorted, 25);
  // each row's "Stornieren" keeps its name (SPEC §6) and is described by the row's title, date and person, so a
  // screen reader tells the buttons apart
  const idPrefix = useId();
  const cellId = (e: FacilityEnrolment, part: 'title' | 'date' | 'person') => `${idPrefix}-${e.enrolmentId}-${part}`;

  async function confirmCancel() {
    if (!cancelling) return;
    try {
      await cancel.mutateAsync(cancelling.enrolmentId);
      notify({ message: `Die Anmeldung von ${cancelling.personName} zu „${cancelling.offeringTitle}“ ist storniert.` });
    } catch (error) {
      reportError(error, 'Die Anmeldung konnte nicht storniert werden.');
    } finally {
      setCancelling(null);
    }
  }

  const columns: DataTableColumn<FacilityEnrolment>[] = [
    { key: 'startsAt', header: 'Termin', render: (e) => <span id={cellId(e, 'date')}>{formatDateTime(e.startsAt)}</span> },
    {
      key: 'offeringTitle',
      header: 'Titel',
      render: (e) => (
        <>
          <span id={cellId(e, 'title')}>{e.offeringTitle}</span>
          {e.offeringState === 'cancelled' && (
            <Text size="sm" c="red.9">
              abgesagt
            </Text>
          )}
        </>
      ),
    },
    { key: 'personName', header: 'Person', render: (e) => <span id={cellId(e, 'person')}>{e.personName}</span> },
    {
      key: 'state',
      header: 'Status',
      render: (e) => (
        <>
          {stateText(e.state, null)}
          {e.cancelReason && <Text size="sm">Grund: {e.cancelReason}</Text>}
        </>
      ),
    },
    { key: 'waitlistPosition', header: 'Wartelistenplatz', align: 'right', render: (e) => (e.state === 'waitlisted' ? e.waitlistPosition : '') },
    {
      key: 'actions',
      header: 'Aktionen',
      render: (e) => (
        <Group gap="xs" wrap="nowrap">
          {e.state === 'confirmed' && (
            <Anchor href={calendarUrl(facilityId, e.enrolmentId)} download size="sm">
              Kalendereintrag (.ics)
            </Anchor>
          )}
          {e.state === 'attended' && rowExtra?.(e, `${cellId(e, 'title')} ${cellId(e, 'date')} ${cellId(e, 'person')}`)}
          {e.canCancel && (
            <Button
              size="xs"
              variant="default"
              onClick={() => setCancelling(e)}
              aria-describedby={`${cellId(e, 'title')} ${cellId(e, 'date')} ${cellId(e, 'person')}`}
            >
              Stornieren
            </Button>
          )}
        </Group>
      ),
    },
  ];

  return (
    <>
      <DataTable
        caption="Unsere Anmeldungen"
        captionHidden
        columns={columns}
        getRowKey={(e) => e.enrolmentId}
        minWidth={760}
        stackWhenNarrow
        emptyText={emptyText}
        {...paging}
      />
      <ConfirmDialog
        opened={cancelling !== null}
        title="Anmeldung stornieren?"
        confirmLabel="Ja, stornieren"
        danger
        loading={cancel.isPending}
        onConfirm={() => void confirmCancel()}
        onClose={() => setCancelling(null)}
      >
        {cancelling
          ? `${cancelling.personName} wird von „${cancelling.offeringTitle}“ (${formatDateTime(cancelling.startsAt)}) abgemeldet. Ist der Termin ausgebucht, rückt jemand von der Warteliste nach.`
          : ''}
      </ConfirmDialog>
    </>
  );
}
