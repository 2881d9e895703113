import { List, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { createFileRoute, redirect } from '@tanstack/react-router';
import { AnchorLink } from '../../../../src/components/links/anchor-link';
import { PageHeading } from '../../../../src/components/layout/page-heading';
import { documentationSeasonsQueryOptions } from '../../../../src/features/admin-documentation/api/list-documentation';

/**
 * /verwaltung/dokuboegen: the current season's list. The current season comes from the login status; without a
 * current season admins and the jury choose one (the documentation's own season list, which the jury may read).
 */
export const Route = createFileRoute('/_app/verwaltung/dokuboegen/')({
  staticData: { access: 'admin' },
  beforeLoad: ({ context }) => {
    const current = context.auth.getState().curSeason;
    if (current) throw redirect({ to: '/verwaltung/dokuboegen/$seasonIdentifier', params: { seasonIdentifier: current.identifier }, replace: true });
  },
  component: SeasonChoice,
});

function SeasonChoice() {
  const seasons = useQuery(documentationSeasonsQueryOptions());
  return (
    <>
      <PageHeading>Dokumentationsbögen</PageHeading>
      <Text mb="sm">Es gibt gerade kein aktuelles KiTa-Jahr. Wähle das KiTa-Jahr, dessen Dokumentationsbögen du sehen möchtest.</Text>
      {seasons.data && seasons.data.length > 0 ? (
        <List>
          {seasons.data.map((s) => (
            <List.Item key={s.identifier}>
              <AnchorLink to="/verwaltung/dokuboegen/$seasonIdentifier" params={{ seasonIdentifier: s.identifier }}>
                {s.label}
              </AnchorLink>
            </List.Item>
          ))}
        </List>
      ) : (
        seasons.isSuccess && <Text>Es ist noch kein KiTa-Jahr angelegt.</Text>
      )}
    </>
  );
}
