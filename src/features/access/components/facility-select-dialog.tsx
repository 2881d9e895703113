import { Badge, Button, Group, Modal, Stack, Text, UnstyledButton } from '@mantine/core';
import type { FacilitySummary } from '../../../shared/contracts/auth';
import { useReturnFocus } from '../hooks/use-return-focus';
import { seasonText } from '../../../shared/season-text';

type Props = {
  facilities: FacilitySummary[];
  activeFacilityId: number | null;
  seasonIdentifier: string;
  onSelect: (facilityId: number) => void;
  onCancel: () => void;
};

/** Lists the user's KiTas with their enrolment status; choosing one makes it active (seed §4/§6). */
export function FacilitySelectDialog({ facilities, activeFacilityId, seasonIdentifier, onSelect, onCancel }: Props) {
  useReturnFocus();
  const sorted = [...facilities].sort((a, b) => a.label.localeCompare(b.label, 'de'));
  return (
    <Modal opened onClose={onCancel} title="KiTa auswählen" centered size="lg" closeButtonProps={{ 'aria-label': 'Schließen' }}>
      <Stack gap="sm">
        <Text>Du bist in mehreren KiTas eingetragen. Für welche KiTa möchtest du gerade arbeiten?</Text>
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {sorted.map((f) => (
            <li key={f.id}>
              <UnstyledButton
                onClick={() => onSelect(f.id)}
                aria-current={f.id === activeFacilityId ? 'true' : undefined}
                w="100%"
                p="sm"
                style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 'var(--mantine-radius-sm)' }}
              >
                {/* wraps: at 320 px a long KiTa name and its status badge do not fit side by side (the badge went past the edge) */}
                <Group justify="space-between" wrap="wrap">
                  <Text fw={600}>{f.label}</Text>
                  <Badge color={f.is_enrolled_to_cur_season ? 'green' : 'gray'} variant="light">
                    {f.is_enrolled_to_cur_season
                      ? `angemeldet zum KiTa-Jahr ${seasonText(seasonIdentifier)}`.trim()
                      : `noch nicht angemeldet zum KiTa-Jahr ${seasonText(seasonIdentifier)}`.trim()}
                  </Badge>
                </Group>
              </UnstyledButton>
            </li>
          ))}
        </Stack>
        <Group justify="flex-end">
          <Button variant="default" onClick={onCancel}>
            Abbrechen
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
