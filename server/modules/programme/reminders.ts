import type { Recipient } from '../facilities/facility-mails';
import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { JobHeartbeats } from '../../lib/job-heartbeats';
import { runInContext } from '../../lib/run-context';
import { findActiveFacility } from '../facilities/facility-scope';
import { staffOfFacility } from '../persons/person-scope';
import { mailDataOf } from './programme.mails';
import { bookingReminderTemplate, mailBooking } from './programme.mails';
import { offeringEnrolments, offerings, type OfferingEnrolmentRow } from './programme.table';

/**
 * The reminder N days before a date (offering.reminderDays; 0 = none). A round claims due confirmed enrolments with
 * `FOR UPDATE SKIP LOCKED`, marks them reminded and enqueues the mail in the same transaction: two processes on one
 * PostgreSQL share the work and each reminder goes out once (the outbox then sends it).
 */
export async function sendDueReminders(db: Db, now = new Date(), batchSize = 100): Promise<number> {
  return db.transaction(async (tx) => {
    const at = now.toISOString();
    const due = (await tx.execute(sql`
      select e.id from offering_enrolments e join offerings o on o.id = e.offering_id
      where e.state = 'confirmed' and e.reminder_sent_at is null and o.state = 'published' and o.reminder_days > 0
        and o.starts_at > ${at}::timestamptz and o.starts_at - make_interval(days => o.reminder_days) <= ${at}::timestamptz
      order by e.id
      limit ${batchSize}
      for update of e skip locked`)) as unknown as { rows: { id: number }[] };
    const ids = due.rows.map((r) => Number(r.id));
    if (ids.length === 0) return 0;
    const rows = (await tx
      .update(offeringEnrolments)
      .set({ reminderSentAt: now })
      .where(inArray(offeringEnrolments.id, ids))
      .returning()) as OfferingEnrolmentRow[];
    const offeringCache = new Map<number, typeof offerings.$inferSelect>();
    const labels = new Map<number, string>();
    const members = new Map<number, Recipient[]>();
    for (const e of rows) {
      let o = offeringCache.get(e.offeringId);
      if (!o) {
        [o] = await tx.select().from(offerings).where(eq(offerings.id, e.offeringId));
        offeringCache.set(e.offeringId, o!);
      }
      if (!labels.has(e.facilityId)) labels.set(e.facilityId, (await findActiveFacility(tx, e.facilityId))?.label ?? '');
      const [person] = await staffOfFacility(tx, e.facilityId, [e.personId], { includeRemoved: true });
      // a reminder follows a KiTa's booking: counted against the KiTa like the booking's own mail
      if (person)
        await mailBooking(
          tx,
          bookingReminderTemplate,
          e.facilityId,
          person,
          mailDataOf(o!, e, person, labels.get(e.facilityId)!),
          { facilityId: e.facilityId },
          members,
        );
    }
    return rows.length;
  });
}

type Log = { error: (obj: Record<string, unknown>, msg: string) => void; info: (obj: Record<string, unknown>, msg: string) => void };

/**
 * the job in the server process: a round every `intervalMs` (default 5 minutes), batches until nothing is due; each
 * round that went through is a heartbeat (/api/health's `checks.jobs`)
 */
export function startReminderJob(db: Db, log: Log, opts: { intervalMs?: number | undefined; heartbeats?: JobHeartbeats } = {}) {
  const intervalMs = opts.intervalMs ?? 5 * 60_000;
  const beat = opts.heartbeats?.register('programme-reminders', intervalMs);
  let running: Promise<void> | null = null;
  let stopped = false;
  const round = async () => {
    try {
      let sent = 0;
      for (;;) {
        const n = await sendDueReminders(db);
        sent += n;
        if (n < 100 || stopped) break;
      }
      if (sent > 0) log.info({ sent }, 'programme reminders enqueued');
      beat?.();
    } catch (err) {
      log.error({ err }, 'programme reminder round failed');
    }
  };
  const tick = () => {
    if (running || stopped) return;
    // a crash in a round is logged with the job's name (server/lib/run-context.ts)
    running = runInContext({ job: 'programme-reminders' }, round).finally(() => (running = null));
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  tick();
  return {
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
