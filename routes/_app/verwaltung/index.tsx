import { Anchor, Group, List, Text, Title } from '@mantine/core';
import { Link, createFileRoute, useRouter } from '@tanstack/react-router';
import { isPlannedPath } from '../../../src/app/route-status';
import { PlannedBadge } from '../../../src/components/layout/main-nav';
import { PageHeading } from '../../../src/components/layout/page-heading';
import { workListQueryOptions } from '../../../src/features/admin-home/api/get-work-list';
import { WorkList } from '../../../src/features/admin-home/components/work-list';
import { ADMIN_AREAS } from './-components/admin-areas';

export const Route = createFileRoute('/_app/verwaltung/')({
  staticData: { access: 'admin' },
  // started, not awaited: the areas' links must not wait for (or fail with) the counts
  loader: ({ context }) => void context.queryClient.prefetchQuery(workListQueryOptions()),
  component: AdminStartPage,
});

function AdminStartPage() {
  const router = useRouter();
  return (
    <>
      <PageHeading>Verwaltung</PageHeading>
      <Title order={2} size="h3" mb="sm">
        Was ansteht
      </Title>
      <WorkList />
      <Title order={2} size="h3" mt="xl" mb="sm">
        Bereiche
      </Title>
      <Text mb="md">Hier verwaltest du das Programm. Wähle einen Bereich.</Text>
      <List spacing="sm" listStyleType="none" aria-label="Bereiche der Verwaltung">
        {ADMIN_AREAS.map((area) => (
          <List.Item key={area.to}>
            <Group gap="xs">
              <Anchor
                component={Link}
                to={area.to}
                fw={600}
                aria-describedby={isPlannedPath(router, area.to) ? `planned${area.to.replaceAll('/', '-')}` : undefined}
              >
                {area.label}
              </Anchor>
              {isPlannedPath(router, area.to) && <PlannedBadge id={`planned${area.to.replaceAll('/', '-')}`} />}
            </Group>
            <Text size="sm" c="dimmed">
              {area.text}
            </Text>
          </List.Item>
        ))}
      </List>
    </>
  );
}
