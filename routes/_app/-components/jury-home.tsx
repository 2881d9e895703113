import { Anchor, Card, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { JURY_AREA_PATH } from '../../../src/features/access/access-rules';
import { JuryQueue } from '../../../src/features/admin-documentation/components/jury-queue';
import { useAuthState } from '../../../src/features/auth/hooks/use-auth-state';

/**
 * Where a jury member lands after login (the start page, docs/decisions/0013-jury-role.md). Issue 19: it is the
 * jury's queue of the current season; without a current season, the way to the documentation forms.
 */
export function JuryHome() {
  const { curSeason } = useAuthState();
  const headingId = useId();
  if (curSeason) return <JuryQueue seasonIdentifier={curSeason.identifier} />;
  return (
    <Card component="section" withBorder padding="md" mb="md" aria-labelledby={headingId} maw={640}>
      <Title order={2} size="h4" id={headingId}>
        Jury
      </Title>
      <Text mt="xs">Du bist Mitglied der Jury. Es gibt gerade kein aktuelles KiTa-Jahr; in der Verwaltung wählst du eines.</Text>
      <Anchor component={Link} to={JURY_AREA_PATH} mt="xs" display="inline-block">
        Zu den Dokumentationsbögen
      </Anchor>
    </Card>
  );
}
