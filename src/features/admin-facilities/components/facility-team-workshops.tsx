import { Title } from '@mantine/core';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { AnchorLink } from '../../../components/links/anchor-link';
import { formatDate, formatDateTime } from '../../../lib/locale';
import type { AdminFacilityDetail } from '../../../shared/contracts/admin-facilities';
import { teamWorkshopStateText } from '../../../shared/contracts/team-workshops';

type Application = AdminFacilityDetail['teamWorkshopApplications'][number];

const columns: DataTableColumn<Application>[] = [
  { key: 'seasonLabel', header: 'KiTa-Jahr', render: (a) => a.seasonLabel },
  {
    key: 'state',
    header: 'Status',
    render: (a) => (a.withdrawnAt ? `zurückgezogen am ${formatDate(a.withdrawnAt)}` : teamWorkshopStateText(a, formatDateTime)),
  },
  { key: 'preferredDates', header: 'Wunschtermine', render: (a) => a.preferredDates.map((d) => formatDate(d)).join(', ') },
  { key: 'participantCount', header: 'Teilnehmende', align: 'right', render: (a) => a.participantCount },
  { key: 'createdAt', header: 'Eingereicht am', render: (a) => `${formatDate(a.createdAt)}${a.createdBy ? ` von ${a.createdBy.name}` : ''}` },
];

/** issue 11: the KiTa's team-workshop applications over the years (withdrawn ones too); decided in /verwaltung/team-workshops */
export function FacilityTeamWorkshops({ detail }: { detail: AdminFacilityDetail }) {
  return (
    <>
      <Title order={2} size="h4" mt="xl" mb="xs">
        Team-Workshop-Anträge
      </Title>
      <DataTable
        caption="Team-Workshop-Anträge der KiTa"
        columns={columns}
        rows={detail.teamWorkshopApplications}
        total={detail.teamWorkshopApplications.length}
        page={1}
        pageSize={0}
        minWidth={800}
        getRowKey={(a) => a.id}
        emptyText="Diese KiTa hat noch keinen Team-Workshop beantragt."
      />
      <AnchorLink to="/verwaltung/team-workshops" search={{ q: detail.facility.label }} size="sm">
        In der Liste der Team-Workshops öffnen
      </AnchorLink>
    </>
  );
}
