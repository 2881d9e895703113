import { Alert, Badge, Button, Group, NativeSelect, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { AnchorLink } from '../../../components/links/anchor-link';
import { reportError } from '../../../lib/api-client';
import { formatDate, formatDateTime } from '../../../lib/locale';
import { notify } from '../../../lib/notifications';
import {
  legacyFieldLabels,
  legacyCountsText,
  legacyImportStateLabels,
  legacyRowStateLabel,
  legacyRowStates,
  type LegacyField,
  type LegacyImport,
  type LegacyImportRowDto,
  type LegacyRowState,
} from '../../../shared/contracts/legacy-imports';
import { useCommitImport, useFixRowMatch, useSkipRow, useUndoImport } from '../api/import-actions';
import { useImportRows } from '../api/import-rows';
import { useLegacyImport } from '../api/legacy-imports';
import { CorrectRowDialog, FindFacilityDialog, findButtonId, fixButtonId } from './legacy-row-dialogs';

const NEW = 'new';
const stateColors: Record<LegacyRowState, string> = { accepted: 'green', error: 'red', duplicate: 'gray', skipped: 'gray' };

/** the cell naming a row (file line, KiTa): what the row's buttons describe to a screen reader */
const rowLabelId = (row: LegacyImportRowDto) => `legacy-row-label-${row.id}`;
const describedBy = (row: LegacyImportRowDto) => `${rowLabelId(row)}-no ${rowLabelId(row)}`;

const refText = (f: { label: string; postalCode: string; city: string }) => `${f.label} (${f.postalCode} ${f.city})`;

/**
 * After the import: the KiTa a row went to; one the import created says so (issue 34: not "neu anlegen" once it
 * exists), and after the undo that it was removed again (unless the undo kept it).
 */
function doneText(row: LegacyImportRowDto, imp: LegacyImport): string {
  if (row.matchKind !== 'new') return row.facility ? refText(row.facility) : '–';
  if (row.facility) return `${refText(row.facility)}, vom Import angelegt`;
  return imp.state === 'undone' ? 'vom Import angelegt, beim Rückgängigmachen wieder entfernt' : 'vom Import angelegt, inzwischen gelöscht';
}

/**
 * The KiTa a row goes to: fixed, or chosen among its candidates and "neu anlegen" while the import is a preview, or
 * any KiTa of the portal with "Andere KiTa suchen".
 */
function MatchCell({ row, imp, onFind }: { row: LegacyImportRowDto; imp: LegacyImport; onFind: (row: LegacyImportRowDto) => void }) {
  const fix = useFixRowMatch();
  if (row.matchKind === 'none') return <Text size="sm">–</Text>;
  if (imp.state !== 'preview' || row.state === 'skipped') return <Text size="sm">{imp.state === 'preview' ? '–' : doneText(row, imp)}</Text>;
  const options = new Map<string, string>();
  if (row.facility) options.set(String(row.facility.id), `${row.facility.label} (${row.facility.postalCode} ${row.facility.city})`);
  for (const c of row.candidates) options.set(String(c.id), `${c.label} (${c.postalCode} ${c.city}), ähnlich ${Math.round(c.similarity * 100)} %`);
  options.set(NEW, 'neu anlegen');
  const value = row.facility ? String(row.facility.id) : NEW;
  return (
    <Stack gap={4} align="flex-start">
      {row.matchKind === 'exact' && row.candidates.length === 0 ? (
        <Text size="sm">{options.get(value)}</Text>
      ) : (
        <MatchSelect row={row} imp={imp} options={options} value={value} fix={fix} />
      )}
      <Button id={findButtonId(row)} size="compact-xs" variant="subtle" aria-describedby={describedBy(row)} onClick={() => onFind(row)}>
        Andere KiTa suchen
      </Button>
    </Stack>
  );
}

function MatchSelect({
  row,
  imp,
  options,
  value,
  fix,
}: {
  row: LegacyImportRowDto;
  imp: LegacyImport;
  options: Map<string, string>;
  value: string;
  fix: ReturnType<typeof useFixRowMatch>;
}) {
  return (
    <NativeSelect
      size="xs"
      // wide enough for "neu anlegen" and a KiTa's name to show whole, never wider than a phone's card (issue 34)
      miw="min(14rem, 100%)"
      label={`KiTa für Zeile ${row.rowNo}`}
      data={[...options].map(([v, label]) => ({ value: v, label }))}
      value={value}
      disabled={fix.isPending}
      onChange={(e) => {
        const next = e.currentTarget.value;
        fix.mutate(
          { id: imp.id, rowId: row.id, facilityId: next === NEW ? null : Number(next) },
          { onError: (err) => reportError(err, 'Die Zuordnung wurde nicht gespeichert.') },
        );
      }}
    />
  );
}

const fieldName = (key: string) => (key === 'row' ? 'Zeile' : (legacyFieldLabels[key as LegacyField] ?? key));

type RowActions = {
  onFix: (row: LegacyImportRowDto) => void;
  onFind: (row: LegacyImportRowDto) => void;
  onSkip: (row: LegacyImportRowDto, skipped: boolean) => void;
  skipping: boolean;
};

/** a preview's row: "Korrigieren" and "Überspringen" (or "Wieder aufnehmen"), named as they read, describing their row */
function RowButtons({ row, actions }: { row: LegacyImportRowDto; actions: RowActions }) {
  const skipped = row.state === 'skipped';
  return (
    <Stack gap={4} align="flex-start">
      {!skipped && (
        <Button id={fixButtonId(row)} size="compact-sm" variant="light" aria-describedby={describedBy(row)} onClick={() => actions.onFix(row)}>
          Korrigieren
        </Button>
      )}
      <Button
        id={`legacy-row-skip-${row.id}`}
        size="compact-sm"
        variant="subtle"
        aria-describedby={describedBy(row)}
        disabled={actions.skipping}
        onClick={() => actions.onSkip(row, !skipped)}
      >
        {skipped ? 'Wieder aufnehmen' : 'Überspringen'}
      </Button>
    </Stack>
  );
}

const columnsOf = (imp: LegacyImport, actions: RowActions): DataTableColumn<LegacyImportRowDto>[] => [
  { key: 'rowNo', header: 'Zeile', align: 'right' },
  {
    key: 'state',
    header: 'Zustand',
    render: (r) => (
      <Badge color={stateColors[r.state]} variant="light">
        {legacyRowStateLabel(r.state, imp.state)}
      </Badge>
    ),
  },
  {
    key: 'label',
    header: 'KiTa in der Datei',
    render: (r) => (
      <>
        <VisuallyHidden id={`${rowLabelId(r)}-no`}>{`Zeile ${r.rowNo}:`}</VisuallyHidden>
        <span id={rowLabelId(r)}>{`${r.label} (${r.postalCode} ${r.city})`.replace(' ( )', '')}</span>
      </>
    ),
  },
  // the season with what the row says of it, in one column: eight columns fit 1280 px without scrolling sideways
  {
    key: 'season',
    header: 'KiTa-Jahr',
    render: (r) => (
      <Stack gap={0}>
        <Text size="sm">{r.season}</Text>
        {r.enrolledOn && (
          <Text size="xs" c="dimmed">
            angemeldet am {formatDate(r.enrolledOn)}
          </Text>
        )}
        {r.awarded !== null && (
          <Text size="xs" c="dimmed">
            {r.awarded ? 'ausgezeichnet' : 'nicht ausgezeichnet'}
          </Text>
        )}
      </Stack>
    ),
  },
  { key: 'facility', header: 'KiTa im Portal', render: (r) => <MatchCell row={r} imp={imp} onFind={actions.onFind} /> },
  {
    key: 'errors',
    header: 'Hinweise',
    render: (r) => (
      <Stack gap={2}>
        {Object.entries(r.errors).map(([k, m]) => (
          <Text key={k} size="sm" c={r.state === 'error' ? 'red.9' : undefined}>
            {fieldName(k)}: {m}
          </Text>
        ))}
        {r.state === 'skipped' && <Text size="sm">Du hast diese Zeile übersprungen; sie wird nicht importiert.</Text>}
      </Stack>
    ),
  },
  ...(imp.state === 'preview'
    ? [{ key: 'actions', header: 'Aktionen', render: (r: LegacyImportRowDto) => <RowButtons row={r} actions={actions} /> }]
    : []),
];

const heading = 'Migration alter manueller Daten: Listenansicht';

/** what "Importieren" will create, counted and explained (issue 34): on the page and in the confirmation */
function PlanText({ plan, correctable = false }: { plan: NonNullable<LegacyImport['plan']>; correctable?: boolean }) {
  return (
    <Stack gap={4}>
      <Text fw={500}>„Importieren“ legt an: {legacyCountsText(plan)}.</Text>
      <Text size="sm">
        Eine Anmeldung je Zeile „wird übernommen“, dazu eine Auszeichnung, wo die Zeile „ausgezeichnet: ja“ sagt; was es schon gibt, zählt nicht mit.
        Zeilen mit Fehler und doppelte Zeilen bleiben außen vor.
        {plan.seasonLabels.length > 0 && ` Neue KiTa-Jahre werden als abgeschlossene frühere KiTa-Jahre angelegt: ${plan.seasonLabels.join(', ')}.`}
        {plan.facilities > 0 && ' Neue KiTas bekommen nur, was die Datei über sie sagt; fehlende Stammdaten bleiben leer.'}
      </Text>
      {correctable && (
        <Text size="sm">
          Eine Zeile mit Fehler berichtigst du mit „Korrigieren“ (nur in dieser Vorschau, die Datei bleibt wie sie ist) oder lässt sie mit
          „Überspringen“ aus. Gehört eine Zeile zu einer anderen KiTa als der vorgeschlagenen, wähle sie unter „KiTa im Portal“ oder suche sie mit
          „Andere KiTa suchen“.
        </Text>
      )}
    </Stack>
  );
}

/** without an import to show (the address lacks it, or names none that exists): the way to the imports */
function NoImport({ text }: { text: string }) {
  return (
    <Stack>
      <Title order={1}>{heading}</Title>
      <Text>{text}</Text>
      <AnchorLink to="/verwaltung/datenpflege/migration-alte-manuelle-daten">Zu den Importen</AnchorLink>
    </Stack>
  );
}

export function LegacyRowsPage({ importId }: { importId: number }) {
  if (importId <= 0) return <NoImport text="Wähle in der Tabelle „Importe“ die Datei, deren Zeilen du sehen möchtest." />;
  return <ImportRows importId={importId} />;
}

function ImportRows({ importId }: { importId: number }) {
  const imp = useLegacyImport(importId);
  const [state, setState] = useState<LegacyRowState | undefined>(undefined);
  const [paging, setPaging] = useState({ page: 1, pageSize: 100 });
  const rows = useImportRows(importId, { state, ...paging });
  const commit = useCommitImport();
  const undo = useUndoImport();
  const [confirmUndo, setConfirmUndo] = useState(false);
  const [confirmCommit, setConfirmCommit] = useState(false);
  const [fixing, setFixing] = useState<LegacyImportRowDto | null>(null);
  const [finding, setFinding] = useState<LegacyImportRowDto | null>(null);
  const skip = useSkipRow();
  const focusStatus = () => status.current?.focus();
  const actions: RowActions = {
    onFix: setFixing,
    onFind: setFinding,
    skipping: skip.isPending,
    onSkip: (row, skipped) =>
      skip.mutate(
        { id: importId, rowId: row.id, skipped },
        {
          onSuccess: () =>
            // the row may have left the filtered table: then the status line with the new counts takes the focus
            requestAnimationFrame(() => {
              const button = document.getElementById(`legacy-row-skip-${row.id}`);
              if (button) button.focus();
              else focusStatus();
            }),
          onError: (err) => reportError(err, skipped ? 'Die Zeile wurde nicht übersprungen.' : 'Die Zeile wurde nicht wieder aufgenommen.'),
        },
      ),
  };
  // after "Importieren" and "Import rückgängig machen" the status says what happened and takes the focus
  const status = useRef<HTMLParagraphElement>(null);
  const shownState = useRef(imp.data?.state);
  useEffect(() => {
    if (shownState.current && shownState.current !== imp.data?.state) status.current?.focus();
    shownState.current = imp.data?.state;
  }, [imp.data?.state]);
  if (imp.isError) return <NoImport text="Diesen Import gibt es nicht." />;
  if (!imp.data) return <NoImport text="Lädt …" />;
  const i = imp.data;
  return (
    <Stack>
      <Title order={1}>{heading}</Title>
      <AnchorLink to="/verwaltung/datenpflege/migration-alte-manuelle-daten">Zurück zu den Importen</AnchorLink>
      <Text ref={status} tabIndex={-1}>
        Datei „{i.fileName}“, hochgeladen am {formatDateTime(i.createdAt)}: <strong>{legacyImportStateLabels[i.state]}</strong>. {i.counts.total}{' '}
        Zeilen: {i.counts.accepted} {legacyRowStateLabel('accepted', i.state, i.counts.accepted)}, {i.counts.error}{' '}
        {legacyRowStateLabel('error', i.state)}, {i.counts.duplicate} {legacyRowStateLabel('duplicate', i.state)}
        {i.counts.skipped > 0 && `, ${i.counts.skipped} ${legacyRowStateLabel('skipped', i.state)}`}.
        {i.state === 'committed' && ` Importiert: ${legacyCountsText(i.created)}.`}
      </Text>
      {i.state === 'preview' && i.plan && (
        <Alert color="blue" title="Vor dem Import">
          <PlanText plan={i.plan} correctable />
        </Alert>
      )}
      {i.keptFacilities.length > 0 && (
        <Alert color="yellow" title="Diese KiTas sind geblieben, weil sie inzwischen weitere Daten haben:">
          {i.keptFacilities.map((f) => f.label).join(', ')}
        </Alert>
      )}
      <Group>
        {i.state === 'preview' && <Button onClick={() => setConfirmCommit(true)}>Importieren</Button>}
        {i.state === 'committed' && (
          <Button color="red" variant="outline" onClick={() => setConfirmUndo(true)}>
            Import rückgängig machen
          </Button>
        )}
      </Group>
      <NativeSelect
        label="Zustand"
        w={220}
        data={[{ value: '', label: 'alle' }, ...legacyRowStates.map((s) => ({ value: s, label: legacyRowStateLabel(s, i.state) }))]}
        value={state ?? ''}
        onChange={(e) => {
          setState((e.currentTarget.value || undefined) as LegacyRowState | undefined);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      />
      <DataTable
        caption="Zeilen der Datei"
        columns={columnsOf(i, actions)}
        rows={rows.data?.items ?? []}
        total={rows.data?.total ?? 0}
        page={paging.page}
        pageSize={paging.pageSize}
        pageSizeOptions={[50, 100, 250, 500]}
        onChange={(q) => setPaging({ page: q.page, pageSize: q.pageSize || 500 })}
        loading={rows.isFetching}
        // the season column holds the row's dates: the table fits the 990 px an admin has at 1280 px
        minWidth={i.state === 'preview' ? 980 : 880}
        emptyText="Keine Zeilen in diesem Zustand."
        // on a phone or a narrow window each row is a card: its state, its KiTa choice and "Korrigieren" in view (issue 34)
        stackWhenNarrow
      />
      {fixing && i.state === 'preview' && (
        <CorrectRowDialog
          key={fixing.id}
          imp={i}
          row={fixing}
          onClose={() => setFixing(null)}
          onFocusFallback={focusStatus}
          onSaved={(row) => {
            setFixing(null);
            notify({ message: `Zeile ${row.rowNo} ist korrigiert: ${legacyRowStateLabel(row.state, i.state)}.` });
          }}
        />
      )}
      {finding && i.state === 'preview' && (
        <FindFacilityDialog key={finding.id} imp={i} row={finding} onClose={() => setFinding(null)} onFocusFallback={focusStatus} />
      )}
      {i.plan && (
        <ConfirmDialog
          opened={confirmCommit}
          title="Importieren?"
          confirmLabel="Ja, importieren"
          loading={commit.isPending}
          onClose={() => setConfirmCommit(false)}
          onConfirm={() =>
            commit.mutate(i.id, {
              onSuccess: (done) => {
                setConfirmCommit(false);
                notify({ message: `Importiert: ${legacyCountsText(done.created)}.` });
              },
              onError: (err) => reportError(err, 'Der Import hat nicht geklappt; es wurde nichts übernommen.'),
            })
          }
        >
          <PlanText plan={i.plan} />
        </ConfirmDialog>
      )}
      <ConfirmDialog
        opened={confirmUndo}
        title="Import rückgängig machen?"
        confirmLabel="Ja, rückgängig machen"
        danger
        loading={undo.isPending}
        onClose={() => setConfirmUndo(false)}
        onConfirm={() =>
          undo.mutate(i.id, {
            onSuccess: () => {
              setConfirmUndo(false);
              notify({ message: 'Der Import ist rückgängig gemacht.' });
            },
            onError: (err) => reportError(err, 'Der Import wurde nicht rückgängig gemacht.'),
          })
        }
      >
        Alle Einträge dieses Imports werden entfernt, ebenso die KiTas und KiTa-Jahre, die er angelegt hat – außer sie haben inzwischen weitere Daten.
      </ConfirmDialog>
    </Stack>
  );
}
