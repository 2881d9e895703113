import { Badge, Button, Group, Modal, NativeSelect, Stack, Text } from '@mantine/core';
import { useMemo, useState } from 'react';
import { DataTable, type DataTableColumn, type DataTableSort } from '../../../components/data-table/data-table';
import { PageHeading } from '../../../components/layout/page-heading';
import { formatDate } from '../../../lib/locale';
import { type AdminSeason } from '../../../shared/contracts/admin-seasons';
import { useSeasons } from '../api/list-seasons';
import { SeasonForm } from './season-form';
import { SeasonRowActions } from './season-row-actions';
import { SeasonStatsPanel } from './season-stats';
import { seasonText } from '../../../shared/season-text';

type Editing = { season: AdminSeason | null } | null;

const span = (a: string | null, b: string | null) => (a || b ? `${formatDate(a)} – ${formatDate(b)}` : '');

function sortSeasons(items: AdminSeason[], sort: DataTableSort): AdminSeason[] {
  const key = sort.key as keyof AdminSeason;
  const factor = sort.dir === 'asc' ? 1 : -1;
  return [...items].sort((a, b) => String(a[key] ?? '').localeCompare(String(b[key] ?? ''), 'de') * factor);
}

/** /verwaltung/kita-jahre: every season, its enrolment state and numbers; a handful of rows, sorted here. */
export function SeasonsPage() {
  const { data: seasons } = useSeasons();
  const [editing, setEditing] = useState<Editing>(null);
  const [sort, setSort] = useState<DataTableSort>({ key: 'identifier', dir: 'desc' });
  const rows = useMemo(() => sortSeasons(seasons, sort), [seasons, sort]);
  const [statsId, setStatsId] = useState<number | null>(null);
  const statsSeason = seasons.find((s) => s.id === statsId) ?? seasons.find((s) => s.is_current) ?? seasons[0] ?? null;

  const columns: DataTableColumn<AdminSeason>[] = [
    { key: 'identifier', header: 'Kennung', sortable: true },
    {
      key: 'label',
      header: 'Bezeichnung',
      sortable: true,
      render: (s) => (
        <Group gap={6}>
          {s.label}
          {s.is_current && <Badge variant="light">aktuell</Badge>}
        </Group>
      ),
    },
    { key: 'start_date', header: 'Zeitraum', sortable: true, render: (s) => span(s.start_date, s.end_date) },
    {
      key: 'enrolment_state',
      header: 'Anmeldung',
      sortable: true,
      render: (s) => (
        <Stack gap={0}>
          <Badge color={s.enrolment_state === 'open' ? 'green' : 'gray'} variant="light">
            {s.enrolment_state === 'open' ? 'offen' : 'geschlossen'}
          </Badge>
          {s.enrolment_deadline && <Text size="xs">bis {formatDate(s.enrolment_deadline)}</Text>}
        </Stack>
      ),
    },
    {
      key: 'allow_documentation',
      header: 'Dokumentation',
      render: (s) => (s.allow_documentation ? `erlaubt${s.documentation_deadline ? ` bis ${formatDate(s.documentation_deadline)}` : ''}` : 'nicht erlaubt'),
    },
    { key: 'enrolled_count', header: 'Angemeldet', align: 'right' },
    { key: 'actions', header: 'Aktionen', render: (s) => <SeasonRowActions season={s} onEdit={() => setEditing({ season: s })} /> },
  ];

  return (
    <>
      <Group justify="space-between" align="flex-start">
        <PageHeading>KiTa-Jahre</PageHeading>
        <Button onClick={() => setEditing({ season: null })}>Neues KiTa-Jahr</Button>
      </Group>
      <Stack gap="xl">
        <DataTable
          caption="Alle KiTa-Jahre"
          columns={columns}
          rows={rows}
          total={rows.length}
          page={1}
          pageSize={0}
          sort={sort}
          onChange={(q) => setSort({ key: q.sort ?? 'identifier', dir: q.dir })}
          emptyText="Noch kein KiTa-Jahr angelegt."
          minWidth={1000}
        />
        {statsSeason && (
          <Stack gap="xs">
            <NativeSelect
              label="Zahlen für KiTa-Jahr"
              w={220}
              data={seasons.map((s) => ({ value: String(s.id), label: `${seasonText(s.identifier)}${s.is_current ? ' (aktuell)' : ''}` }))}
              value={String(statsSeason.id)}
              onChange={(e) => setStatsId(Number(e.currentTarget.value))}
            />
            <SeasonStatsPanel season={statsSeason} />
          </Stack>
        )}
      </Stack>
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
