import { Card, Group, List, Stack, Text, Title } from '@mantine/core';
import { useId } from 'react';
import { AnchorLink } from '../../../components/links/anchor-link';
import { formatDate } from '../../../lib/locale';
import { adminDocumentationStateLabels, type JuryQueueItem } from '../../../shared/contracts/admin-documentation';
import { useJuryQueue } from '../api/get-jury-queue';
import { scoreText } from './format';

const formsText = (n: number) => `${n} ${n === 1 ? 'Bogen' : 'Bögen'}`;

function FormLink({ seasonIdentifier, item }: { seasonIdentifier: string; item: JuryQueueItem }) {
  return (
    <AnchorLink to="/verwaltung/dokuboegen/$seasonIdentifier/$facilityId" params={{ seasonIdentifier, facilityId: item.facilityId }}>
      {item.facilityLabel}
    </AnchorLink>
  );
}

/**
 * Issue 19: the jury's start page is its queue for the current season: the forms waiting for my review (in the
 * list's order, each a link) and the ones I reviewed (the latest first, with my points and the form's state). A
 * review has no draft state, so there is no "in progress". The full lists are the documentation list, filtered.
 */
export function JuryQueue({ seasonIdentifier }: { seasonIdentifier: string }) {
  const queue = useJuryQueue(seasonIdentifier);
  const headingId = useId();
  const waitingId = useId();
  const doneId = useId();
  if (!queue.data)
    return queue.isPending ? (
      <Text c="dimmed" role="status">
        Deine Bögen werden geladen …
      </Text>
    ) : null;
  const { waiting, done, seasonLabel } = queue.data;
  return (
    <Card component="section" withBorder padding="md" mb="md" aria-labelledby={headingId} maw={720}>
      <Stack gap="md">
        <div>
          <Title order={2} size="h3" id={headingId}>
            {`Deine Bewertungen · ${seasonLabel}`}
          </Title>
          <Text size="sm" mt={4}>
            Du bist Mitglied der Jury. Hier siehst du, welche eingereichten Dokumentationsbögen noch auf deine Bewertung warten.
          </Text>
        </div>
        <section aria-labelledby={waitingId}>
          <Title order={3} size="h4" id={waitingId}>
            {`Warten auf deine Bewertung (${waiting.total})`}
          </Title>
          {waiting.total === 0 ? (
            <Text size="sm" mt={4}>
              Alle eingereichten Bögen hast du bewertet.
            </Text>
          ) : (
            <>
              <List mt={4} spacing={4}>
                {waiting.items.map((item) => (
                  <List.Item key={item.facilityId}>
                    <FormLink seasonIdentifier={seasonIdentifier} item={item} />
                    <Text span size="sm" c="dimmed">
                      {` · ${item.city}${item.submittedAt ? ` · eingereicht am ${formatDate(item.submittedAt)}` : ''}`}
                    </Text>
                  </List.Item>
                ))}
              </List>
              {waiting.total > waiting.items.length && (
                <AnchorLink
                  to="/verwaltung/dokuboegen/$seasonIdentifier"
                  params={{ seasonIdentifier }}
                  search={{ state: 'submitted', reviewedByMe: 'no' }}
                  size="sm"
                  display="inline-block"
                  mt={4}
                >
                  {`Alle ${formsText(waiting.total)} ohne deine Bewertung in der Liste`}
                </AnchorLink>
              )}
            </>
          )}
        </section>
        <section aria-labelledby={doneId}>
          <Title order={3} size="h4" id={doneId}>
            {`Erledigt (${done.total})`}
          </Title>
          {done.total === 0 ? (
            <Text size="sm" mt={4}>
              Du hast in diesem KiTa-Jahr noch keinen Bogen bewertet.
            </Text>
          ) : (
            <>
              <List mt={4} spacing={4}>
                {done.items.map((item) => (
                  <List.Item key={item.facilityId}>
                    <FormLink seasonIdentifier={seasonIdentifier} item={item} />
                    <Text span size="sm" c="dimmed">
                      {` · deine Punkte: ${scoreText(item.ownTotal)} · ${adminDocumentationStateLabels[item.state]}`}
                    </Text>
                  </List.Item>
                ))}
              </List>
              {done.total > done.items.length && (
                <AnchorLink
                  to="/verwaltung/dokuboegen/$seasonIdentifier"
                  params={{ seasonIdentifier }}
                  search={{ reviewedByMe: 'yes' }}
                  size="sm"
                  display="inline-block"
                  mt={4}
                >
                  {`Alle ${formsText(done.total)} mit deiner Bewertung in der Liste`}
                </AnchorLink>
              )}
            </>
          )}
        </section>
        <Group>
          <AnchorLink to="/verwaltung/dokuboegen/$seasonIdentifier" params={{ seasonIdentifier }}>
            Zu allen Dokumentationsbögen
          </AnchorLink>
        </Group>
      </Stack>
    </Card>
  );
}
