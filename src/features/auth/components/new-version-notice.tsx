import { Button, Group, Text } from '@mantine/core';

/** Shown when the server runs a newer build than this window; reloading fetches it. */
export function NewVersionNotice() {
  return (
    // wraps on narrow windows (320 px, WCAG 1.4.10): the button moves under the text instead of being cut
    <Group justify="space-between" wrap="wrap" gap="sm">
      <Text size="sm">Es gibt eine neue Version des Portals.</Text>
      <Button size="xs" style={{ flexShrink: 0 }} onClick={() => window.location.reload()}>
        Neu laden
      </Button>
    </Group>
  );
}
