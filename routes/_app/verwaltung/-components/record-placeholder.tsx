import { Text } from '@mantine/core';
import { PageHeading } from '../../../../src/components/layout/page-heading';

/** Placeholder for admin pages about one record; a non-numeric id (parsed to null) can't name a record. */
export function RecordPlaceholder({ title, id }: { title: string; id: number | string | null }) {
  return (
    <>
      <PageHeading>{title}</PageHeading>
      {id === null ? (
        <Text role="alert">Diese Nummer gibt es nicht. Bitte prüfe die Adresse.</Text>
      ) : (
        <Text>Diese Seite kommt bald.</Text>
      )}
      <Text c="dimmed" size="sm" data-testid="route-param">
        {String(id)}
      </Text>
    </>
  );
}
