import { useQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { notFoundOn404, seasonParams } from '../../../../../src/app/route-params';
import { templateQueryOptions } from '../../../../../src/features/admin-documentation/api/get-template';
import { DocumentationSeasonNotFound } from '../../../../../src/features/admin-documentation/components/season-not-found';
import { TemplateEditor } from '../../../../../src/features/admin-documentation/components/template-editor/template-editor';
import { seasonChoicesQueryOptions } from '../../../../../src/features/admin-seasons/api/list-seasons';

/** /verwaltung/dokuboegen/{season}/vorlage: the template editor, for admins only (the jury judges, it does not edit) */
export const Route = createFileRoute('/_app/verwaltung/dokuboegen/$seasonIdentifier/vorlage')({
  staticData: { access: 'admin' },
  notFoundComponent: DocumentationSeasonNotFound,
  params: seasonParams,
  beforeLoad: ({ context, params }) => {
    if (!context.auth.getState().user?.is_admin)
      throw redirect({ to: '/verwaltung/dokuboegen/$seasonIdentifier', params: { seasonIdentifier: params.seasonIdentifier }, replace: true });
  },
  loader: ({ context: { queryClient }, params }) => {
    void queryClient.prefetchQuery(seasonChoicesQueryOptions());
    return notFoundOn404(queryClient.ensureQueryData(templateQueryOptions(params.seasonIdentifier)));
  },
  component: Page,
});

function Page() {
  const { seasonIdentifier } = Route.useParams();
  const seasons = useQuery(seasonChoicesQueryOptions());
  return <TemplateEditor key={seasonIdentifier} seasonIdentifier={seasonIdentifier} seasons={seasons.data ?? []} />;
}
