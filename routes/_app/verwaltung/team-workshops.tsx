import { Button } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useState } from 'react';
import type { DataTableColumn } from '../../../src/components/data-table/data-table';
import { ListFilterSelect, ListPage } from '../../../src/components/list-page/list-page';
import { useListState } from '../../../src/components/list-page/use-list-state';
import { AnchorLink } from '../../../src/components/links/anchor-link';
import { seasonChoicesQueryOptions } from '../../../src/features/admin-seasons/api/list-seasons';
import { teamWorkshopListQueryOptions, useTeamWorkshopList } from '../../../src/features/admin-team-workshops/api/list-team-workshops';
import { DecideDialog, stateText } from '../../../src/features/admin-team-workshops/components/decide-dialog';
import { formatDate, formatDateTime } from '../../../src/lib/locale';
import { listRoute } from '../../../src/lib/list-search';
import { adminTeamWorkshopList as contract } from '../../../src/shared/contracts/admin-team-workshop-list';
import { regions } from '../../../src/shared/contracts/facility-lists';
import { listQueryOf } from '../../../src/shared/contracts/list-contract';
import { teamWorkshopStateLabels, type TeamWorkshopListItem as Item } from '../../../src/shared/contracts/team-workshops';

/** the URL search parser and the loader's query, from the list contract */
const list = listRoute(contract);

export const Route = createFileRoute('/_app/verwaltung/team-workshops')({
  staticData: { access: 'admin' },
  validateSearch: list.validateSearch,
  loader: ({ context: { queryClient }, location }) =>
    Promise.all([
      queryClient.ensureQueryData(teamWorkshopListQueryOptions(list.queryOf(location))),
      queryClient.ensureQueryData(seasonChoicesQueryOptions()),
    ]),
  component: TeamWorkshopsPage,
});

const texts = {
  heading: 'Team-Workshops',
  caption: 'Anträge auf einen Team-Workshop',
  searchHint: 'Name oder Ort der KiTa',
  filtersLabel: 'Anträge filtern',
  empty: 'Kein Antrag passt zu diesen Filtern.',
  error: 'Die Anträge konnten nicht geladen werden.',
};

/** the id of a row's KiTa or KiTa-Jahr, which describe its button */
const rowPartId = (row: Item, part: 'kita' | 'season') => `team-workshop-${row.id}-${part}`;

const columns = (open: (row: Item) => void): DataTableColumn<Item>[] => [
  {
    key: 'facility',
    header: 'KiTa',
    sortable: true,
    render: (r) => (
      <AnchorLink to="/verwaltung/kitas/$facilityId" params={{ facilityId: r.facility.id }} id={rowPartId(r, 'kita')}>
        {r.facility.label}
      </AnchorLink>
    ),
  },
  { key: 'city', header: 'Ort', sortable: true, render: (r) => r.facility.city, hiddenByDefault: true },
  { key: 'season', header: 'KiTa-Jahr', sortable: true, render: (r) => <span id={rowPartId(r, 'season')}>{r.seasonLabel}</span> },
  { key: 'state', header: 'Status', sortable: true, render: (r) => stateText(r) },
  { key: 'preferredDates', header: 'Wunschtermine', render: (r) => r.preferredDates.map((d) => formatDate(d)).join(', ') },
  { key: 'participants', header: 'Teilnehmende', sortable: true, render: (r) => r.participantCount, hiddenByDefault: true },
  { key: 'createdAt', header: 'Eingereicht am', sortable: true, render: (r) => formatDateTime(r.createdAt) },
  {
    key: 'actions',
    header: 'Aktionen',
    render: (r) => (
      // named by its visible text (WCAG 2.5.3), described by the row's KiTa and KiTa-Jahr
      <Button size="xs" variant="light" onClick={() => open(r)} aria-describedby={`${rowPartId(r, 'kita')} ${rowPartId(r, 'season')}`}>
        {r.state === 'submitted' || r.state === 'accepted' ? 'Entscheiden' : 'Ansehen'}
      </Button>
    ),
  },
];

/** /verwaltung/team-workshops: the KiTas' applications; accept, decline or schedule in a dialog (the KiTa is mailed). */
function TeamWorkshopsPage() {
  const { search, onSearchChange } = useListState(Route);
  const result = useTeamWorkshopList(listQueryOf(contract, search));
  const { data: seasons } = useSuspenseQuery(seasonChoicesQueryOptions());
  const [openId, setOpenId] = useState<number | null>(null);
  const filters = (
    <>
      <ListFilterSelect
        label="KiTa-Jahr"
        width={190}
        options={seasons.map((s) => ({ value: String(s.id), label: s.label }))}
        value={search.seasonId ? String(search.seasonId) : undefined}
        onChange={(v) => onSearchChange({ seasonId: v ? Number(v) : undefined, page: undefined })}
      />
      <ListFilterSelect
        label="Status"
        width={160}
        options={teamWorkshopStateLabels}
        value={search.state}
        onChange={(state) => onSearchChange({ state, page: undefined })}
      />
      <ListFilterSelect
        label="Regierungsbezirk"
        width={190}
        options={regions}
        value={search.region}
        onChange={(region) => onSearchChange({ region, page: undefined })}
      />
    </>
  );
  return (
    <>
      <ListPage
        contract={contract}
        search={search}
        onSearchChange={onSearchChange}
        result={result}
        texts={texts}
        exports
        filters={filters}
        columns={columns((r) => setOpenId(r.id))}
        getRowKey={(r) => r.id}
      />
      <DecideDialog applicationId={openId} onClose={() => setOpenId(null)} />
    </>
  );
}
