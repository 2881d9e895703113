import { Badge, Button, Group, Modal, Switch, Text } from '@mantine/core';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { formatDate } from '../../../lib/locale';
import { reportError } from '../../../lib/api-client';
import { isConflict } from '../../../lib/use-schema-form';
import { conflictMessage } from '../../../shared/contracts/common';
import { notify } from '../../../lib/notifications';
import { type AdminFacilityDetail } from '../../../shared/contracts/admin-facilities';
import { useAwardApproval } from '../api/award-approval';
import { useWithdrawOnBehalf } from '../api/withdraw-on-behalf';
import { contactOptionOf, EnrolmentForm } from '../../../components/entity-forms/enrolment-form';
import { useEnrolOnBehalf } from '../api/enrol-on-behalf';
import { seasonText } from '../../../shared/season-text';

type Enrolment = AdminFacilityDetail['enrolments'][number];
type Props = {
  detail: AdminFacilityDetail;
  currentSeason: { id: number; identifier: string } | null;
  /** KiTa-Jahre before the portal with an enrolment in imported legacy data (listed below the portal's) */
  earlierSeasons?: number;
};

const columns: DataTableColumn<Enrolment>[] = [
  { key: 'seasonIdentifier', header: 'KiTa-Jahr', render: (e) => seasonText(e.seasonIdentifier) },
  { key: 'projectTitle', header: 'Projekt', render: (e) => `${e.projectTitle} (${e.projectTopics.join(', ')})` },
  { key: 'contactPersonName', header: 'Ansprechperson', render: (e) => e.contactPersonName ?? '–' },
  { key: 'childrenTakingPart', header: 'Kinder', align: 'right', render: (e) => e.childrenTakingPart ?? '–' },
  { key: 'createdAt', header: 'Angemeldet am', render: (e) => `${formatDate(e.createdAt)}${e.createdBy ? ` von ${e.createdBy.name}` : ''}` },
  {
    key: 'withdrawnAt',
    header: 'Status',
    render: (e) => (
      <>
        {e.withdrawnAt ? (
          <Badge color="gray" variant="light">
            abgemeldet am {formatDate(e.withdrawnAt)}
          </Badge>
        ) : (
          <Badge color="green" variant="light">
            angemeldet
          </Badge>
        )}
        {e.approvedForAwardAt && <Text size="sm">zur Auszeichnung zugelassen</Text>}
      </>
    ),
  },
];

/** Enrolments over the years; enrol or withdraw the KiTa for the current season on its behalf. */
export function FacilityEnrolments({ detail, currentSeason, earlierSeasons = 0 }: Props) {
  const [enrolling, setEnrolling] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const withdraw = useWithdrawOnBehalf();
  const enrol = useEnrolOnBehalf();
  const contacts = detail.persons.filter((p) => !p.removedAt).map(contactOptionOf);
  const approval = useAwardApproval();
  const live = currentSeason ? detail.enrolments.find((e) => e.seasonId === currentSeason.id && !e.withdrawnAt) : undefined;
  const closed = detail.mergedIntoId !== null;

  const confirmWithdraw = () => {
    if (!live || !currentSeason) return;
    withdraw.mutate(
      { facilityId: detail.facility.id, seasonId: currentSeason.id, version: live.version },
      {
        onSuccess: () => notify({ message: `Die KiTa ist von ${seasonText(currentSeason.identifier)} abgemeldet.` }),
        onError: (error) => {
          if (isConflict(error)) notify({ message: conflictMessage, color: 'red', autoClose: 10_000 });
          else reportError(error, 'Die Abmeldung hat nicht geklappt.');
        },
        onSettled: () => setWithdrawing(false),
      },
    );
  };

  return (
    <>
      {currentSeason && !closed && (
        <Group mb="sm">
          {live ? (
            <Button variant="default" onClick={() => setWithdrawing(true)}>
              {`Von ${seasonText(currentSeason.identifier)} abmelden`}
            </Button>
          ) : (
            <Button onClick={() => setEnrolling(true)}>{`Für ${seasonText(currentSeason.identifier)} anmelden`}</Button>
          )}
          <Text size="sm" c="dimmed">
            im Namen der KiTa
          </Text>
        </Group>
      )}
      {live && currentSeason && !closed && (
        <Group mb="sm" gap="xs" align="center" wrap="wrap">
          <Switch
            label="zur Auszeichnung zugelassen"
            // Mantine puts a description inside the label (it would become part of the name): the hint stands apart
            aria-describedby="award-approval-hint"
            checked={live.approvedForAwardAt !== null}
            disabled={approval.isPending}
            onChange={(event) => {
              const approved = event.currentTarget.checked;
              approval.mutate(
                { seasonEnrolmentId: live.id, approved, version: live.version },
                {
                  onSuccess: () =>
                    notify({
                      message: approved
                        ? `${detail.facility.label} ist zur Auszeichnung zugelassen.`
                        : `${detail.facility.label} ist nicht mehr zur Auszeichnung zugelassen.`,
                    }),
                  onError: (error) => {
                    if (isConflict(error)) notify({ message: conflictMessage, color: 'red', autoClose: 10_000 });
                    else reportError(error, 'Die Zulassung zur Auszeichnung konnte nicht geändert werden.');
                  },
                },
              );
            }}
          />
          <Text size="sm" c="dimmed" id="award-approval-hint">
            {live.approvedForAwardAt
              ? `seit ${formatDate(live.approvedForAwardAt)}: die KiTa kann sich zur Auszeichnungsveranstaltung anmelden`
              : `Erst dann kann sich die KiTa zur Auszeichnungsveranstaltung von ${seasonText(currentSeason.identifier)} anmelden.`}
          </Text>
        </Group>
      )}
      <DataTable
        caption="Anmeldungen zu den KiTa-Jahren"
        columns={columns}
        rows={detail.enrolments}
        total={detail.enrolments.length}
        page={1}
        pageSize={0}
        emptyText={
          earlierSeasons === 0
            ? 'Noch nie angemeldet.'
            : `Im Portal noch nicht angemeldet. ${earlierSeasons === 1 ? 'Ein früheres KiTa-Jahr steht' : `${earlierSeasons} frühere KiTa-Jahre stehen`} unten unter „Frühere KiTa-Jahre (alte Daten)“.`
        }
        minWidth={900}
      />
      {currentSeason && (
        <Modal
          opened={enrolling}
          onClose={() => setEnrolling(false)}
          title={`Anmeldung zu ${seasonText(currentSeason.identifier)}`}
          size="lg"
          closeButtonProps={{ 'aria-label': 'Schließen' }}
        >
          <EnrolmentForm
            enrolment={null}
            onBehalf
            contacts={contacts}
            submitLabel={`Zu ${seasonText(currentSeason.identifier)} anmelden`}
            onCancel={() => setEnrolling(false)}
            onSubmit={async (input) => {
              await enrol.mutateAsync({ facilityId: detail.facility.id, seasonId: currentSeason.id, input });
              notify({ message: `Die KiTa ist zu ${seasonText(currentSeason.identifier)} angemeldet.` });
              setEnrolling(false);
            }}
          />
        </Modal>
      )}
      <ConfirmDialog
        opened={withdrawing}
        title="KiTa abmelden?"
        confirmLabel="Ja, abmelden"
        danger
        loading={withdraw.isPending}
        onClose={() => setWithdrawing(false)}
        onConfirm={confirmWithdraw}
      >
        {`Die Anmeldung von ${detail.facility.label} zu ${seasonText(currentSeason?.identifier ?? '')} wird zurückgezogen. Sie bleibt im Verlauf sichtbar.`}
      </ConfirmDialog>
    </>
  );
}
