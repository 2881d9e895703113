import { Alert, Button, Group, NativeSelect, Paper, Progress, Stack, Table, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type DragEvent } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { AnchorLink } from '../../../components/links/anchor-link';
import { getErrorReason, reportError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/locale';
import { notify } from '../../../lib/notifications';
import {
  legacyFieldLabels,
  legacyFields,
  legacyImportStateLabels,
  type LegacyField,
  type LegacyImport,
  type LegacyImportSummary,
} from '../../../shared/contracts/legacy-imports';
import { useDiscardImport, useSaveMapping } from '../api/import-actions';
import { legacyImportQueryOptions, legacyImportsQueryKey, useLegacyImport, useLegacyImports } from '../api/legacy-imports';
import { uploadLegacyFile } from '../api/upload-legacy-file';

const texts = {
  heading: 'Migration alter manueller Daten',
  intro:
    'Hier übernimmst du alte Anmeldungen und Auszeichnungen aus CSV- oder Excel-Dateien (bis 10 MB). Du siehst vor dem Import jede Zeile mit ihrem Zustand und der KiTa, der sie zugeordnet wird.',
  fileLabel: 'Datei',
  fileHint: 'CSV (mit ; , oder Tab getrennt) oder XLSX, höchstens 10 MB. Du kannst die Datei auch hierher ziehen.',
  drop: 'Datei hier ablegen',
  upload: 'Hochladen',
  mapping: 'Spaltenzuordnung',
  mappingIntro: 'Ordne jeder Spalte der Datei ein Feld zu. KiTa-Name, PLZ und KiTa-Jahr brauchen wir mindestens.',
  notImported: '– nicht übernehmen –',
  preview: 'Vorschau anzeigen',
  imports: 'Importe',
  discard: 'Vorschau verwerfen',
};

/**
 * The per-column field choices; a field chosen twice is marked here and refused by the server. It appears after
 * "Hochladen" and takes the focus (CONVENTIONS habit 25: never the page body). The server's refusal of a mapping (a
 * required field without a column, a field twice) stands in the form, next to the columns, announced and focused:
 * the admin stays here to map a column or to add it to the file.
 */
function MappingForm({ imp, onDone }: { imp: LegacyImport; onDone: () => void }) {
  const [columns, setColumns] = useState<(LegacyField | null)[]>(imp.columns);
  const [refusal, setRefusal] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const refusalBox = useRef<HTMLDivElement>(null);
  const save = useSaveMapping();
  const used = new Map<LegacyField, number>();
  for (const c of columns) if (c) used.set(c, (used.get(c) ?? 0) + 1);
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (refusal) refusalBox.current?.focus();
  }, [refusal]);
  return (
    <Paper withBorder p="md" component="section" aria-labelledby="legacy-mapping-heading">
      <Title order={2} size="h4" mb="xs" id="legacy-mapping-heading" ref={heading} tabIndex={-1}>
        {texts.mapping}
      </Title>
      <Text size="sm" mb="sm">
        {texts.mappingIntro}
      </Text>
      <Table captionSide="top" withTableBorder>
        <Table.Caption>Spalten der Datei „{imp.fileName}“</Table.Caption>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Spalte der Datei</Table.Th>
            <Table.Th>Feld im Portal</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {imp.headers.map((header, i) => {
            const value = columns[i] ?? null;
            const twice = value !== null && (used.get(value) ?? 0) > 1;
            return (
              <Table.Tr key={i}>
                <Table.Td>{header || `Spalte ${i + 1}`}</Table.Td>
                <Table.Td>
                  <NativeSelect
                    label={`Feld für Spalte „${header || `Spalte ${i + 1}`}“`}
                    data={[{ value: '', label: texts.notImported }, ...legacyFields.map((f) => ({ value: f, label: legacyFieldLabels[f] }))]}
                    value={value ?? ''}
                    error={twice ? 'Dieses Feld ist schon einer anderen Spalte zugeordnet.' : undefined}
                    onChange={(e) => {
                      const next = [...columns];
                      next[i] = (e.currentTarget.value || null) as LegacyField | null;
                      setColumns(next);
                      setRefusal(null);
                    }}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {refusal && (
        <Alert ref={refusalBox} tabIndex={-1} mt="md" color="red" role="alert" title="Die Vorschau lässt sich so noch nicht anzeigen.">
          {refusal}
        </Alert>
      )}
      <Group mt="md">
        <Button
          loading={save.isPending}
          onClick={() => {
            setRefusal(null);
            save.mutate(
              { id: imp.id, columns },
              {
                onSuccess: onDone,
                onError: (err) => {
                  // a refused mapping (400) is said here, next to the columns; anything else as every other failure
                  const reason = getErrorReason(err);
                  if (reason?.code === 'validation_failed') setRefusal(reason.message);
                  else reportError(err, 'Die Spaltenzuordnung wurde nicht gespeichert.');
                },
              },
            );
          }}
        >
          {texts.preview}
        </Button>
      </Group>
    </Paper>
  );
}

function UploadBox({ onUploaded }: { onUploaded: (imp: LegacyImport) => void }) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const errorBox = useRef<HTMLDivElement>(null);
  // a refused upload: the button was disabled while it ran, so the focus goes to what went wrong
  useEffect(() => {
    if (error) errorBox.current?.focus();
  }, [error]);
  const start = (chosen: File | null) => {
    setFile(chosen);
    setError(null);
  };
  const onDrop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    start(e.dataTransfer.files[0] ?? null);
  };
  const send = async () => {
    if (!file) return setError('Bitte wähle eine Datei.');
    setProgress(0);
    try {
      onUploaded(await uploadLegacyFile(file, setProgress));
      setFile(null);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setProgress(null);
    }
  };
  return (
    <Paper
      withBorder
      p="md"
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      style={dragging ? { borderStyle: 'dashed', borderColor: 'var(--mantine-color-blue-6)' } : undefined}
    >
      <Stack gap="xs">
        <label htmlFor="legacy-file">
          <Text fw={500}>{texts.fileLabel}</Text>
        </label>
        <input
          id="legacy-file"
          type="file"
          accept=".csv,.txt,.xlsx,text/csv"
          aria-describedby="legacy-file-hint"
          onChange={(e) => start(e.currentTarget.files?.[0] ?? null)}
        />
        <Text id="legacy-file-hint" size="sm" c="dimmed">
          {dragging ? texts.drop : texts.fileHint}
        </Text>
        {progress !== null && <Progress value={Math.round(progress * 100)} aria-label="Fortschritt des Hochladens" animated />}
        {error && (
          <Alert ref={errorBox} tabIndex={-1} color="red" role="alert" title="Die Datei wurde nicht übernommen.">
            {error}
          </Alert>
        )}
        <Group>
          <Button onClick={() => void send()} loading={progress !== null} disabled={!file}>
            {texts.upload}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}

const historyColumns = (onDiscard: (imp: LegacyImportSummary) => void): DataTableColumn<LegacyImportSummary>[] => [
  {
    key: 'fileName',
    header: 'Datei',
    render: (i) => (
      <AnchorLink to="/verwaltung/datenpflege/migration-alte-manuelle-daten/listenansicht" search={{ importId: i.id }} fz="inherit">
        {i.fileName}
      </AnchorLink>
    ),
  },
  { key: 'createdBy', header: 'Von', render: (i) => i.createdBy ?? '–' },
  { key: 'createdAt', header: 'Hochgeladen am', render: (i) => formatDateTime(i.createdAt) },
  { key: 'state', header: 'Stand', render: (i) => legacyImportStateLabels[i.state] },
  // the good rows: "wird übernommen" in a preview, "übernommen" once imported (the column "Stand" says which)
  { key: 'accepted', header: 'gültig', align: 'right', render: (i) => i.counts.accepted },
  { key: 'error', header: 'Fehler', align: 'right', render: (i) => i.counts.error },
  { key: 'duplicate', header: 'doppelt', align: 'right', render: (i) => i.counts.duplicate },
  {
    key: 'actions',
    header: 'Aktionen',
    // only a preview can be discarded: an imported import is undone on its list view, and stays as history
    render: (i) =>
      i.state === 'preview' ? (
        <Button size="xs" variant="outline" color="red.9" aria-label={`${texts.discard}: „${i.fileName}“`} onClick={() => onDiscard(i)}>
          {texts.discard}
        </Button>
      ) : null,
  },
];

/** "Vorschau verwerfen?": what goes (the preview and its rows) and what does not (nothing was imported) */
function DiscardDialog({
  imp,
  onClose,
  onDiscarded,
}: {
  imp: LegacyImportSummary | null;
  onClose: () => void;
  onDiscarded: (imp: LegacyImportSummary) => void;
}) {
  const discard = useDiscardImport();
  return (
    <ConfirmDialog
      opened={imp !== null}
      title="Vorschau verwerfen?"
      confirmLabel="Ja, verwerfen"
      danger
      loading={discard.isPending}
      onClose={onClose}
      onConfirm={() =>
        imp &&
        discard.mutate(imp.id, {
          onSuccess: () => onDiscarded(imp),
          onError: (err) => reportError(err, 'Die Vorschau wurde nicht verworfen.'),
        })
      }
    >
      {imp
        ? `Die Vorschau der Datei „${imp.fileName}“ wird mit ihren ${imp.counts.total} Zeilen entfernt. Importiert wurde daraus nichts; du kannst die Datei jederzeit wieder hochladen.`
        : ''}
    </ConfirmDialog>
  );
}

export function LegacyImportPage({ onPreview }: { onPreview: (importId: number) => void }) {
  const [currentId, setCurrentId] = useState<number | null>(null);
  const [discarding, setDiscarding] = useState<LegacyImportSummary | null>(null);
  const importsHeading = useRef<HTMLHeadingElement>(null);
  const queryClient = useQueryClient();
  const current = useLegacyImport(currentId);
  const history = useLegacyImports();
  const items = history.data?.items ?? [];
  return (
    <Stack>
      <Title order={1}>{texts.heading}</Title>
      <Text>{texts.intro}</Text>
      <UploadBox
        onUploaded={(imp) => {
          // the new import is known: its mapping shows at once (and takes the focus), the list "Importe" gains it
          queryClient.setQueryData(legacyImportQueryOptions(imp.id).queryKey, imp);
          void queryClient.invalidateQueries({ queryKey: legacyImportsQueryKey, exact: true });
          setCurrentId(imp.id);
        }}
      />
      {current.data && current.data.state === 'preview' && (
        <MappingForm key={current.data.id} imp={current.data} onDone={() => onPreview(current.data.id)} />
      )}
      {/* the heading names the table (its caption is hidden) and takes the focus after a preview is discarded */}
      <Title order={2} size="h3" ref={importsHeading} tabIndex={-1} style={{ outline: 'none' }}>
        {texts.imports}
      </Title>
      <DataTable
        caption={texts.imports}
        captionHidden
        columns={historyColumns(setDiscarding)}
        rows={items}
        total={items.length}
        page={1}
        pageSize={0}
        loading={history.isPending}
        minWidth={900}
        emptyText="Noch keine Importe."
      />
      <DiscardDialog
        imp={discarding}
        onClose={() => setDiscarding(null)}
        onDiscarded={(imp) => {
          setDiscarding(null);
          if (currentId === imp.id) setCurrentId(null);
          notify({ message: `Die Vorschau „${imp.fileName}“ ist verworfen.` });
          importsHeading.current?.focus();
        }}
      />
    </Stack>
  );
}
