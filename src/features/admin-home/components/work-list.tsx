import { Alert, Card, List, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { AnchorLink } from '../../../components/links/anchor-link';
import { formatDate, formatDateTime } from '../../../lib/locale';
import { OFFLINE_WAITING } from '../../../lib/use-online';
import { WORK_LIST_DEADLINE_DAYS, WORK_LIST_SOON_DAYS, seasonDeadlineLabels, type AdminWorkList } from '../../../shared/contracts/admin-home';
import type { OfferingAttention } from '../../../shared/contracts/programme-lists';
import { useWorkList } from '../api/get-work-list';

/** "1 Antrag" / "3 Anträge" */
const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder padding="md" component="section" aria-label={title}>
      <Title order={3} size="h5" mb="xs">
        {title}
      </Title>
      <Stack gap={4}>{children}</Stack>
    </Card>
  );
}

/** a zero reads calmly as plain text; a count links to the list behind it */
function Calm({ children }: { children: ReactNode }) {
  return (
    <Text size="sm" c="dimmed">
      {children}
    </Text>
  );
}

const kinds = [
  { key: 'training', one: 'Fortbildungstermin', many: 'Fortbildungstermine', to: '/verwaltung/fortbildungen' },
  { key: 'hospitation', one: 'Hospitation', many: 'Hospitationen', to: '/verwaltung/hospitationen' },
  { key: 'awarding', one: 'Auszeichnungstermin', many: 'Auszeichnungstermine', to: '/verwaltung/auszeichnungsverantaltungen/workshops' },
] as const;

/** each count opens the list of exactly the dates it counts (the list's `needs` filter, the same rule on the server) */
function KindLinks({ counts, needs, suffix }: { counts: AdminWorkList['datesWithWaitlist']; needs: OfferingAttention; suffix: string }) {
  return (
    <>
      {kinds
        .filter((k) => counts[k.key] > 0)
        .map((k) => (
          <AnchorLink key={k.key} to={k.to} search={{ needs }} size="sm">
            {count(counts[k.key], k.one, k.many)} {suffix}
          </AnchorLink>
        ))}
    </>
  );
}

const total = (c: AdminWorkList['datesWithWaitlist']) => c.training + c.hospitation + c.awarding;

/** the newest sync run, linked to the integration page where its log is */
function ActiveCampaignRun({ run }: { run: NonNullable<AdminWorkList['activeCampaign']>['lastRun'] }) {
  const to = '/verwaltung/active-campaign-integration';
  if (!run) return <Calm>Noch kein Abgleich gelaufen</Calm>;
  if (run.state === 'running')
    return (
      <AnchorLink to={to} size="sm">
        Abgleich läuft seit {formatDateTime(run.startedAt)}
      </AnchorLink>
    );
  if (run.state === 'failed')
    return (
      <AnchorLink to={to} size="sm" c="red.8" fw={600}>
        Letzter Abgleich am {formatDateTime(run.finishedAt ?? run.startedAt)} fehlgeschlagen
      </AnchorLink>
    );
  return (
    <AnchorLink to={to} size="sm">
      Letzter Abgleich am {formatDateTime(run.finishedAt ?? run.startedAt)} abgeschlossen
    </AnchorLink>
  );
}

/** The admin home's work list (issue 22): what needs doing today, each count a link to the filtered list. */
export function WorkListView({ data }: { data: AdminWorkList }) {
  const season = data.currentSeason;
  const doc = data.documentation;
  const expectedReviews = doc.submitted * doc.juryMembers;
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
      <Section title="Beitrittsanfragen">
        {data.joinRequests > 0 ? (
          <AnchorLink to="/verwaltung/kitas" size="sm">
            {count(data.joinRequests, 'offene Beitrittsanfrage', 'offene Beitrittsanfragen')}
          </AnchorLink>
        ) : (
          <Calm>Keine offenen Beitrittsanfragen</Calm>
        )}
      </Section>
      <Section title="Dokumentationsbögen">
        {!season ? (
          <Calm>Es gibt gerade kein aktuelles KiTa-Jahr.</Calm>
        ) : doc.submitted > 0 ? (
          <>
            <AnchorLink
              to="/verwaltung/dokuboegen/$seasonIdentifier"
              params={{ seasonIdentifier: season.identifier }}
              search={{ state: 'submitted' }}
              size="sm"
            >
              {count(doc.submitted, 'eingereichter Bogen wartet', 'eingereichte Bögen warten')} auf die Entscheidung
            </AnchorLink>
            <Text size="sm">
              Jury: {doc.juryReviews} von {expectedReviews} Bewertungen abgegeben
              {doc.juryMembers > 0 ? ` (${count(doc.juryMembers, 'Jurymitglied', 'Jurymitglieder')})` : ''}
            </Text>
          </>
        ) : (
          <Calm>Keine eingereichten Dokumentationsbögen offen</Calm>
        )}
      </Section>
      <Section title="Team-Workshops">
        {data.teamWorkshopsToDecide > 0 ? (
          <AnchorLink to="/verwaltung/team-workshops" search={{ state: 'submitted', ...(season ? { seasonId: season.id } : {}) }} size="sm">
            {count(data.teamWorkshopsToDecide, 'Antrag', 'Anträge')} zu entscheiden
          </AnchorLink>
        ) : (
          <Calm>Keine Team-Workshop-Anträge zu entscheiden</Calm>
        )}
      </Section>
      <Section title="Wartelisten">
        {total(data.datesWithWaitlist) > 0 ? (
          <KindLinks counts={data.datesWithWaitlist} needs="waitlist" suffix="mit Warteliste" />
        ) : (
          <Calm>Keine Termine mit Warteliste</Calm>
        )}
      </Section>
      <Section title={`Freie Plätze in den nächsten ${WORK_LIST_SOON_DAYS} Tagen`}>
        {total(data.datesSoonWithFreeSeats) > 0 ? (
          <KindLinks counts={data.datesSoonWithFreeSeats} needs="freeSeatsSoon" suffix="mit freien Plätzen" />
        ) : (
          <Calm>Keine bald beginnenden Termine mit freien Plätzen</Calm>
        )}
      </Section>
      <Section title="E-Mails">
        {data.failedMails > 0 ? (
          <Text size="sm" c="red.8" fw={600}>
            {count(data.failedMails, 'E-Mail konnte', 'E-Mails konnten')} in den letzten 24 Stunden nicht zugestellt werden
          </Text>
        ) : (
          <Calm>Keine fehlgeschlagenen E-Mails in den letzten 24 Stunden</Calm>
        )}
      </Section>
      {data.activeCampaign && (
        <Section title="ActiveCampaign">
          <ActiveCampaignRun run={data.activeCampaign.lastRun} />
        </Section>
      )}
      <Section title={`Fristen in den nächsten ${WORK_LIST_DEADLINE_DAYS} Tagen`}>
        {data.deadlines.length > 0 ? (
          <List size="sm" spacing={2} listStyleType="none" aria-label="Anstehende Fristen">
            {data.deadlines.map((d) => (
              <List.Item key={`${d.seasonIdentifier}-${d.kind}`}>
                <AnchorLink to="/verwaltung/kita-jahre" size="sm">
                  {formatDate(d.date)}: {seasonDeadlineLabels[d.kind]}
                </AnchorLink>{' '}
                <Text span size="sm" c="dimmed">
                  ({d.seasonLabel})
                </Text>
              </List.Item>
            ))}
          </List>
        ) : (
          <Calm>Keine Fristen in den nächsten {WORK_LIST_DEADLINE_DAYS} Tagen</Calm>
        )}
      </Section>
    </SimpleGrid>
  );
}

/** loads the counts; a failure leaves the rest of the page usable */
export function WorkList() {
  const query = useWorkList();
  // offline the first attempt failed and the retry waits for the network: say so instead of spinning without end
  if (query.isPending && query.fetchStatus === 'paused') return <Text role="status">{OFFLINE_WAITING}</Text>;
  if (query.isPending) return <Loader size="sm" aria-label="Arbeitsliste wird geladen" />;
  if (query.isError)
    return (
      <Alert color="red" title="Arbeitsliste nicht geladen">
        Die offenen Aufgaben konnten gerade nicht geladen werden. Lade die Seite neu.
      </Alert>
    );
  return <WorkListView data={query.data} />;
}
