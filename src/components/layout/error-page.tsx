import { Button, Group, Text } from '@mantine/core';
import { useRouter, type ErrorComponentProps } from '@tanstack/react-router';
import { isChunkLoadError } from '../../lib/chunk-load-errors';
import { PageHeading } from './page-heading';

/**
 * The router's fallback for an unexpected error while loading or rendering a page: German instead of the
 * library's English default, and no technical details (they are in the browser console for developers).
 * A page whose code could not be loaded (offline, or a new version replaced it) asks for "Neu laden" first.
 */
export function ErrorPage({ error, reset }: ErrorComponentProps) {
  const router = useRouter({ warn: false });
  const chunk = isChunkLoadError(error);
  const reload = (
    <Button variant={chunk ? 'filled' : 'default'} onClick={() => window.location.reload()}>
      Neu laden
    </Button>
  );
  return (
    <>
      <PageHeading>{chunk ? 'Diese Seite konnte nicht geladen werden.' : 'Da ging etwas schief.'}</PageHeading>
      <Text mb="md">
        {chunk
          ? 'Prüfe bitte deine Internetverbindung und lade das Portal dann neu. Vielleicht gibt es auch eine neue Version des Portals.'
          : 'Diese Seite konnte nicht angezeigt werden. Versuche es bitte noch einmal. Wenn der Fehler bleibt, lade das Portal neu.'}
      </Text>
      <Group>
        {chunk && reload}
        {/* a page whose code failed to load is loaded again by invalidating the route, not by resetting the boundary alone */}
        <Button variant={chunk ? 'default' : 'filled'} onClick={chunk ? () => void router.invalidate() : reset}>
          Noch einmal versuchen
        </Button>
        {!chunk && reload}
      </Group>
    </>
  );
}
