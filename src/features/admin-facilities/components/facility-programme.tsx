import { Alert, Button, Title } from '@mantine/core';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { AnchorLink } from '../../../components/links/anchor-link';
import { formatDate } from '../../../lib/locale';
import type { FacilityProgrammeHistoryItem } from '../../../shared/contracts/admin-programme';
import { enrolmentStateLabels, offeringKindLabels } from '../../../shared/contracts/programme';
import { seasonText } from '../../../shared/season-text';
import { useFacilityProgramme } from '../api/get-programme-history';

/** the offering's admin enrolment page (a workshop's enrolments are listed on its awarding event's page) */
function OfferingLink({ item }: { item: FacilityProgrammeHistoryItem }) {
  const title = item.offeringTitle;
  if (item.kind === 'training')
    return (
      <AnchorLink to="/verwaltung/fortbildungen/$trainingEventId/anmeldungen" params={{ trainingEventId: item.offeringId }} fz="inherit">
        {title}
      </AnchorLink>
    );
  if (item.kind === 'hospitation')
    return (
      <AnchorLink to="/verwaltung/hospitationen/$hospitationId/anmeldungen" params={{ hospitationId: item.offeringId }} fz="inherit">
        {title}
      </AnchorLink>
    );
  if (item.awardingEventId !== null)
    return (
      <AnchorLink
        to="/verwaltung/auszeichnungsverantaltungen/$awardingEventId/anmeldungen"
        params={{ awardingEventId: item.awardingEventId }}
        fz="inherit"
      >
        {title}
      </AnchorLink>
    );
  return <>{title}</>;
}

const columns: DataTableColumn<FacilityProgrammeHistoryItem>[] = [
  { key: 'seasonIdentifier', header: 'KiTa-Jahr', render: (i) => seasonText(i.seasonIdentifier) },
  { key: 'kind', header: 'Art', render: (i) => offeringKindLabels[i.kind] },
  { key: 'offeringTitle', header: 'Termin (zu den Anmeldungen)', render: (i) => <OfferingLink item={i} /> },
  { key: 'startsAt', header: 'Datum', render: (i) => formatDate(i.startsAt) },
  { key: 'personName', header: 'Person', render: (i) => i.personName },
  { key: 'state', header: 'Status', render: (i) => enrolmentStateLabels[i.state] },
];

/** issue 11: the KiTa's bookings in the season's programme over the years (trainings, hospitations, awarding workshops) */
export function FacilityProgramme({ facilityId }: { facilityId: number }) {
  const programme = useFacilityProgramme(facilityId);
  const items = programme.data?.items ?? [];
  return (
    <>
      <Title order={2} size="h4" mt="xl" mb="xs">
        Fortbildungen, Hospitationen und Auszeichnung
      </Title>
      {programme.isError ? (
        <Alert color="red" title="Die Anmeldungen zu Fortbildungen, Hospitationen und zur Auszeichnung konnten nicht geladen werden.">
          <Button variant="default" size="xs" mt="xs" onClick={() => void programme.refetch()}>
            Erneut versuchen
          </Button>
        </Alert>
      ) : (
        <DataTable
          caption="Anmeldungen der KiTa zu Fortbildungen, Hospitationen und zur Auszeichnung (neueste zuerst)"
          columns={columns}
          rows={items}
          total={items.length}
          page={1}
          pageSize={0}
          loading={programme.isPending}
          minWidth={800}
          getRowKey={(i) => i.enrolmentId}
          emptyText="Diese KiTa hat noch niemanden zu Fortbildungen, Hospitationen oder zur Auszeichnung angemeldet."
        />
      )}
    </>
  );
}
