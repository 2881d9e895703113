import { Button, Group, Text } from '@mantine/core';
import type { ErrorComponentProps } from '@tanstack/react-router';
import { PageHeading } from './page-heading';

/**
 * The router's fallback for an unexpected error while loading or rendering a page: German instead of the
 * library's English default, and no technical details (they are in the browser console for developers).
 */
export function ErrorPage({ reset }: ErrorComponentProps) {
  return (
    <>
      <PageHeading>Da ging etwas schief.</PageHeading>
      <Text mb="md">
        Diese Seite konnte nicht angezeigt werden. Versuche es bitte noch einmal. Wenn der Fehler bleibt, lade das Portal neu.
      </Text>
      <Group>
        <Button onClick={reset}>Noch einmal versuchen</Button>
        <Button variant="default" onClick={() => window.location.reload()}>
          Neu laden
        </Button>
      </Group>
    </>
  );
}
