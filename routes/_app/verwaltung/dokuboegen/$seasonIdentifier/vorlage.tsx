import { useQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { seasonParams } from '../../../../../src/app/route-params';
import { NotFoundPage } from '../../../../../src/components/layout/not-found-page';
import { templateQueryOptions } from '../../../../../src/features/admin-documentation/api/get-template';
import { TemplateEditor } from '../../../../../src/features/admin-documentation/components/template-editor/template-editor';
import { seasonChoicesQueryOptions } from '../../../../../src/features/admin-seasons/api/list-seasons';

/** /verwaltung/dokuboegen/{season}/vorlage: the template editor, for admins only (the jury judges, it does not edit) */
export const Route = createFileRoute('/_app/verwaltung/dokuboegen/$seasonIdentifier/vorlage')({
  staticData: { access: 'admin' },
  notFoundComponent: NotFoundPage,
  params: seasonParams,
  beforeLoad: ({ context, params }) => {
    if (!context.auth.getState().user?.is_admin)
      throw redirect({ to: '/verwaltung/dokuboegen/$seasonIdentifier', params: { seasonIdentifier: params.seasonIdentifier }, replace: true });
  },
  loader: ({ context: { queryClient }, params }) => {
    void queryClient.prefetchQuery(seasonChoicesQueryOptions());
    return queryClient.ensureQueryData(templateQueryOptions(params.seasonIdentifier));
  },
  component: Page,
});

function Page() {
  const { seasonIdentifier } = Route.useParams();
  const seasons = useQuery(seasonChoicesQueryOptions());
  return <TemplateEditor key={seasonIdentifier} seasonIdentifier={seasonIdentifier} seasons={seasons.data ?? []} />;
}
