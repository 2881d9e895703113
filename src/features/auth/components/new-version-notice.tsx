import { Button, Group, Text } from '@mantine/core';

/** Shown when the server runs a newer build than this window; reloading fetches it. */
export function NewVersionNotice() {
  return (
    <Group justify="space-between" wrap="nowrap" gap="sm">
      <Text size="sm">Es gibt eine neue Version des Portals.</Text>
      <Button size="xs" onClick={() => window.location.reload()}>
        Neu laden
      </Button>
    </Group>
  );
}
