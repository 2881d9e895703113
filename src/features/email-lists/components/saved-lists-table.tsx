import { Button, Group, Table, Text } from '@mantine/core';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { TableScrollRegion } from '../../../components/data-table/table-scroll-region';
import { DownloadButton } from '../../../components/download/download-button';
import { reportError } from '../../../lib/api-client';
import { formatDateTime } from '../../../lib/locale';
import { notify } from '../../../lib/notifications';
import { purposeLabels, type SavedEmailList } from '../../../shared/contracts/email-lists';
import { useCopyEmailList } from '../api/copy-email-list';
import { useDeleteEmailList } from '../api/delete-email-list';
import { useSavedEmailLists } from '../api/list-email-lists';
import type { SeasonOption } from './criteria-form';

/** "Gespeicherte Listen": open, export (audited), copy to the next KiTa-Jahr, delete */
export function SavedListsTable({
  seasons,
  onOpen,
  openId,
}: {
  seasons: SeasonOption[];
  onOpen: (list: SavedEmailList) => void;
  openId: number | null;
}) {
  const { data: lists } = useSavedEmailLists();
  const copy = useCopyEmailList();
  const remove = useDeleteEmailList();
  const [deleting, setDeleting] = useState<SavedEmailList | null>(null);
  const seasonLabel = (id: number | null) => (id === null ? 'aktuelles KiTa-Jahr' : (seasons.find((s) => s.id === id)?.label ?? '–'));
  const copyToNext = async (list: SavedEmailList) => {
    try {
      const created = await copy.mutateAsync(list.id);
      notify({ message: `Kopie „${created.name}“ angelegt.` });
    } catch (error) {
      reportError(error, 'Die Liste konnte nicht kopiert werden.');
    }
  };
  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      notify({ message: `Die Liste „${deleting.name}“ ist gelöscht.` });
      setDeleting(null);
    } catch (error) {
      reportError(error, 'Die Liste konnte nicht gelöscht werden.');
    }
  };
  return (
    <>
      <TableScrollRegion minWidth={600} labelledBy="saved-email-lists-caption">
        <Table captionSide="top" striped>
          <Table.Caption id="saved-email-lists-caption" style={{ textAlign: 'left', fontWeight: 600 }}>
            Gespeicherte Listen
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Name</Table.Th>
              <Table.Th scope="col">Zweck</Table.Th>
              <Table.Th scope="col">KiTa-Jahr</Table.Th>
              <Table.Th scope="col">Zuletzt geändert</Table.Th>
              <Table.Th scope="col">Aktionen</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lists.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text size="sm">Noch keine Liste gespeichert.</Text>
                </Table.Td>
              </Table.Tr>
            )}
            {lists.map((l) => (
              <Table.Tr key={l.id} aria-current={l.id === openId ? 'true' : undefined}>
                <Table.Td>{l.name}</Table.Td>
                <Table.Td>{purposeLabels[l.purpose]}</Table.Td>
                <Table.Td>{seasonLabel(l.criteria.seasonId)}</Table.Td>
                <Table.Td>{`${formatDateTime(l.updatedAt)}${l.updatedBy ? ` · ${l.updatedBy.name}` : ''}`}</Table.Td>
                <Table.Td>
                  <Group gap={6} wrap="wrap">
                    <Button size="xs" variant="light" onClick={() => onOpen(l)} aria-label={`„${l.name}“ öffnen`}>
                      Öffnen
                    </Button>
                    <DownloadButton
                      size="xs"
                      variant="light"
                      apiPath={`/api/admin/email-lists/${l.id}/export.csv`}
                      fallbackName="email-adressen.csv"
                      failureText="Die Adressen konnten nicht exportiert werden."
                      aria-label={`CSV-Datei der Liste „${l.name}“`}
                    >
                      CSV
                    </DownloadButton>
                    <DownloadButton
                      size="xs"
                      variant="light"
                      apiPath={`/api/admin/email-lists/${l.id}/export.xlsx`}
                      fallbackName="email-adressen.xlsx"
                      failureText="Die Adressen konnten nicht exportiert werden."
                      aria-label={`XLSX-Datei der Liste „${l.name}“`}
                    >
                      XLSX
                    </DownloadButton>
                    {l.copyTo && (
                      <Button
                        size="xs"
                        variant="light"
                        onClick={() => void copyToNext(l)}
                        aria-label={`„${l.name}“ ins nächste KiTa-Jahr kopieren (${l.copyTo.label})`}
                      >
                        Ins nächste KiTa-Jahr kopieren
                      </Button>
                    )}
                    <Button size="xs" variant="light" color="red.9" onClick={() => setDeleting(l)} aria-label={`„${l.name}“ löschen`}>
                      Löschen
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </TableScrollRegion>
      <ConfirmDialog
        opened={deleting !== null}
        title="Liste löschen?"
        confirmLabel="Ja, löschen"
        danger
        loading={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        {`Die gespeicherte Liste „${deleting?.name ?? ''}“ wird gelöscht. Die Adressen selbst bleiben, wie sie sind.`}
      </ConfirmDialog>
    </>
  );
}
