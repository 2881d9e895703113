import { Button, Text } from '@mantine/core';
import type { FacilitySummary } from '../../../shared/contracts/auth';
import { useGuardStore } from '../hooks/use-guard-dialog';

type Props = { facilities: FacilitySummary[]; activeFacilityId: number | null };

/**
 * Header part: the KiTa the user works in; with more than one KiTa a button opens the selection dialog. Both are
 * items of the header's wrapping action row (no group of their own): at 320 px (WCAG 1.4.10) the button then wraps
 * next to the user menu instead of being pushed past the right edge beside a long KiTa name.
 */
export function FacilitySwitcher({ facilities, activeFacilityId }: Props) {
  const guard = useGuardStore();
  if (facilities.length === 0) return null;
  const active = facilities.find((f) => f.id === activeFacilityId);
  return (
    <>
      <Text size="sm" data-testid="active-facility" truncate maw={260}>
        {active ? active.label : 'Keine KiTa ausgewählt'}
      </Text>
      {facilities.length > 1 && (
        <Button size="xs" variant="default" onClick={() => guard.openDialog({ kind: 'select-facility' })}>
          KiTa wechseln
        </Button>
      )}
    </>
  );
}
