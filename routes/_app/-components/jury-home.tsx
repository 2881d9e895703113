import { Anchor, Card, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { useId } from 'react';
import { JURY_AREA_PATH } from '../../../src/features/access/access-rules';

/** Issue 12: a jury member's way to the documentation forms from the start page (with or without a KiTa). */
export function JuryHome() {
  const headingId = useId();
  return (
    <Card component="section" withBorder padding="md" mb="md" aria-labelledby={headingId} maw={640}>
      <Title order={2} size="h4" id={headingId}>
        Jury
      </Title>
      <Text mt="xs">Du bist Mitglied der Jury. In der Verwaltung ist für dich der Bereich Dokumentationsbögen freigeschaltet.</Text>
      <Anchor component={Link} to={JURY_AREA_PATH} mt="xs" display="inline-block">
        Zu den Dokumentationsbögen
      </Anchor>
    </Card>
  );
}
