import { and, count, eq, inArray, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx, Tx } from '../../db/client';
import { mailOutbox } from './mail.table';

/**
 * Retention rule `sent-mails` (issue 38, SPEC §9): a sent mail (or one given up) keeps its row for the counts but
 * loses its recipient, subject, data and error once older than the period. `recipient` '' marks a row done.
 */
const due = (before: Date) =>
  and(
    ne(mailOutbox.recipient, ''),
    or(
      and(eq(mailOutbox.status, 'sent'), lt(mailOutbox.sentAt, before)),
      and(eq(mailOutbox.status, 'failed'), lt(mailOutbox.nextAttemptAt, before), lt(mailOutbox.createdAt, before)),
    ),
  );

export async function sentMailsDue(db: DbOrTx, before: Date): Promise<number> {
  const [row] = await db.select({ n: count() }).from(mailOutbox).where(due(before));
  return row?.n ?? 0;
}

/** one batch, its rows taken with SKIP LOCKED (another instance's run takes others); answers how many */
export async function scrubSentMails(tx: Tx, before: Date, batch: number): Promise<number> {
  const ids = await tx.select({ id: mailOutbox.id }).from(mailOutbox).where(due(before)).limit(batch).for('update', { skipLocked: true });
  if (ids.length === 0) return 0;
  await tx
    .update(mailOutbox)
    .set({ recipient: '', subject: null, data: null, lastError: sql`case when ${mailOutbox.lastError} is null then null else '' end` })
    .where(
      inArray(
        mailOutbox.id,
        ids.map((r) => r.id),
      ),
    );
  return ids.length;
}
