import { Anchor, List, Text } from '@mantine/core';
import { Link, createFileRoute } from '@tanstack/react-router';
import { PageHeading } from '../../../src/components/layout/page-heading';
import { ADMIN_AREAS } from './-components/admin-areas';

export const Route = createFileRoute('/_app/verwaltung/')({
  staticData: { access: 'admin' },
  component: AdminStartPage,
});

function AdminStartPage() {
  return (
    <>
      <PageHeading>Verwaltung</PageHeading>
      <Text mb="md">Hier verwaltest du das Programm. Wähle einen Bereich:</Text>
      <List spacing="sm" listStyleType="none" aria-label="Bereiche der Verwaltung">
        {ADMIN_AREAS.map((area) => (
          <List.Item key={area.to}>
            <Anchor component={Link} to={area.to} fw={600}>
              {area.label}
            </Anchor>
            <Text size="sm" c="dimmed">
              {area.text}
            </Text>
          </List.Item>
        ))}
      </List>
    </>
  );
}
