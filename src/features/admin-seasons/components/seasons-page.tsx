import { Badge, Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { type DataTableColumn } from '../../../components/data-table/data-table';
import { ListFilterSelect, ListPage } from '../../../components/list-page/list-page';
import { formatDate } from '../../../lib/locale';
import { adminSeasonList } from '../../../shared/contracts/admin-season-list';
import { type AdminSeason } from '../../../shared/contracts/admin-seasons';
import { listQueryOf, type ListSearch } from '../../../shared/contracts/list-contract';
import { seasonText } from '../../../shared/season-text';
import { useSeasonChoices, useSeasonList } from '../api/list-seasons';
import { SeasonForm } from './season-form';
import { SeasonRowActions } from './season-row-actions';
import { SeasonStatsPanel } from './season-stats';

export type SeasonListSearch = ListSearch<typeof adminSeasonList>;

type Props = {
  search: SeasonListSearch;
  /** writes the list's state to the URL */
  onSearchChange: (next: Partial<SeasonListSearch>) => void;
};

type Editing = { season: AdminSeason | null } | null;

const texts = {
  heading: 'KiTa-Jahre',
  caption: 'Alle KiTa-Jahre',
  searchHint: 'Kennung oder Bezeichnung',
  filtersLabel: 'KiTa-Jahre filtern',
  empty: 'Kein KiTa-Jahr passt zu diesen Filtern.',
  error: 'Die KiTa-Jahre konnten nicht geladen werden.',
};

const span = (a: string | null, b: string | null) => (a || b ? `${formatDate(a)} – ${formatDate(b)}` : '');

const columns = (onEdit: (s: AdminSeason) => void): DataTableColumn<AdminSeason>[] => [
  { key: 'identifier', header: 'Kennung', sortable: true },
  {
    key: 'label',
    header: 'Bezeichnung',
    sortable: true,
    render: (s) => (
      <Group gap={6}>
        {s.label}
        {s.isCurrent && <Badge variant="light">aktuell</Badge>}
      </Group>
    ),
  },
  { key: 'startDate', header: 'Zeitraum', sortable: true, render: (s) => span(s.startDate, s.endDate) },
  {
    key: 'enrolment_state',
    header: 'Anmeldung',
    sortable: true,
    render: (s) => (
      <Stack gap={0}>
        <Badge color={s.enrolment_state === 'open' ? 'green' : 'gray'} variant="light">
          {s.enrolment_state === 'open' ? 'offen' : 'geschlossen'}
        </Badge>
        {s.enrolmentDeadline && <Text size="xs">bis {formatDate(s.enrolmentDeadline)}</Text>}
      </Stack>
    ),
  },
  {
    key: 'allow_documentation',
    header: 'Dokumentation',
    hiddenByDefault: true,
    render: (s) =>
      s.allow_documentation ? `erlaubt${s.documentationDeadline ? ` bis ${formatDate(s.documentationDeadline)}` : ''}` : 'nicht erlaubt',
  },
  { key: 'enrolledCount', header: 'Angemeldet', align: 'right', sortable: true },
  { key: 'actions', header: 'Aktionen', render: (s) => <SeasonRowActions season={s} onEdit={() => onEdit(s)} /> },
];

/** /verwaltung/kita-jahre: the seasons on the list kit (paged, sorted, searched, exported), then one season's numbers. */
export function SeasonsPage({ search, onSearchChange }: Props) {
  const result = useSeasonList(listQueryOf(adminSeasonList, search));
  const { data: choices } = useSeasonChoices();
  const [editing, setEditing] = useState<Editing>(null);
  const [statsId, setStatsId] = useState<number | null>(null);
  const statsSeason = choices.find((s) => s.id === statsId) ?? choices.find((s) => s.isCurrent) ?? choices[0] ?? null;

  return (
    <>
      <ListPage
        contract={adminSeasonList}
        search={search}
        onSearchChange={onSearchChange}
        result={result}
        texts={texts}
        exports
        actions={<Button onClick={() => setEditing({ season: null })}>Neues KiTa-Jahr</Button>}
        filters={
          <ListFilterSelect
            label="Anmeldung"
            width={170}
            options={{ open: 'offen', closed: 'geschlossen' }}
            value={search.enrolment_state}
            onChange={(enrolment_state) => onSearchChange({ enrolment_state, page: undefined })}
          />
        }
        columns={columns((season) => setEditing({ season }))}
      />
      {statsSeason && (
        <Stack gap="xs" mt="xl">
          <NativeSelect
            label="Zahlen für KiTa-Jahr"
            w={220}
            data={choices.map((s) => ({ value: String(s.id), label: `${seasonText(s.identifier)}${s.isCurrent ? ' (aktuell)' : ''}` }))}
            value={String(statsSeason.id)}
            onChange={(e) => setStatsId(Number(e.currentTarget.value))}
          />
          <SeasonStatsPanel season={statsSeason} />
        </Stack>
      )}
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.season ? `KiTa-Jahr ${seasonText(editing.season.identifier)} bearbeiten` : 'Neues KiTa-Jahr'}
        size="lg"
        closeButtonProps={{ 'aria-label': 'Schließen' }}
      >
        {editing && <SeasonForm season={editing.season} onDone={() => setEditing(null)} onCancel={() => setEditing(null)} />}
      </Modal>
    </>
  );
}
