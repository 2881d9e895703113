import { Button, Checkbox, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { type DataTableColumn } from '../../../components/data-table/data-table';
import { AnchorLink } from '../../../components/links/anchor-link';
import { ListFilterSelect, ListPage } from '../../../components/list-page/list-page';
import { reportError } from '../../../lib/api-client';
import { fetchFile, saveFile } from '../../../lib/download';
import { formatDateTime } from '../../../lib/locale';
import type { AdminEnrolment, AdminOffering } from '../../../shared/contracts/admin-programme';
import { listQueryOf, type ListSearch } from '../../../shared/contracts/list-contract';
import { enrolmentStateLabels } from '../../../shared/contracts/programme';
import type { offeringEnrolmentList } from '../../../shared/contracts/programme-lists';
import { enrolmentContractOf, enrolmentListQueryOptions, enrolmentParamsOf, useEnrolmentList, type EnrolmentScope } from '../api/enrolments';
import { AddPersonDialog } from './add-person-dialog';
import { AttendanceSheet } from './attendance-sheet';
import { EnrolmentBulkActions } from './enrolment-bulk-actions';

export type EnrolmentSearch = ListSearch<typeof offeringEnrolmentList>;

type Props = {
  scope: EnrolmentScope;
  search: EnrolmentSearch;
  onSearchChange: (next: Partial<EnrolmentSearch>) => void;
  heading: string;
  /** the offering (or awarding event): date, place, seats taken/free, waiting list */
  summary: ReactNode;
  /** where "Person hinzufügen" books: the date itself, or the workshops of an awarding event */
  bookable: AdminOffering[];
  moveTargets: AdminOffering[];
  /** the attendance list's title (the offering's) and second line (date and place) */
  printTitle: string;
  printSubtitle: string;
};

const texts = (heading: string, filtered: boolean) => ({
  heading,
  caption: 'Teilnehmende',
  searchHint: 'KiTa oder Name',
  filtersLabel: 'Anmeldungen filtern',
  empty: filtered ? 'Keine Anmeldung passt zu diesen Filtern.' : 'Noch niemand angemeldet.',
  error: 'Die Anmeldungen konnten nicht geladen werden.',
});

/**
 * The participants of one date (or of all workshops of one awarding event): list kit with search, state filter and
 * exports, row selection for the bulk actions, "Person hinzufügen" and the printed attendance list.
 */
export function EnrolmentsPage({ scope, search, onSearchChange, heading, summary, bookable, moveTargets, printTitle, printSubtitle }: Props) {
  const contract = enrolmentContractOf(scope);
  const query = listQueryOf(contract, search);
  const result = useEnrolmentList(scope, query);
  const queryClient = useQueryClient();
  const [selected, setSelected] = useState<Map<number, AdminEnrolment>>(new Map());
  const [adding, setAdding] = useState(false);
  const [printRows, setPrintRows] = useState<AdminEnrolment[] | null>(null);
  const rows = result.data?.items ?? [];
  const workshops = scope.kind === 'awarding';

  useEffect(() => {
    if (!printRows) return;
    const done = () => setPrintRows(null);
    window.addEventListener('afterprint', done, { once: true });
    window.print();
    return () => window.removeEventListener('afterprint', done);
  }, [printRows]);

  async function printAttendance() {
    try {
      const all = await queryClient.fetchQuery(
        enrolmentListQueryOptions(scope, listQueryOf(contract, { pageSize: 0, sort: 'lastName', dir: 'asc' })),
      );
      setPrintRows(all.items.filter((e) => e.state === 'confirmed' || e.state === 'attended'));
    } catch (error) {
      reportError(error, 'Die Anwesenheitsliste konnte nicht geladen werden.');
    }
  }

  // the Teilnahmebescheinigungen of everyone marked attended, one page each (issue 37)
  const [certificatesLoading, setCertificatesLoading] = useState(false);
  async function downloadCertificates(offeringId: number) {
    setCertificatesLoading(true);
    try {
      const { blob, filename } = await fetchFile(`/api/admin/offerings/${offeringId}/attendance-certificates.pdf`, 'teilnahmebescheinigungen.pdf');
      saveFile(blob, filename);
    } catch (error) {
      reportError(error, 'Die Teilnahmebescheinigungen konnten nicht geladen werden.');
    } finally {
      setCertificatesLoading(false);
    }
  }

  const toggle = (row: AdminEnrolment, on: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      if (on) next.set(row.id, row);
      else next.delete(row.id);
      return next;
    });
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id));
  const someOnPage = rows.some((r) => selected.has(r.id));

  const columns: DataTableColumn<AdminEnrolment>[] = [
    {
      key: 'select',
      label: 'Auswahl',
      header: (
        <Checkbox
          aria-label="Alle Anmeldungen dieser Seite auswählen"
          checked={allOnPage}
          indeterminate={someOnPage && !allOnPage}
          onChange={(e) => {
            const on = e.currentTarget.checked;
            setSelected((current) => {
              const next = new Map(current);
              for (const r of rows) {
                if (on) next.set(r.id, r);
                else next.delete(r.id);
              }
              return next;
            });
          }}
        />
      ),
      width: 40,
      render: (r) => (
        <Checkbox
          aria-label={`${r.firstName} ${r.lastName} (${r.facilityLabel}) auswählen`}
          checked={selected.has(r.id)}
          onChange={(e) => toggle(r, e.currentTarget.checked)}
        />
      ),
    },
    {
      key: 'facilityLabel',
      header: 'KiTa',
      sortable: true,
      render: (r) => (
        <>
          <AnchorLink to="/verwaltung/kitas/$facilityId" params={{ facilityId: r.facilityId }}>
            {r.facilityLabel}
          </AnchorLink>
          <Text size="sm">
            {r.facilityPostalCode} {r.facilityCity}
            {r.facilityRegion ? `, ${r.facilityRegion}` : ''}
          </Text>
        </>
      ),
    },
    {
      key: 'lastName',
      header: 'Person',
      sortable: true,
      render: (r) => (
        <>
          {r.lastName}, {r.firstName}
          <Text size="sm">{r.position}</Text>
        </>
      ),
    },
    {
      key: 'contact',
      header: 'Kontakt',
      render: (r) => (
        <>
          {r.email && (
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {r.email}
            </Text>
          )}
          {r.phone && <Text size="sm">{r.phone}</Text>}
        </>
      ),
    },
    ...(workshops ? [{ key: 'offeringTitle', header: 'Workshop' } satisfies DataTableColumn<AdminEnrolment>] : []),
    {
      key: 'state',
      header: 'Status',
      sortable: true,
      render: (r) => (
        <>
          {enrolmentStateLabels[r.state]}
          {r.overCapacity && <Text size="sm">über die Kapazität</Text>}
          {r.cancelReason && <Text size="sm">Grund: {r.cancelReason}</Text>}
        </>
      ),
    },
    { key: 'waitlistPosition', header: 'Wartelistenplatz', sortable: true, align: 'right', render: (r) => r.waitlistPosition ?? '' },
    {
      key: 'createdAt',
      header: 'Angemeldet am',
      sortable: true,
      render: (r) => `${formatDateTime(r.createdAt)}${r.createdBy ? ` von ${r.createdBy.name}` : ''}`,
    },
  ];

  return (
    <>
      <ListPage
        contract={contract}
        params={enrolmentParamsOf(scope)}
        search={search}
        onSearchChange={(next) => {
          setSelected(new Map());
          onSearchChange(next);
        }}
        result={result}
        texts={texts(heading, Boolean(search.q || search.state))}
        exports
        actions={
          <>
            <Button onClick={() => setAdding(true)} disabled={bookable.length === 0}>
              Person hinzufügen
            </Button>
            <Button variant="default" onClick={() => void printAttendance()}>
              Anwesenheitsliste drucken
            </Button>
            {scope.kind === 'offering' && (
              <Button variant="default" loading={certificatesLoading} onClick={() => void downloadCertificates(scope.offeringId)}>
                Teilnahmebescheinigungen (PDF)
              </Button>
            )}
          </>
        }
        filters={
          <ListFilterSelect
            label="Status"
            width={180}
            options={enrolmentStateLabels}
            value={search.state}
            onChange={(state) => onSearchChange({ state, page: undefined })}
          />
        }
        toolbar={<EnrolmentBulkActions selected={[...selected.values()]} moveTargets={moveTargets} onDone={() => setSelected(new Map())} />}
        columns={columns}
        minWidth={960}
      >
        <Stack gap={4} mb="md">
          {summary}
        </Stack>
      </ListPage>
      <AddPersonDialog opened={adding} onClose={() => setAdding(false)} offerings={bookable} />
      {printRows && <AttendanceSheet title={printTitle} subtitle={printSubtitle} rows={printRows} />}
    </>
  );
}
