import { Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { formatDateTime } from '../../../lib/locale';
import type { Facility } from '../../../shared/contracts/facilities';
import { facilityQueryOptions, useFacility } from '../api/get-facility';
import { EditFacilityForm } from './edit-facility-form';
import { FacilityDetails } from './facility-details';
import { facilityFieldLabel } from './facility-field-labels';
import { FacilityHistory } from './facility-history';
import { useEditMode } from '../../../components/forms/use-edit-mode';

type Props = {
  facilityId: number;
  /** the name shows in the header too */
  onSaved?: (facility: Facility) => void;
};

/** /stammdaten: the active KiTa's master data, who changed what last (and before: the history), and the edit form. */
export function MasterData({ facilityId, onSaved }: Props) {
  const { data: facility } = useFacility(facilityId);
  const queryClient = useQueryClient();
  const { editing, setEditing, openerRef } = useEditMode();

  const when = `am ${formatDateTime(facility.updatedAt)}`;
  const what = facility.lastChangedFields?.length ? `: ${facility.lastChangedFields.map(facilityFieldLabel).join(', ')}` : '';
  const lastChange = `Zuletzt geändert ${facility.updatedBy ? `von ${facility.updatedBy.name} ${when}` : when}${what}`;

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Group justify="space-between" align="center">
          <Text size="sm" c="dimmed" data-testid="last-change">
            {lastChange}
          </Text>
          {!editing && (
            <Button ref={openerRef} onClick={() => setEditing(true)}>
              Stammdaten bearbeiten
            </Button>
          )}
        </Group>
        <FacilityHistory facilityId={facility.id} />
      </Stack>
      {editing ? (
        <EditFacilityForm
          key={facility.id}
          facility={facility}
          onCancel={() => setEditing(false)}
          onReload={() => queryClient.fetchQuery({ ...facilityQueryOptions(facilityId), staleTime: 0 })}
          onSaved={(saved) => {
            setEditing(false);
            onSaved?.(saved);
          }}
        />
      ) : (
        <FacilityDetails facility={facility} />
      )}
    </Stack>
  );
}
