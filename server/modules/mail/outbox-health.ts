import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';

export type OutboxHealth = {
  /** mails waiting to go out (pending or being sent), retries included */
  pending: number;
  /** age of the oldest of them in seconds, 0 when none waits: how far sending lags behind */
  oldestPendingSeconds: number;
  /** mails given up on in the last 24 hours (not those the budget held back on purpose) */
  failedLast24h: number;
};

/** The outbox as /api/health reports it: counts and an age, no addresses, no subjects. One query on its indexes. */
export async function outboxHealth(db: DbOrTx): Promise<OutboxHealth> {
  const res = (await db.execute(sql`
    select
      count(*) filter (where status in ('pending', 'sending'))::int as "pending",
      coalesce(extract(epoch from now() - min(created_at) filter (where status in ('pending', 'sending'))), 0)::float8 as "oldestPendingSeconds",
      count(*) filter (where status = 'failed' and budget <> 'over' and created_at > now() - interval '24 hours')::int as "failedLast24h"
    from mail_outbox
    where status in ('pending', 'sending') or (status = 'failed' and created_at > now() - interval '24 hours')`)) as unknown as {
    rows: { pending: number; oldestPendingSeconds: number; failedLast24h: number }[];
  };
  const row = res.rows[0];
  return {
    pending: Number(row?.pending ?? 0),
    oldestPendingSeconds: Math.max(0, Math.floor(Number(row?.oldestPendingSeconds ?? 0))),
    failedLast24h: Number(row?.failedLast24h ?? 0),
  };
}
