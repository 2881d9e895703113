import { Button, Group, NativeSelect, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { DataTable, type DataTableColumn } from '../../../components/data-table/data-table';
import { useLocalPaging } from '../../../components/data-table/use-local-paging';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { reportError } from '../../../lib/api-client';
import { notify } from '../../../lib/notifications';
import type { TrainingModule } from '../../../shared/contracts/admin-programme';
import { useModuleWrites, useTrainingModules } from '../api/training-modules';
import { ModuleFormDialog } from './module-form-dialog';
import { currentSeasonId, seasonOptions, type SeasonOption } from './season-option';

const limit = (n: number | null) => (n === null ? 'keine Grenze' : String(n));

/** The "Module" tab: the training modules of a season with their limits per KiTa; create, edit, delete (only without events). */
export function ModulesPanel({ seasons }: { seasons: SeasonOption[] }) {
  const [seasonId, setSeasonId] = useState(currentSeasonId(seasons));
  const { data, isFetching, isError } = useTrainingModules(seasonId);
  const { remove } = useModuleWrites();
  const [editing, setEditing] = useState<TrainingModule | 'new' | null>(null);
  const [removing, setRemoving] = useState<TrainingModule | null>(null);
  const paging = useLocalPaging(data?.items ?? [], 25);

  const confirmRemove = () => {
    if (!removing) return;
    remove.mutate(removing, {
      onSuccess: () => notify({ message: `Das Modul „${removing.title}“ ist gelöscht.` }),
      onError: (error) => reportError(error, `Das Modul „${removing.title}“ konnte nicht gelöscht werden.`),
      onSettled: () => setRemoving(null),
    });
  };

  const columns: DataTableColumn<TrainingModule>[] = [
    {
      key: 'title',
      header: 'Modul',
      render: (m) => (
        <>
          <Text fw={600}>{m.title}</Text>
          {m.targetGroup && <Text size="sm">Für: {m.targetGroup}</Text>}
        </>
      ),
    },
    { key: 'maxPerFacilityPerEvent', header: 'Je KiTa und Termin', render: (m) => limit(m.maxPerFacilityPerEvent) },
    { key: 'maxPerFacilityPerModule', header: 'Je KiTa im Modul', render: (m) => limit(m.maxPerFacilityPerModule) },
    { key: 'eventCount', header: 'Termine', align: 'right' },
    {
      key: 'actions',
      header: 'Aktionen',
      render: (m) => (
        <Group gap={4} wrap="nowrap">
          <Button size="xs" variant="default" onClick={() => setEditing(m)} aria-label={`${m.title} bearbeiten`}>
            Bearbeiten
          </Button>
          {m.eventCount === 0 && (
            <Button size="xs" variant="default" onClick={() => setRemoving(m)} aria-label={`${m.title} löschen`}>
              Löschen
            </Button>
          )}
        </Group>
      ),
    },
  ];

  return (
    <Stack gap="sm">
      <Group justify="space-between" align="flex-end">
        <Title order={2} fz="h3">
          Module
        </Title>
        <Button onClick={() => setEditing('new')}>Neues Modul</Button>
      </Group>
      <NativeSelect
        label="KiTa-Jahr"
        w={180}
        data={seasonOptions(seasons)}
        value={seasonId ? String(seasonId) : ''}
        onChange={(e) => setSeasonId(Number(e.currentTarget.value) || undefined)}
      />
      {isError && (
        <Text c="red.9" role="alert">
          Die Module konnten nicht geladen werden.
        </Text>
      )}
      <DataTable
        caption="Fortbildungsmodule"
        columns={columns}
        loading={isFetching}
        minWidth={720}
        emptyText="Für dieses KiTa-Jahr gibt es noch kein Modul."
        {...paging}
      />
      <ModuleFormDialog editing={editing} seasons={seasons} onClose={() => setEditing(null)} />
      <ConfirmDialog
        opened={removing !== null}
        title="Modul löschen?"
        confirmLabel="Ja, löschen"
        danger
        loading={remove.isPending}
        onConfirm={confirmRemove}
        onClose={() => setRemoving(null)}
      >
        {removing ? `Das Modul „${removing.title}“ wird gelöscht. Es hat keine Termine.` : ''}
      </ConfirmDialog>
    </Stack>
  );
}
