import { Container } from '@mantine/core';
import { createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../src/components/layout/page-heading';
import { VerifyPage } from '../../src/features/certificates/components/verify-page';
import { searchSchema, searchText } from '../../src/lib/search-schema';

const search = searchSchema({ code: searchText(64, 1) });

/** SPEC §8: the public check of a certificate's code; `?code=` is the address printed on it (and in its QR code) */
export const Route = createFileRoute('/_app/urkunde-pruefen')({
  staticData: { access: 'public' },
  validateSearch: search.parse,
  component: VerifyRoute,
});

function VerifyRoute() {
  const { code } = Route.useSearch();
  return (
    <Container size="sm" px={0}>
      <PageHeading>Urkunde prüfen</PageHeading>
      <VerifyPage initialCode={code ?? ''} />
    </Container>
  );
}
