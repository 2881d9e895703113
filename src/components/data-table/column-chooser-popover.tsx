import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core';
import type { ReactElement } from 'react';
import type { useColumnChoice } from './column-choice';

type ColumnChooserParts = { choice: ReturnType<typeof useColumnChoice>; button: ReactElement<{ inert?: boolean }> };

/** ColumnChooser's popover, in a chunk of its own that comes after the first paint (column-chooser.tsx) */
export function ColumnChooserPopover({ choice, button }: ColumnChooserParts) {
  return (
    <Popover position="bottom-end" shadow="md" trapFocus returnFocus withinPortal>
      <Popover.Target>{button}</Popover.Target>
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
