import { Anchor, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { PageHeading } from './page-heading';

/** Any unknown path (seed §2), shown inside the layout. */
export function NotFoundPage() {
  return (
    <>
      <PageHeading>Seite nicht gefunden</PageHeading>
      <Text mb="md">Diese Seite gibt es nicht (mehr). Vielleicht hat sich ein Tippfehler in die Adresse geschlichen.</Text>
      <Anchor component={Link} to="/">
        Zur Startseite
      </Anchor>
    </>
  );
}
