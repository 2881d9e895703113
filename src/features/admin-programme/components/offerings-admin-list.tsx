import { Badge, Button, Text } from '@mantine/core';
import { useState } from 'react';
import { type DataTableColumn } from '../../../components/data-table/data-table';
import { AnchorLink } from '../../../components/links/anchor-link';
import { ListFilterSelect, ListPage } from '../../../components/list-page/list-page';
import { formatDateTime } from '../../../lib/locale';
import { WORK_LIST_SOON_DAYS } from '../../../shared/contracts/admin-home';
import type { AdminOffering } from '../../../shared/contracts/admin-programme';
import { regions } from '../../../shared/contracts/facility-lists';
import { listQueryOf, type ListSearch } from '../../../shared/contracts/list-contract';
import { offeringStateLabels, type OfferingKind } from '../../../shared/contracts/programme';
import { adminOfferingList, type OfferingAttention } from '../../../shared/contracts/programme-lists';
import { seasonText } from '../../../shared/season-text';
import { useAwardingEvents } from '../api/awarding-events';
import { useOfferingList } from '../api/list-offerings';
import { useTrainingModules } from '../api/training-modules';
import { OFFERING_NOUN, OfferingFormDialog } from './offering-form-dialog';
import { OfferingRowActions } from './offering-row-actions';
import type { SeasonOption } from './season-option';

export type OfferingSearch = ListSearch<typeof adminOfferingList>;

type Props = {
  kind: OfferingKind;
  search: OfferingSearch;
  onSearchChange: (next: Partial<OfferingSearch>) => void;
  seasons: SeasonOption[];
  /** inside a tab (the page has its h1): the list's heading is an h2 */
  section?: boolean;
};

const STATE_COLOR = { draft: 'gray', published: 'green', cancelled: 'red' } as const;

const TEXTS: Record<OfferingKind, { heading: string; caption: string; empty: string }> = {
  training: { heading: 'Termine', caption: 'Fortbildungstermine', empty: 'Kein Fortbildungstermin passt zu diesen Filtern.' },
  hospitation: { heading: 'Hospitationen', caption: 'Alle Hospitationen', empty: 'Keine Hospitation passt zu diesen Filtern.' },
  awarding: { heading: 'Workshops der Auszeichnungsveranstaltungen', caption: 'Alle Workshops', empty: 'Kein Workshop passt zu diesen Filtern.' },
};

function EnrolmentsLink({ o }: { o: AdminOffering }) {
  if (o.kind === 'training')
    return (
      <AnchorLink to="/verwaltung/fortbildungen/$trainingEventId/anmeldungen" params={{ trainingEventId: o.id }}>
        {o.title}
      </AnchorLink>
    );
  if (o.kind === 'hospitation')
    return (
      <AnchorLink to="/verwaltung/hospitationen/$hospitationId/anmeldungen" params={{ hospitationId: o.id }}>
        {o.title}
      </AnchorLink>
    );
  return o.awardingEventId ? (
    <AnchorLink to="/verwaltung/auszeichnungsverantaltungen/$awardingEventId/anmeldungen" params={{ awardingEventId: o.awardingEventId }}>
      {o.title}
    </AnchorLink>
  ) : (
    <>{o.title}</>
  );
}

/** The dates of one kind (training events, hospitations, workshops) on the list kit: filters, seats, state, actions. */
export function OfferingsAdminList({ kind, search, onSearchChange, seasons, section }: Props) {
  // the list always asks for its kind; the URL does not carry it
  const effective = { ...search, kind };
  const result = useOfferingList(listQueryOf(adminOfferingList, effective));
  const modules = useTrainingModules(search.seasonId);
  const events = useAwardingEvents(search.seasonId);
  const [editing, setEditing] = useState<AdminOffering | 'new' | null>(null);
  const texts = TEXTS[kind];

  const columns: DataTableColumn<AdminOffering>[] = [
    { key: 'startsAt', header: 'Termin', sortable: true, render: (o) => formatDateTime(o.startsAt) },
    {
      key: 'title',
      header: 'Titel',
      sortable: true,
      render: (o) => (
        <>
          <EnrolmentsLink o={o} />
          {o.cancelReason && <Text size="sm">Abgesagt: {o.cancelReason}</Text>}
        </>
      ),
    },
    {
      key: 'state',
      header: 'Status',
      sortable: true,
      render: (o) => (
        <Badge variant="light" color={STATE_COLOR[o.state]} tt="none">
          {offeringStateLabels[o.state]}
        </Badge>
      ),
    },
    ...(kind === 'training' ? [{ key: 'moduleTitle', header: 'Modul', sortable: true } satisfies DataTableColumn<AdminOffering>] : []),
    ...(kind === 'hospitation' ? [{ key: 'hostFacilityLabel', header: 'Gastgebende KiTa' } satisfies DataTableColumn<AdminOffering>] : []),
    ...(kind === 'awarding' ? [{ key: 'awardingEventTitle', header: 'Veranstaltung' } satisfies DataTableColumn<AdminOffering>] : []),
    { key: 'region', header: 'Regierungsbezirk', sortable: true, render: (o) => o.region ?? '–' },
    // one column for the seats and the waiting list, so the table fits next to the sticky actions at 1280 px
    {
      key: 'seatsFree',
      header: 'Plätze belegt / frei',
      sortable: true,
      align: 'right',
      render: (o) => `${o.seatsTaken} / ${o.seatsFree}${o.waitlistLength > 0 ? `, ${o.waitlistLength} auf der Warteliste` : ''}`,
    },
    { key: 'actions', header: 'Aktionen', render: (o) => <OfferingRowActions offering={o} onEdit={setEditing} /> },
  ];

  return (
    <>
      <ListPage
        contract={adminOfferingList}
        search={search}
        onSearchChange={onSearchChange}
        result={result}
        section={section}
        exports
        texts={{
          ...texts,
          searchHint: 'Titel, Ort, Modul oder KiTa',
          filtersLabel: `${texts.caption} filtern`,
          error: 'Die Termine konnten nicht geladen werden.',
        }}
        actions={<Button onClick={() => setEditing('new')}>{OFFERING_NOUN[kind].new}</Button>}
        filters={
          <>
            <ListFilterSelect
              label="KiTa-Jahr"
              width={150}
              options={seasons.map((s) => ({ value: String(s.id), label: seasonText(s.identifier) }))}
              value={search.seasonId === undefined ? undefined : String(search.seasonId)}
              onChange={(v) =>
                onSearchChange({ seasonId: v ? Number(v) : undefined, moduleId: undefined, awardingEventId: undefined, page: undefined })
              }
            />
            <ListFilterSelect
              label="Regierungsbezirk"
              width={170}
              options={regions}
              value={search.region}
              onChange={(region) => onSearchChange({ region, page: undefined })}
            />
            {kind === 'training' && (
              <ListFilterSelect
                label="Modul"
                width={200}
                options={(modules.data?.items ?? []).map((m) => ({ value: String(m.id), label: m.title }))}
                value={search.moduleId === undefined ? undefined : String(search.moduleId)}
                onChange={(v) => onSearchChange({ moduleId: v ? Number(v) : undefined, page: undefined })}
              />
            )}
            {kind === 'awarding' && (
              <ListFilterSelect
                label="Veranstaltung"
                width={200}
                options={(events.data?.items ?? []).map((e) => ({ value: String(e.id), label: e.title }))}
                value={search.awardingEventId === undefined ? undefined : String(search.awardingEventId)}
                onChange={(v) => onSearchChange({ awardingEventId: v ? Number(v) : undefined, page: undefined })}
              />
            )}
            <ListFilterSelect
              label="Status"
              width={160}
              options={offeringStateLabels}
              value={search.state}
              onChange={(state) => onSearchChange({ state, page: undefined })}
            />
            <ListFilterSelect<OfferingAttention>
              label="Handlungsbedarf"
              width={230}
              options={[
                { value: 'waitlist', label: 'mit Warteliste' },
                { value: 'freeSeatsSoon', label: `beginnt in den nächsten ${WORK_LIST_SOON_DAYS} Tagen, Plätze frei` },
              ]}
              value={search.needs}
              onChange={(needs) => onSearchChange({ needs, page: undefined })}
            />
          </>
        }
        columns={columns}
        minWidth={900}
      />
      <OfferingFormDialog
        kind={kind}
        editing={editing}
        seasons={seasons}
        onClose={() => setEditing(null)}
        preset={{ moduleId: search.moduleId, awardingEventId: search.awardingEventId, seasonId: search.seasonId }}
      />
    </>
  );
}
