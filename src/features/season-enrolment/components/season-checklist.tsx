import { Anchor, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { formatDate } from '../../../lib/locale';
import type { SeasonChecklist as Checklist } from '../../../shared/contracts/season-enrolment';
import { useSeasonChecklist } from '../api/get-season-checklist';

type Step = Checklist['steps'][number];

const STATE: Record<Step['state'], { label: string; color: string }> = {
  done: { label: 'Erledigt', color: 'green' },
  open: { label: 'Jetzt möglich', color: 'blue' },
  closed: { label: 'Geschlossen', color: 'gray' },
  upcoming: { label: 'Kommt noch', color: 'gray' },
  missed: { label: 'Frist verpasst', color: 'red' },
  // light teal and yellow badges miss 4.5:1 (axe colour-contrast); the label tells the states apart
  booked: { label: 'Gebucht', color: 'green' },
  waitlisted: { label: 'Warteliste', color: 'blue' },
  inReview: { label: 'Bei der Jury', color: 'blue' },
  declined: { label: 'Abgelehnt', color: 'red' },
};

function StepTitle({ step }: { step: Step }) {
  // every step links to its page; an older server may still answer a step without one
  if (!step.path) return <Text fw={600}>{step.label}</Text>;
  return (
    <Anchor component={Link} to={step.path} fw={600}>
      {step.label}
    </Anchor>
  );
}

/** Home page: the KiTa's season at a glance, each step with its real state (read by the server), its day and its page. */
export function SeasonChecklist({ facilityId }: { facilityId: number }) {
  const { data } = useSeasonChecklist(facilityId);
  if (!data.season) return <Text>Zurzeit ist kein KiTa-Jahr aktiv.</Text>;
  return (
    <Stack gap="sm" maw={860}>
      <Title order={2} size="h3" id="checklist-heading">
        Eure Schritte im {data.season.label}
      </Title>
      <Stack component="ol" gap="xs" aria-labelledby="checklist-heading" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {data.steps.map((step, index) => (
          <Paper component="li" key={step.key} withBorder p="sm" radius="sm">
            <Group justify="space-between" align="flex-start" gap="xs">
              <Group gap="sm" wrap="nowrap" align="flex-start" style={{ minWidth: 0, flex: '1 1 14rem' }}>
                <Text c="dimmed" fw={700} w="1.5rem" aria-hidden="true">
                  {index + 1}.
                </Text>
                <div>
                  <StepTitle step={step} />
                  {step.detail && (
                    <Text size="sm" c="dimmed">
                      {step.detail}
                    </Text>
                  )}
                </div>
              </Group>
              <Stack gap={4} align="flex-end" style={{ marginInlineStart: 'auto' }}>
                <Badge color={STATE[step.state].color} variant="light">
                  {STATE[step.state].label}
                </Badge>
                {step.deadline && <Text size="xs">Frist: {formatDate(step.deadline)}</Text>}
              </Stack>
            </Group>
          </Paper>
        ))}
      </Stack>
    </Stack>
  );
}
