import { Badge, Button, Group, NativeSelect, Text } from '@mantine/core';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { useLocalPaging } from '../../../components/data-table/use-local-paging';
import { PageHeading } from '../../../components/layout/page-heading';
import { AnchorLink } from '../../../components/links/anchor-link';
import { reportError } from '../../../lib/api-client';
import { formatTimeSpan } from '../../../lib/locale';
import { notify } from '../../../lib/notifications';
import type { AdminAwardingEvent } from '../../../shared/contracts/admin-programme';
import { offeringStateLabels } from '../../../shared/contracts/programme';
import { useAwardingEvents, useAwardingEventWrites } from '../api/awarding-events';
import { AwardingEventFormDialog } from './awarding-event-form-dialog';
import { CancelReasonDialog } from './cancel-reason-dialog';
import { currentSeasonId, seasonOptions, type SeasonOption } from './season-option';

const STATE_COLOR = { draft: 'gray', published: 'green', cancelled: 'red' } as const;

/** /verwaltung/auszeichnungsverantaltungen: the awarding events (Nord/Süd) of a season; their workshops and enrolments. */
export function AwardingEventsPage({ seasons }: { seasons: SeasonOption[] }) {
  const [seasonId, setSeasonId] = useState(currentSeasonId(seasons));
  const { data, isFetching, isError } = useAwardingEvents(seasonId);
  const { publish, cancel } = useAwardingEventWrites();
  const [cancelling, setCancelling] = useState<AdminAwardingEvent | null>(null);
  const [editing, setEditing] = useState<AdminAwardingEvent | 'new' | null>(null);
  const paging = useLocalPaging(data?.items ?? [], 25);

  const columns: DataTableColumn<AdminAwardingEvent>[] = [
    {
      key: 'title',
      header: 'Veranstaltung',
      render: (e) => (
        <AnchorLink to="/verwaltung/auszeichnungsverantaltungen/$awardingEventId/anmeldungen" params={{ awardingEventId: e.id }}>
          {e.title}
        </AnchorLink>
      ),
    },
    {
      key: 'state',
      header: 'Status',
      render: (e) => (
        <Badge variant="light" color={STATE_COLOR[e.state]} tt="none">
          {offeringStateLabels[e.state]}
        </Badge>
      ),
    },
    { key: 'startsAt', header: 'Termin', render: (e) => formatTimeSpan(e.startsAt, e.endsAt) },
    { key: 'place', header: 'Ort', hiddenByDefault: true },
    {
      key: 'maxAttendeesPerFacility',
      header: 'Je KiTa',
      align: 'right',
      render: (e) => e.maxAttendeesPerFacility ?? 'keine Grenze',
      hiddenByDefault: true,
    },
    {
      key: 'workshopCount',
      header: 'Workshops',
      align: 'right',
      render: (e) => (
        <AnchorLink
          to="/verwaltung/auszeichnungsverantaltungen/workshops"
          search={{ awardingEventId: e.id }}
          aria-label={`${e.workshopCount} Workshops von ${e.title}`}
        >
          {e.workshopCount}
        </AnchorLink>
      ),
    },
    { key: 'attendeeCount', header: 'Angemeldet', align: 'right', render: (e) => `${e.attendeeCount} (${e.facilityCount} KiTas)` },
    {
      key: 'actions',
      header: 'Aktionen',
      render: (e) => (
        <Group gap={4} wrap="nowrap">
          <Button size="xs" variant="default" onClick={() => setEditing(e)} aria-label={`${e.title} bearbeiten`}>
            Bearbeiten
          </Button>
          {e.state === 'draft' && (
            <Button
              size="xs"
              variant="default"
              aria-label={`${e.title} veröffentlichen`}
              onClick={() =>
                publish.mutate(e, {
                  onSuccess: () => notify({ message: `„${e.title}“ ist veröffentlicht.` }),
                  onError: (error) => reportError(error, `„${e.title}“ konnte nicht veröffentlicht werden.`),
                })
              }
            >
              Veröffentlichen
            </Button>
          )}
          {e.state !== 'cancelled' && (
            <Button size="xs" variant="default" aria-label={`${e.title} absagen`} onClick={() => setCancelling(e)}>
              Absagen
            </Button>
          )}
        </Group>
      ),
    },
  ];

  return (
    <>
      <Group justify="space-between" align="flex-start">
        <PageHeading>Auszeichnungsveranstaltungen</PageHeading>
        <Group gap="xs">
          <Button onClick={() => setEditing('new')}>Neue Veranstaltung</Button>
          <Button component={AnchorLink} to="/verwaltung/auszeichnungsverantaltungen/workshops" variant="default">
            Alle Workshops
          </Button>
        </Group>
      </Group>
      <NativeSelect
        label="KiTa-Jahr"
        w={180}
        mb="sm"
        data={seasonOptions(seasons)}
        value={seasonId ? String(seasonId) : ''}
        onChange={(e) => setSeasonId(Number(e.currentTarget.value) || undefined)}
      />
      {isError && (
        <Text c="red.9" role="alert">
          Die Auszeichnungsveranstaltungen konnten nicht geladen werden.
        </Text>
      )}
      <DataTable
        caption="Auszeichnungsveranstaltungen"
        columns={columns}
        loading={isFetching}
        minWidth={720}
        columnChooserId="admin/awarding-events"
        emptyText="Für dieses KiTa-Jahr ist noch keine Auszeichnungsveranstaltung angelegt."
        {...paging}
      />
      <AwardingEventFormDialog editing={editing} seasons={seasons} onClose={() => setEditing(null)} />
      <CancelReasonDialog
        opened={cancelling !== null}
        title="Veranstaltung absagen?"
        text={
          cancelling
            ? `„${cancelling.title}“ und ihre ${cancelling.workshopCount} Workshops werden abgesagt; ${cancelling.attendeeCount} Angemeldete bekommen eine E-Mail mit dem Grund.`
            : ''
        }
        onClose={() => setCancelling(null)}
        onCancel={async (reason) => {
          if (!cancelling) return;
          await cancel.mutateAsync({ event: cancelling, reason });
          notify({ message: `„${cancelling.title}“ ist abgesagt.` });
        }}
      />
    </>
  );
}
