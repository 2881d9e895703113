import { Stack, Text, Title } from '@mantine/core';
import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { seasonChoicesQueryOptions } from '../../../src/features/admin-seasons/api/list-seasons';
import { savedEmailListsQueryOptions } from '../../../src/features/email-lists/api/list-email-lists';
import { EmailListBuilder } from '../../../src/features/email-lists/components/email-list-builder';

export const Route = createFileRoute('/_app/verwaltung/email-adressen')({
  staticData: { access: 'admin' },
  loader: ({ context: { queryClient } }) =>
    Promise.all([queryClient.ensureQueryData(seasonChoicesQueryOptions()), queryClient.ensureQueryData(savedEmailListsQueryOptions())]),
  component: EmailAddressesPage,
});

/** /verwaltung/email-adressen (issue 21): address lists for programme mails and the newsletter */
function EmailAddressesPage() {
  const { data: seasons } = useSuspenseQuery(seasonChoicesQueryOptions());
  const current = seasons.find((s) => s.isCurrent)?.id ?? null;
  return (
    <Stack gap="md">
      <Title order={1}>E-Mail-Adressen</Title>
      <Text maw={760}>
        Stelle Adresslisten aus den Daten des Portals zusammen. Verschiedene Kriterien gelten zusammen (und), mehrere Häkchen in einem Kriterium
        gelten wahlweise (oder). Jede Adresse steht nur einmal auf der Liste. Für den Newsletter zählen nur Konten, die ihn bestellt haben.
      </Text>
      <EmailListBuilder seasons={seasons.map((s) => ({ id: s.id, label: s.label }))} currentSeasonId={current} />
    </Stack>
  );
}
