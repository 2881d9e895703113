import { sql, type SQL } from 'drizzle-orm';
import { WORK_LIST_DEADLINE_DAYS, seasonDeadlineKinds, type AdminWorkList } from '../../../src/shared/contracts/admin-home';
import type { DbOrTx } from '../../db/client';
import { outboxHealth } from '../mail/outbox-health';
import { countOfferingNeeds } from '../programme/offering-attention';

type Row = Record<string, unknown>;
async function rows(db: DbOrTx, query: SQL): Promise<Row[]> {
  return ((await db.execute(query)) as unknown as { rows: Row[] }).rows;
}
const n = (v: unknown) => Number(v ?? 0);

/** "today" as the programme's users see it */
const today = sql`(now() at time zone 'Europe/Berlin')::date`;

/**
 * The admin home's work list (issue 22): each figure is one (sub)query on indexed columns, read-only; five round trips,
 * started at once (parallel on PostgreSQL's pool), the last for the ActiveCampaign run. No joins over
 * whole tables. The tables of other modules are read by name (ADR 0009: a read model, no imports of their internals).
 */
export async function adminWorkList(db: DbOrTx, opts: { activeCampaignFromEnv: boolean }): Promise<AdminWorkList> {
  // the counts on plain indexed columns, one subquery each, in one round trip (under the current season)
  const countsQuery = rows(
    db,
    sql`with cur as (select id, identifier, label from seasons where is_current limit 1)
        select cur.id, cur.identifier, cur.label,
          (select count(*) from facility_join_requests where state = 'pending')::int as "joinRequests",
          (select count(*) from documentation_forms f where f.season_id = cur.id and f.state = 'submitted')::int as submitted,
          (select count(*) from documentation_reviews r
             join documentation_forms f on f.id = r.form_id
             join users u on u.id = r.reviewer_id
           where f.season_id = cur.id and f.state = 'submitted' and u.is_jury)::int as reviews,
          (select count(*) from users where is_jury)::int as jury,
          (select count(*) from team_workshop_applications t
           where t.state = 'submitted' and t.withdrawn_at is null and (cur.id is null or t.season_id = cur.id))::int as tw
        from (select 1) as one left join cur on true`,
  );

  // the dates needing attention per kind, by the rules the admin list of dates filters with (programme owns them)
  const datesQuery = countOfferingNeeds(db);
  const mailsQuery = outboxHealth(db);

  // the season dates as rows (one lateral unnest), those from today up to WORK_LIST_DEADLINE_DAYS ahead
  const kinds = seasonDeadlineKinds;
  const columns = sql.raw(kinds.map((k) => k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`)).join(', '));
  const names = sql.raw(kinds.map((k) => `'${k}'`).join(', '));
  const deadlinesQuery = rows(
    db,
    sql`select s.identifier, s.label, d.kind, to_char(d.day, 'YYYY-MM-DD') as day
        from seasons s
        cross join lateral unnest(array[${names}]::text[], array[${columns}]::date[]) as d(kind, day)
        where d.day between ${today} and ${today} + ${WORK_LIST_DEADLINE_DAYS}::int
        order by d.day, s.identifier, d.kind`,
  );

  // the ActiveCampaign connection saved by an admin (else the environment's), and its newest run
  const activeCampaignQuery = rows(
    db,
    sql`select (select url <> '' from active_campaign_settings where id = 1) as saved,
          r.id, r.state, r.created_at as "startedAt", r.finished_at as "finishedAt"
        from (select 1) as one
        left join lateral (select * from active_campaign_runs order by created_at desc, id desc limit 1) r on true`,
  );

  const [[c], dates, mails, deadlines, [ac]] = await Promise.all([countsQuery, datesQuery, mailsQuery, deadlinesQuery, activeCampaignQuery]);
  const perKind = (key: 'waitlist' | 'free') => {
    const of = (kind: string) => n(dates.find((d) => d.kind === kind)?.[key]);
    return { training: of('training'), hospitation: of('hospitation'), awarding: of('awarding') };
  };

  return {
    currentSeason: c?.id != null ? { id: n(c.id), identifier: String(c.identifier), label: String(c.label) } : null,
    joinRequests: n(c?.joinRequests),
    documentation: { submitted: n(c?.submitted), juryReviews: n(c?.reviews), juryMembers: n(c?.jury) },
    teamWorkshopsToDecide: n(c?.tw),
    datesWithWaitlist: perKind('waitlist'),
    datesSoonWithFreeSeats: perKind('free'),
    failedMails: mails.failedLast24h,
    activeCampaign:
      ac?.saved === true || opts.activeCampaignFromEnv
        ? {
            lastRun:
              ac?.id != null
                ? {
                    id: n(ac.id),
                    state: ac.state as 'running' | 'finished' | 'failed',
                    startedAt: new Date(ac.startedAt as string | Date).toISOString(),
                    finishedAt: ac.finishedAt != null ? new Date(ac.finishedAt as string | Date).toISOString() : null,
                  }
                : null,
          }
        : null,
    deadlines: deadlines.map((d) => ({
      seasonIdentifier: String(d.identifier),
      seasonLabel: String(d.label),
      kind: d.kind as (typeof kinds)[number],
      date: String(d.day),
    })),
  };
}
