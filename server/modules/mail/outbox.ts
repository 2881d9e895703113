import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { Bound } from '../../db/compiled-sql';
import { mailOutbox } from './mail.table';
import { hasMailTemplate } from './templates';

/**
 * Who pays for a mail (docs/decisions/0003-mail-outbox.md, "The mail budget"): `{ facilityId }` — a KiTa's action
 * (its staff booked, invited, submitted …): counted against the KiTa and the recipient; `'recipient'` — nobody's KiTa
 * (registration, password reset, a join request): counted against the recipient; `'exempt'` — an admin's (or the
 * jury's) action, system mails to admins and security notices to an account's own verified address: never held back
 * and not counted.
 */
export type MailBudget = { facilityId: number } | 'recipient' | 'exempt';

/** The budget (docs/operations.md "Mail budget"): counted mails, whatever their template, in the last hour and the last 24 hours. */
export const mailBudgetLimits = {
  recipient: { perHour: 10, perDay: 30 },
  facility: { perHour: 40, perDay: 200 },
} as const;

export type EnqueueMail = {
  to: string;
  /** a name registered with defineMailTemplate */
  template: string;
  /** the template's input; JSON only (it waits in the database) */
  data: Record<string, unknown>;
  /** for later mails (reminders); default now */
  notBefore?: Date;
  /** default `'recipient'`: counted against the address (the safe side for a call that did not decide) */
  budget?: MailBudget;
};

export type EnqueuedMail = { id: number; messageId: string; /** true: over budget, stored as `failed` and never sent */ suppressed: boolean };

// workers of this process; kicked after an enqueue so a mail does not wait for the next interval
const listeners = new Set<() => void>();
export const onMailEnqueued = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

export type SuppressedMail = { id: number; template: string; facilityId: number | null; reason: string };
const suppressedListeners = new Set<(m: SuppressedMail) => void>();
/** the mail plugin logs every mail the budget held back */
export const onMailSuppressed = (listener: (m: SuppressedMail) => void) => {
  suppressedListeners.add(listener);
  return () => void suppressedListeners.delete(listener);
};

/** Wakes this process's workers now: call it after the transaction that enqueued mail committed. */
export function kickMailWorkers() {
  for (const l of listeners) l();
}

/** counted mails of one recipient (lower-case address) or one KiTa in the last hour and the last 24 hours */
type Counts = { hour: number; day: number };

/**
 * The budget of one or several mails (docs/decisions/0003-mail-outbox.md, "The mail budget"): the counts of their
 * recipients and KiTas read in one statement, then `reasonFor` decides each mail as `enqueueMail` did one after the
 * other — against the counts plus the counted mails decided before it. Counts the outbox's own rows: mails, not
 * requests.
 */
export type MailBudgetCounter = { reasonFor: (to: string, budget: MailBudget) => string | null };

/** one count row of `budgetCountsSql`: a recipient's (by address) or a KiTa's (by id) */
export type MailBudgetCounts = { kind: 'recipient' | 'facility'; key: string; hour: number | string; day: number | string };

/**
 * The counts the budget decides by, for the addresses of a one-column set (`(values …)`, or a caller's subquery of
 * addresses) and some KiTas. No lock of its own (it would come after the caller's row locks and could deadlock with
 * them): the transactions that mail in bursts (bookings, cancellations) already hold their KiTa's lock, so they count
 * one after the other; elsewhere two concurrent transactions may each see the count before the other's commit.
 */
function budgetCountsSql(addresses: SQL, facilities: Bound<number>[]): SQL {
  return sql`
    select 'recipient' as kind, a.addr as key,
      count(o.id) filter (where o.created_at > now() - interval '1 hour')::int as hour, count(o.id)::int as day
    from (${addresses}) a(addr)
    left join mail_outbox o on o.budget = 'counted' and o.created_at > now() - interval '24 hours' and lower(o.recipient) = lower(a.addr)
    group by a.addr
    ${
      facilities.length === 0
        ? sql``
        : sql`union all
    select 'facility', f.id::text,
      count(o.id) filter (where o.created_at > now() - interval '1 hour')::int, count(o.id)::int
    from (values ${sql.join(
      facilities.map((f) => sql`(${f}::int)`),
      sql`, `,
    )}) f(id)
    left join mail_outbox o on o.budget = 'counted' and o.created_at > now() - interval '24 hours' and o.facility_id = f.id
    group by f.id`
    }`;
}

/**
 * The counts for mails of one budget to the addresses a caller's subquery selects, as a column of the caller's select
 * (a booking reads them with its offering: no round trip of their own); `mailBudgetCounter` turns them into the
 * counter. Only when the mails go to exactly those addresses.
 */
export function mailBudgetColumn(addresses: SQL, budget: 'recipient' | 'exempt' | { facilityId: Bound<number> }): SQL<MailBudgetCounts[]> {
  if (budget === 'exempt') return sql<MailBudgetCounts[]>`'[]'::json`;
  const facilities = typeof budget === 'object' ? [budget.facilityId] : [];
  return sql<MailBudgetCounts[]>`(select coalesce(json_agg(c), '[]'::json) from (${budgetCountsSql(addresses, facilities)}) c)`;
}

/** the counts of these mails' recipients and KiTas, read in one statement */
export async function readMailBudget(db: DbOrTx, mails: { to: string; budget: MailBudget }[]): Promise<MailBudgetCounter> {
  const counted = mails.filter((m) => m.budget !== 'exempt');
  if (counted.length === 0) return mailBudgetCounter([]);
  const recipients = [...new Set(counted.map((m) => m.to))];
  const facilities = [...new Set(counted.flatMap((m) => (typeof m.budget === 'object' ? [m.budget.facilityId] : [])))];
  const values = sql`values ${sql.join(
    recipients.map((r) => sql`(${r}::text)`),
    sql`, `,
  )}`;
  const res = (await db.execute(budgetCountsSql(values, facilities))) as unknown as { rows: MailBudgetCounts[] };
  return mailBudgetCounter(res.rows);
}

/** decides mail after mail against the counts read (`readMailBudget`, `mailBudgetColumn`) */
export function mailBudgetCounter(rows: MailBudgetCounts[]): MailBudgetCounter {
  const byRecipient = new Map<string, Counts>();
  const byFacility = new Map<number, Counts>();
  for (const r of rows) {
    const c = { hour: Number(r.hour), day: Number(r.day) };
    if (r.kind === 'recipient') byRecipient.set(r.key.toLowerCase(), c);
    else byFacility.set(Number(r.key), c);
  }
  const { recipient, facility } = mailBudgetLimits;
  return {
    reasonFor(to, budget) {
      if (budget === 'exempt') return null;
      const facilityId = typeof budget === 'object' ? budget.facilityId : null;
      const r = byRecipient.get(to.toLowerCase()) ?? { hour: 0, day: 0 };
      const f = facilityId === null ? null : (byFacility.get(facilityId) ?? { hour: 0, day: 0 });
      if (r.hour >= recipient.perHour) return `budget: recipient ${recipient.perHour}/hour`;
      if (r.day >= recipient.perDay) return `budget: recipient ${recipient.perDay}/day`;
      if (f && f.hour >= facility.perHour) return `budget: KiTa ${facility.perHour}/hour`;
      if (f && f.day >= facility.perDay) return `budget: KiTa ${facility.perDay}/day`;
      // counted from now on, for the mails decided after it
      byRecipient.set(to.toLowerCase(), { hour: r.hour + 1, day: r.day + 1 });
      if (f && facilityId !== null) byFacility.set(facilityId, { hour: f.hour + 1, day: f.day + 1 });
      return null;
    },
  };
}

/**
 * Writes one mail to the outbox, in the caller's transaction: the mail exists exactly when the change that
 * caused it committed. Sending happens in the worker. A mail over its budget is stored as `failed` (budget `over`,
 * the reason in `last_error`, no data) and never sent; the caller decides whether its request still succeeds.
 */
export async function enqueueMail(db: DbOrTx, mail: EnqueueMail): Promise<EnqueuedMail> {
  const [one] = await enqueueMails(db, [mail]);
  return one!;
}

/**
 * Several mails in one statement (issue 23), their budget decided as `enqueueMail` decides it one after the other
 * (`counter`: read before, e.g. outside the caller's row locks; else read here). `alongside`: other writes of the
 * caller's transaction (their modules' insert queries) sent in the same statement as data-modifying CTEs, so a
 * booking's audit rows and rate-limit hit cost no round trip of their own.
 */
export async function enqueueMails(
  db: DbOrTx,
  mails: EnqueueMail[],
  opts: { counter?: MailBudgetCounter; alongside?: (SQLWrapper | null)[] } = {},
): Promise<EnqueuedMail[]> {
  for (const mail of mails) assertMailTemplate(mail.template);
  const alongside = (opts.alongside ?? []).filter((q): q is SQLWrapper => q !== null);
  const budgetOf = (mail: EnqueueMail) => mail.budget ?? 'recipient';
  const counter =
    opts.counter ??
    (await readMailBudget(
      db,
      mails.map((m) => ({ to: m.to, budget: budgetOf(m) })),
    ));
  const planned = mails.map((mail) => planMail(mail, budgetOf(mail), counter));
  if (planned.length === 0) {
    if (alongside.length > 0) await db.execute(sql`with ${cteList(alongside)} select 1`);
    return [];
  }
  const insert = db
    .insert(mailOutbox)
    .values(planned.map((p) => p.row))
    .returning({ id: mailOutbox.id, messageId: mailOutbox.messageId });
  const rows =
    alongside.length === 0
      ? (await insert).sort((a, b) => a.id - b.id)
      : // raw rows: the id as a string on some drivers
        (
          (await db.execute(sql`with ${cteList(alongside)} ${insert.getSQL()}`)) as unknown as { rows: { id: number | string; message_id: string }[] }
        ).rows
          .map((r) => ({ id: Number(r.id), messageId: r.message_id }))
          // ids are given in the order of the values; RETURNING's order is not promised
          .sort((a, b) => a.id - b.id);
  const out = planned.map(({ mail, facilityId, reason }, i) => {
    const row = rows[i]!;
    if (reason) reportSuppressed({ id: row.id, template: mail.template, facilityId, reason });
    return { ...row, suppressed: reason !== null };
  });
  // the caller's transaction usually commits within milliseconds; a kick that comes too early finds nothing
  // and the interval (or the caller's own kickMailWorkers after commit) picks the row up
  if (out.some((m) => !m.suppressed)) setTimeout(kickMailWorkers, 30).unref();
  return out;
}

/** a mail as its outbox row, its budget decided by the counter: over the budget, `failed` with the reason and no data */
function planMail(mail: EnqueueMail, budget: MailBudget, counter: MailBudgetCounter) {
  const facilityId = typeof budget === 'object' ? budget.facilityId : null;
  const reason = counter.reasonFor(mail.to, budget);
  // due time from the same clock the worker compares with (milliseconds): the database's now() has microseconds,
  // so a worker claiming within the same millisecond would find the row "not yet due" and wait for its interval
  const row = reason
    ? {
        recipient: mail.to,
        template: mail.template,
        data: null,
        status: 'failed' as const,
        lastError: reason,
        facilityId,
        budget: 'over' as const,
        nextAttemptAt: new Date(),
      }
    : {
        recipient: mail.to,
        template: mail.template,
        data: mail.data,
        status: 'pending' as const,
        lastError: null,
        facilityId,
        budget: budget === 'exempt' ? ('exempt' as const) : ('counted' as const),
        nextAttemptAt: mail.notBefore ?? new Date(),
      };
  return { mail, facilityId, reason, row };
}

/** one mail for each outcome the caller's statement decides (a booking: a seat or a waiting place), to one recipient */
export type MailChoice = {
  /** what the caller's `chosen` rows name it by */
  key: string;
  to: string;
  budget: MailBudget;
  byOutcome: Record<string, { template: string; data: Record<string, unknown> }>;
};

/**
 * The insert of mails whose outcome the caller's statement decides (issue 36: a booking's decision, audit rows and mails
 * in one statement), as a data-modifying CTE body: `rows` are `chosenMailRows`' (each choice decided once by the budget,
 * as `enqueueMails` decides a mail), `chosen` selects `key`, `outcome`, `extra` (jsonb, merged into the data: what only
 * the statement knows, such as the enrolment's id) and `ord` (the order of the rows), one row per key. Returns the rows
 * `mailsChosen` takes after the statement ran.
 */
export function chosenMailsInsert(rows: Bound<string>, chosen: SQL): SQL {
  return sql`insert into ${mailOutbox} (recipient, template, data, status, last_error, facility_id, budget, next_attempt_at)
    select v.recipient, v.template, v.data || c.extra, v.status, v.last_error, v.facility_id, v.budget, v.next_attempt_at
    from json_to_recordset(${rows}::json) as v(key text, outcome text, idx int, recipient text, template text, data jsonb,
      status text, last_error text, facility_id int, budget text, next_attempt_at timestamptz)
    join (${chosen}) c on c.key = v.key and c.outcome = v.outcome
    order by c.ord, v.idx
    returning id, template, facility_id, last_error`;
}

/** the rows `chosenMailsInsert` takes (JSON text): each choice decided once by the budget, whichever outcome it gets */
export function chosenMailRows(choices: MailChoice[], counter: MailBudgetCounter): string {
  const rows = choices.flatMap((c, idx) => {
    const outcomes = Object.entries(c.byOutcome);
    const decision = planMail({ to: c.to, template: outcomes[0]![1].template, data: {} }, c.budget, counter);
    return outcomes.map(([outcome, m]) => {
      assertMailTemplate(m.template);
      const r = decision.row;
      return {
        key: c.key,
        outcome,
        idx,
        recipient: r.recipient,
        template: m.template,
        data: decision.reason ? null : m.data,
        status: r.status,
        last_error: r.lastError,
        facility_id: r.facilityId,
        budget: r.budget,
        next_attempt_at: r.nextAttemptAt.toISOString(),
      };
    });
  });
  return JSON.stringify(rows);
}

/** a row `chosenMailsInsert` returns: `last_error` set when the budget held the mail back */
export type ChosenMailRow = { id: number | string; template: string; facility_id: number | null; last_error: string | null };

/**
 * After the commit of the statement of `chosenMailsInsert`: the mails the budget held back are reported (the mail
 * plugin logs them), and the workers are woken for the others.
 */
export function mailsChosen(rows: ChosenMailRow[]) {
  for (const r of rows)
    if (r.last_error !== null) reportSuppressed({ id: Number(r.id), template: r.template, facilityId: r.facility_id, reason: r.last_error });
  if (rows.some((r) => r.last_error === null)) kickMailWorkers();
}

function assertMailTemplate(template: string) {
  if (!hasMailTemplate(template)) throw new Error(`Unknown mail template "${template}".`);
}

function reportSuppressed(mail: SuppressedMail) {
  for (const l of suppressedListeners) l(mail);
}

const cteList = (queries: SQLWrapper[]) =>
  sql.join(
    queries.map((q, i) => sql`${sql.identifier(`alongside_${i}`)} as (${q.getSQL()})`),
    sql`, `,
  );
