import { Button, Group, Text } from '@mantine/core';
import type { FacilitySummary } from '../../../shared/contracts/auth';
import { useGuardStore } from '../hooks/use-guard-dialog';

type Props = { facilities: FacilitySummary[]; activeFacilityId: number | null };

/** Header part: the KiTa the user works in; with more than one KiTa a button opens the selection dialog. */
export function FacilitySwitcher({ facilities, activeFacilityId }: Props) {
  const guard = useGuardStore();
  if (facilities.length === 0) return null;
  const active = facilities.find((f) => f.id === activeFacilityId);
  return (
    <Group gap="xs" wrap="nowrap">
      <Text size="sm" data-testid="active-facility" truncate maw={260}>
        {active ? active.label : 'Keine KiTa ausgewählt'}
      </Text>
      {facilities.length > 1 && (
        <Button size="xs" variant="default" onClick={() => guard.openDialog({ kind: 'select-facility' })}>
          KiTa wechseln
        </Button>
      )}
    </Group>
  );
}
