import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core';
import type { useColumnChoice } from './column-choice';

type Props = { choice: ReturnType<typeof useColumnChoice> };

/**
 * "Spalten": a button above the table that opens a small dialog of checkboxes, one per switchable column. Keyboard:
 * Enter/Space open it, focus moves into it and stays there (Tab), Escape closes it and returns to the button.
 */
export function ColumnChooser({ choice }: Props) {
  const hidden = choice.choices.filter((c) => !c.shown).length;
  if (choice.choices.length === 0) return null;
  return (
    <Popover position="bottom-end" shadow="md" trapFocus returnFocus withinPortal>
      <Popover.Target>
        <Button variant="default" size="xs">
          {hidden > 0 ? `Spalten (${hidden} ausgeblendet)` : 'Spalten'}
        </Button>
      </Popover.Target>
      <Popover.Dropdown maw={320}>
        <Stack gap="sm">
          <Checkbox.Group
            label="Angezeigte Spalten"
            value={choice.choices.filter((c) => c.shown).map((c) => c.key)}
            onChange={(keys) => {
              for (const c of choice.choices) if (keys.includes(c.key) !== c.shown) choice.setShown(c.key, keys.includes(c.key));
            }}
          >
            <Stack gap={6} mt={6}>
              {choice.choices.map((c) => (
                <Checkbox key={c.key} value={c.key} label={c.name} />
              ))}
            </Stack>
          </Checkbox.Group>
          <Text size="xs" c="dimmed">
            Exporte enthalten immer alle Spalten.
          </Text>
          <Button variant="subtle" size="xs" onClick={choice.reset} disabled={choice.isDefault}>
            Standardspalten zeigen
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
