import { Alert, Stack, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { useEffect } from 'react';
import { notFoundOn404, seasonFacilityParams } from '../../../../../src/app/route-params';
import { PageHeading } from '../../../../../src/components/layout/page-heading';
import { RecordNotFound } from '../../../../../src/components/layout/record-not-found';
import { AnchorLink } from '../../../../../src/components/links/anchor-link';
import { documentationDetailKey } from '../../../../../src/features/admin-documentation/api/get-documentation';
import { useAuthState } from '../../../../../src/features/auth/hooks/use-auth-state';
import { documentationQueryOptions } from '../../../../../src/features/documentation/api/get-documentation';
import { DocumentationView } from '../../../../../src/features/documentation/components/documentation-view';

/**
 * /verwaltung/dokuboegen/{season}/{facilityId}/bearbeiten: an admin changes a KiTa's answers (SPEC §2: admins may
 * always edit, also after the deadline and after submitting). The KiTa's own form, autosaved through the same API
 * (each admin save is audited on the server), without "Einreichen"; decisions stay on the form's page. Only the
 * current season's forms: the staff API serves the current one. The jury reviews, it does not edit.
 */
export const Route = createFileRoute('/_app/verwaltung/dokuboegen/$seasonIdentifier/$facilityId_/bearbeiten')({
  staticData: { access: 'admin' },
  params: seasonFacilityParams,
  beforeLoad: ({ context, params }) => {
    if (!context.auth.getState().user?.is_admin)
      throw redirect({ to: '/verwaltung/dokuboegen/$seasonIdentifier/$facilityId', params, replace: true });
  },
  loader: ({ context: { queryClient, auth }, params }) => {
    if (auth.getState().curSeason?.identifier !== params.seasonIdentifier) return;
    return notFoundOn404(queryClient.ensureQueryData(documentationQueryOptions(params.facilityId)));
  },
  notFoundComponent: () => (
    <RecordNotFound title="Diesen Dokumentationsbogen gibt es nicht" backTo="/verwaltung/dokuboegen" backLabel="Zur Liste der Dokumentationsbögen" />
  ),
  component: Page,
});

function Page() {
  const { seasonIdentifier, facilityId } = Route.useParams();
  const { user, curSeason } = useAuthState();
  const queryClient = useQueryClient();
  // the form's page shows the answers as they are after the edits
  useEffect(
    () => () => void queryClient.invalidateQueries({ queryKey: documentationDetailKey(seasonIdentifier, facilityId) }),
    [queryClient, seasonIdentifier, facilityId],
  );
  const back = (
    <AnchorLink to="/verwaltung/dokuboegen/$seasonIdentifier/$facilityId" params={{ seasonIdentifier, facilityId }}>
      Zurück zum Dokumentationsbogen
    </AnchorLink>
  );
  if (!user || curSeason?.identifier !== seasonIdentifier)
    return (
      <Stack gap="sm">
        <PageHeading>Dokumentationsbogen bearbeiten</PageHeading>
        <Text>Bearbeiten lassen sich nur die Dokumentationsbögen des aktuellen KiTa-Jahres.</Text>
        <div>{back}</div>
      </Stack>
    );
  return (
    <Stack gap="md">
      <PageHeading>Dokumentationsbogen bearbeiten</PageHeading>
      <div>{back}</div>
      <Alert color="blue" variant="light" title="Du bearbeitest die Antworten als Verwaltung">
        Jede Änderung wird sofort gespeichert, im Protokoll vermerkt und ist im Bogen der KiTa zu sehen, auch nach der Frist und nach dem Einreichen.
        Annehmen, Zurückgeben und Ablehnen geht auf der Seite des Bogens.
      </Alert>
      <DocumentationView facilityId={facilityId} userId={user.id} ownName={`${user.firstName} ${user.lastName}`.trim() || null} asAdmin />
    </Stack>
  );
}
