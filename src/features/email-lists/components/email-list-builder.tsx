import { Button, Group, List, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useEffect, useRef, useState } from 'react';
import { TableScrollRegion } from '../../../components/data-table/table-scroll-region';
import { reportError } from '../../../lib/api-client';
import {
  contactKindLabels,
  emailListQuerySchema,
  exclusionRuleLabels,
  type EmailListPreview,
  type EmailListQuery,
  type SavedEmailList,
} from '../../../shared/contracts/email-lists';
import { exportAddresses } from '../api/export-addresses';
import { LeaveGuard } from '../../../components/dialogs/leave-guard';
import { useEmailListPreview } from '../api/preview-email-list';
import { CopyChunks } from './copy-chunks';
import { CriteriaForm, type SeasonOption } from './criteria-form';
import { LeftOutDialog } from './left-out-dialog';
import { SavedListsTable } from './saved-lists-table';
import { SaveListDialog } from './save-list-dialog';
import classes from './email-list-builder.module.css';

const addressesText = (n: number) => `${n.toLocaleString('de-DE')} ${n === 1 ? 'Adresse' : 'Adressen'}`;

/** the count as SPEC §6 names it ("42 Adressen"), and each left-out rule ("12 ausgelassen: keine Newsletter-Einwilligung") */
function CountSummary({ preview, loading, onShowLeftOut }: { preview: EmailListPreview | undefined; loading: boolean; onShowLeftOut: () => void }) {
  return (
    <div>
      <div role="status" aria-live="polite" aria-atomic="true">
        <Group gap="xs" align="center">
          <Text fw={700} fz="xl">
            {preview ? addressesText(preview.count) : 'Adressen werden gezählt …'}
          </Text>
          {loading && <Loader size="xs" aria-label="wird aktualisiert" />}
        </Group>
        {preview && preview.excluded.length > 0 && (
          <List size="sm" mt={4}>
            {preview.excluded.map((e) => (
              <List.Item key={e.rule}>{`${e.count.toLocaleString('de-DE')} ausgelassen: ${exclusionRuleLabels[e.rule]}`}</List.Item>
            ))}
          </List>
        )}
      </div>
      {preview && preview.excluded.length > 0 && (
        <Button variant="subtle" size="compact-sm" mt={4} onClick={onShowLeftOut}>
          Ausgelassene anzeigen
        </Button>
      )}
    </div>
  );
}

/**
 * /verwaltung/email-adressen: criteria → a live count (debounced; a superseded request is aborted), the left-out
 * addresses per rule, copy in blocks, CSV/XLSX, and saved lists.
 */
export function EmailListBuilder({ seasons, currentSeasonId }: { seasons: SeasonOption[]; currentSeasonId: number | null }) {
  const fresh = (): EmailListQuery => emailListQuerySchema.parse({ criteria: { seasonId: currentSeasonId }, purpose: 'information' });
  const [query, setQuery] = useState<EmailListQuery>(fresh);
  const [current, setCurrent] = useState<SavedEmailList | null>(null);
  /** the criteria changed since the list was opened, begun or saved */
  const [edited, setEdited] = useState(false);
  const [debounced] = useDebouncedValue(query, 300);
  const preview = useEmailListPreview(debounced);
  const [copyOpen, setCopyOpen] = useState(false);
  const [leftOutOpen, setLeftOutOpen] = useState(false);
  const [saveOpen, setSaveOpen] = useState(false);
  const [exporting, setExporting] = useState<'csv' | 'xlsx' | null>(null);
  const settled = debounced === query && !preview.isFetching;

  const download = async (format: 'csv' | 'xlsx') => {
    setExporting(format);
    try {
      await exportAddresses(query, format);
    } catch (error) {
      reportError(error, 'Die Adressen konnten nicht exportiert werden.');
    } finally {
      setExporting(null);
    }
  };
  const criteriaHeading = useRef<HTMLHeadingElement>(null);
  const [opened, setOpened] = useState(0);
  const open = (list: SavedEmailList) => {
    setCurrent(list);
    setQuery({ criteria: list.criteria, purpose: list.purpose });
    setEdited(false);
    setOpened((n) => n + 1);
  };
  // "Öffnen" shows what it did (issue 34: the criteria changed far above, unseen): the criteria's heading, now naming
  // the list, comes into view and takes the focus (a screen reader reads it)
  useEffect(() => {
    if (opened > 0) criteriaHeading.current?.focus();
  }, [opened]);

  return (
    <Stack gap="lg">
      {/* a saved list's changed criteria: a fresh list's are only a query, exported or copied without saving */}
      <LeaveGuard when={current !== null && edited}>
        {`Die geänderten Kriterien der Liste „${current?.name ?? ''}“ sind noch nicht gespeichert. Wenn du die Seite verlässt, gehen sie verloren.`}
      </LeaveGuard>
      {/* from 1200 px the result stands beside the criteria and stays in view while they change (issue 34) */}
      <div className={classes.builder}>
        <Paper withBorder p="md" component="section" aria-labelledby="email-criteria-heading">
          <Group justify="space-between" mb="sm">
            <Title order={2} fz="h3" id="email-criteria-heading" ref={criteriaHeading} tabIndex={-1} className={classes.focusable}>
              {current ? `Kriterien der Liste „${current.name}“` : 'Kriterien'}
            </Title>
            {current && (
              <Button
                variant="subtle"
                size="xs"
                onClick={() => {
                  setCurrent(null);
                  setQuery(fresh());
                  setEdited(false);
                }}
              >
                Neue Liste beginnen
              </Button>
            )}
          </Group>
          <CriteriaForm
            value={query}
            onChange={(next) => {
              setQuery(next);
              setEdited(true);
            }}
            seasons={seasons}
          />
        </Paper>

        <Paper withBorder p="md" component="section" aria-labelledby="email-result-heading" className={classes.result}>
          <Title order={2} fz="h3" id="email-result-heading" mb="sm">
            Ergebnis
          </Title>
          <Stack gap="sm">
            <CountSummary preview={preview.data} loading={!settled} onShowLeftOut={() => setLeftOutOpen(true)} />
            <Group gap="xs" wrap="wrap">
              <Button variant="light" aria-expanded={copyOpen} aria-controls="email-copy-blocks" onClick={() => setCopyOpen((o) => !o)}>
                Adressen kopieren
              </Button>
              <Button variant="light" loading={exporting === 'csv'} onClick={() => void download('csv')}>
                Als CSV (Excel) exportieren
              </Button>
              <Button variant="light" loading={exporting === 'xlsx'} onClick={() => void download('xlsx')}>
                Als Excel (XLSX) exportieren
              </Button>
              <Button onClick={() => setSaveOpen(true)}>Liste speichern</Button>
            </Group>
            <div id="email-copy-blocks" hidden={!copyOpen}>
              {copyOpen && preview.data && <CopyChunks query={debounced} count={preview.data.count} />}
            </div>
          </Stack>
        </Paper>
      </div>
      {preview.data && preview.data.addresses.length > 0 && (
        <TableScrollRegion minWidth={640} labelledBy="email-preview-caption">
          <Table captionSide="top" striped>
            <Table.Caption id="email-preview-caption" style={{ textAlign: 'left' }}>
              {preview.data.count > preview.data.addresses.length
                ? `Vorschau: die ersten ${preview.data.addresses.length} von ${addressesText(preview.data.count)}`
                : 'Vorschau der Adressen'}
            </Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">E-Mail</Table.Th>
                <Table.Th scope="col">Name</Table.Th>
                <Table.Th scope="col">KiTa</Table.Th>
                <Table.Th scope="col">Funktion</Table.Th>
                <Table.Th scope="col">Regierungsbezirk</Table.Th>
                <Table.Th scope="col">Warum enthalten</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {preview.data.addresses.map((a) => (
                <Table.Tr key={a.email.toLowerCase()}>
                  <Table.Td>{a.email}</Table.Td>
                  <Table.Td>{a.name}</Table.Td>
                  <Table.Td>{a.facility}</Table.Td>
                  <Table.Td>{a.position}</Table.Td>
                  <Table.Td>{a.region}</Table.Td>
                  <Table.Td>{a.kinds.map((k) => contactKindLabels[k]).join(', ')}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </TableScrollRegion>
      )}

      <SavedListsTable seasons={seasons} onOpen={open} openId={current?.id ?? null} />
      {leftOutOpen && <LeftOutDialog query={debounced} onClose={() => setLeftOutOpen(false)} />}
      {saveOpen && (
        <SaveListDialog
          opened
          onClose={() => setSaveOpen(false)}
          query={query}
          current={current}
          onSaved={(list) => {
            setCurrent(list);
            setEdited(false);
          }}
        />
      )}
    </Stack>
  );
}
