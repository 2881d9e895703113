import { Button, Group, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatDateTime } from '../../../app/locale';
import type { Facility } from '../../../shared/contracts/facilities';
import { facilityQueryOptions, useFacility } from '../api/get-facility';
import { EditFacilityForm } from './edit-facility-form';
import { FacilityDetails } from './facility-details';

type Props = {
  facilityId: number;
  /** the name shows in the header too */
  onSaved?: (facility: Facility) => void;
};

/** /stammdaten: the active KiTa's master data, who changed it last, and the edit form. */
export function MasterData({ facilityId, onSaved }: Props) {
  const { data: facility } = useFacility(facilityId);
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState(false);

  const lastChange = facility.updated_by
    ? `Zuletzt geändert von ${facility.updated_by.name} am ${formatDateTime(facility.updated_at)} Uhr`
    : `Zuletzt geändert am ${formatDateTime(facility.updated_at)} Uhr`;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="center">
        <Text size="sm" c="dimmed" data-testid="last-change">
          {lastChange}
        </Text>
        {!editing && <Button onClick={() => setEditing(true)}>Stammdaten bearbeiten</Button>}
      </Group>
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
