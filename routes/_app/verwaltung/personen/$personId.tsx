import { useQueryClient } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { idParams, notFoundOn404 } from '../../../../src/app/route-params';
import { RecordNotFound } from '../../../../src/components/layout/record-not-found';
import { AccountPanel } from '../../../../src/features/admin-accounts/components/account-panel';
import { adminPersonQueryOptions } from '../../../../src/features/admin-persons/api/get-person';
import { adminPersonsKey } from '../../../../src/features/admin-persons/api/list-persons';
import { PersonDetailPage } from '../../../../src/features/admin-persons/components/person-detail-page';

export const Route = createFileRoute('/_app/verwaltung/personen/$personId')({
  staticData: { access: 'admin' },
  params: idParams('personId'),
  loader: ({ context, params }) => notFoundOn404(context.queryClient.ensureQueryData(adminPersonQueryOptions(params.personId))),
  component: Page,
  notFoundComponent: () => (
    <RecordNotFound title="Diese Person gibt es nicht (mehr)" backTo="/verwaltung/personen" backLabel="Zur Liste aller Personen" />
  ),
});

function Page() {
  const { personId } = Route.useParams();
  const queryClient = useQueryClient();
  // an account action changes the person's account and history: reload the person
  const refresh = () => void queryClient.invalidateQueries({ queryKey: adminPersonsKey });
  return (
    <PersonDetailPage
      key={personId}
      personId={personId}
      renderAccount={(detail) => (
        <AccountPanel
          person={{
            id: detail.person.id,
            firstName: detail.person.firstName,
            lastName: detail.person.lastName,
            email: detail.person.email,
            facilityId: detail.facility.id,
          }}
          userId={detail.person.userId ?? detail.account?.id ?? null}
          onChanged={refresh}
        />
      )}
    />
  );
}
