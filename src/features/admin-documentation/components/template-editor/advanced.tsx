import { Button, Stack } from '@mantine/core';
import { useId, useState, type ReactNode } from 'react';

/**
 * Issue 19: "Erweitert" keeps the keys (answers and exports use them) out of the way: a disclosure button
 * (`aria-expanded`) per question or section. It opens by itself while a key inside has a message, so a failed save
 * can focus it.
 */
export function Advanced({ name, hasError, children }: { name: string; hasError: boolean; children: ReactNode }) {
  const [opened, setOpened] = useState(false);
  const open = opened || hasError;
  const panelId = useId();
  return (
    <Stack gap={4}>
      <div>
        <Button
          size="compact-sm"
          variant="subtle"
          aria-expanded={open}
          aria-controls={panelId}
          aria-label={`Erweitert: ${name}`}
          onClick={() => setOpened(!open)}
          leftSection={<span aria-hidden="true">{open ? '▾' : '▸'}</span>}
        >
          Erweitert
        </Button>
      </div>
      <div id={panelId}>{open && children}</div>
    </Stack>
  );
}
