import type { DbOrTx } from '../../db/client';
import { mailOutbox } from './mail.table';
import { hasMailTemplate } from './templates';

export type EnqueueMail = {
  to: string;
  /** a name registered with defineMailTemplate */
  template: string;
  /** the template's input; JSON only (it waits in the database) */
  data: Record<string, unknown>;
  /** for later mails (reminders); default now */
  notBefore?: Date;
};

// workers of this process; kicked after an enqueue so a mail does not wait for the next interval
const listeners = new Set<() => void>();
export const onMailEnqueued = (listener: () => void) => {
  listeners.add(listener);
  return () => void listeners.delete(listener);
};

/** Wakes this process's workers now: call it after the transaction that enqueued mail committed. */
export function kickMailWorkers() {
  for (const l of listeners) l();
}

/**
 * Writes one mail to the outbox, in the caller's transaction: the mail exists exactly when the change that
 * caused it committed. Sending happens in the worker.
 */
export async function enqueueMail(db: DbOrTx, mail: EnqueueMail): Promise<{ id: number; messageId: string }> {
  if (!hasMailTemplate(mail.template)) throw new Error(`Unknown mail template "${mail.template}".`);
  const [row] = await db
    .insert(mailOutbox)
    // due time from the same clock the worker compares with (milliseconds): the database's now() has microseconds,
    // so a worker claiming within the same millisecond would find the row "not yet due" and wait for its interval
    .values({ recipient: mail.to, template: mail.template, data: mail.data, nextAttemptAt: mail.notBefore ?? new Date() })
    .returning({ id: mailOutbox.id, messageId: mailOutbox.messageId });
  // the caller's transaction usually commits within milliseconds; a kick that comes too early finds nothing
  // and the interval (or the caller's own kickMailWorkers after commit) picks the row up
  setTimeout(kickMailWorkers, 30).unref();
  return row!;
}
