import { Text } from '@mantine/core';
import { PageHeading } from './page-heading';

/** For pages later issues fill: the heading (= the navigation name, SPEC §6) is already final. */
export function PlaceholderPage({ title }: { title: string }) {
  return (
    <>
      <PageHeading>{title}</PageHeading>
      <Text>Diese Seite kommt bald.</Text>
    </>
  );
}
