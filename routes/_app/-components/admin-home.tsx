import { Anchor, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { WorkList } from '../../../src/features/admin-home/components/work-list';

/**
 * An admin's start page (issue 34): the work list "Was ansteht" itself, where an admin lands after logging in (the
 * seed keeps `/` as the target after login); the areas of the administration are one link away.
 */
export function AdminHome() {
  return (
    <>
      <Title order={2} size="h3" mb="sm">
        Was ansteht
      </Title>
      <WorkList />
      <Anchor component={Link} to="/verwaltung" display="inline-block" mt="lg">
        Alle Bereiche der Verwaltung
      </Anchor>
    </>
  );
}
