import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
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

/** The budget (README "Mail budget"): counted mails, whatever their template, in the last hour and the last 24 hours. */
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

/** Which limit is used up for this mail, or null. Counts the outbox's own rows: mails, not requests. */
async function overBudget(db: DbOrTx, to: string, facilityId: number | null): Promise<string | null> {
  const { recipient, facility } = mailBudgetLimits;
  const res = (await db.execute(sql`
    select
      count(*) filter (where lower(recipient) = lower(${to}) and created_at > now() - interval '1 hour')::int as "recipientHour",
      count(*) filter (where lower(recipient) = lower(${to}))::int as "recipientDay",
      count(*) filter (where facility_id = ${facilityId} and created_at > now() - interval '1 hour')::int as "facilityHour",
      count(*) filter (where facility_id = ${facilityId})::int as "facilityDay"
    from mail_outbox
    where budget = 'counted' and created_at > now() - interval '24 hours'
      and (lower(recipient) = lower(${to}) or facility_id = ${facilityId})`)) as unknown as {
    rows: { recipientHour: number; recipientDay: number; facilityHour: number; facilityDay: number }[];
  };
  const c = res.rows[0] ?? { recipientHour: 0, recipientDay: 0, facilityHour: 0, facilityDay: 0 };
  if (Number(c.recipientHour) >= recipient.perHour) return `budget: recipient ${recipient.perHour}/hour`;
  if (Number(c.recipientDay) >= recipient.perDay) return `budget: recipient ${recipient.perDay}/day`;
  if (facilityId !== null && Number(c.facilityHour) >= facility.perHour) return `budget: KiTa ${facility.perHour}/hour`;
  if (facilityId !== null && Number(c.facilityDay) >= facility.perDay) return `budget: KiTa ${facility.perDay}/day`;
  return null;
}

/**
 * Writes one mail to the outbox, in the caller's transaction: the mail exists exactly when the change that
 * caused it committed. Sending happens in the worker. A mail over its budget is stored as `failed` (budget `over`,
 * the reason in `last_error`, no data) and never sent; the caller decides whether its request still succeeds.
 */
export async function enqueueMail(db: DbOrTx, mail: EnqueueMail): Promise<EnqueuedMail> {
  if (!hasMailTemplate(mail.template)) throw new Error(`Unknown mail template "${mail.template}".`);
  const budget = mail.budget ?? 'recipient';
  const facilityId = typeof budget === 'object' ? budget.facilityId : null;
  let reason: string | null = null;
  if (budget !== 'exempt') {
    // no lock of its own (it would come after the caller's row locks and could deadlock with them): the
    // transactions that mail in bursts (bookings, cancellations) already hold their KiTa's lock, so they count one
    // after the other; elsewhere two concurrent transactions may each see the count before the other's commit
    reason = await overBudget(db, mail.to, facilityId);
  }
  const [row] = await db
    .insert(mailOutbox)
    // due time from the same clock the worker compares with (milliseconds): the database's now() has microseconds,
    // so a worker claiming within the same millisecond would find the row "not yet due" and wait for its interval
    .values(
      reason
        ? {
            recipient: mail.to,
            template: mail.template,
            data: null,
            status: 'failed',
            lastError: reason,
            facilityId,
            budget: 'over',
            nextAttemptAt: new Date(),
          }
        : {
            recipient: mail.to,
            template: mail.template,
            data: mail.data,
            facilityId,
            budget: budget === 'exempt' ? 'exempt' : 'counted',
            nextAttemptAt: mail.notBefore ?? new Date(),
          },
    )
    .returning({ id: mailOutbox.id, messageId: mailOutbox.messageId });
  if (reason) {
    for (const l of suppressedListeners) l({ id: row!.id, template: mail.template, facilityId, reason });
    return { ...row!, suppressed: true };
  }
  // the caller's transaction usually commits within milliseconds; a kick that comes too early finds nothing
  // and the interval (or the caller's own kickMailWorkers after commit) picks the row up
  setTimeout(kickMailWorkers, 30).unref();
  return { ...row!, suppressed: false };
}
