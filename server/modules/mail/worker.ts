import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, lt, lte, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { JobHeartbeats } from '../../lib/job-heartbeats';
import { runInContext } from '../../lib/run-context';
import { mailOutbox, type MailOutboxRow } from './mail.table';
import { onMailEnqueued } from './outbox';
import {
  AttachmentUnavailableError,
  mailContext,
  renderMail,
  UnknownTemplateError,
  type AttachmentSources,
  type MailContext,
  type RenderedMail,
} from './templates';
import { isPermanentFailure, type MailTransport } from './transport';

type Log = {
  info: (obj: Record<string, unknown>, msg: string) => void;
  warn: (obj: Record<string, unknown>, msg: string) => void;
  error: (obj: Record<string, unknown>, msg: string) => void;
};

export type MailWorkerOptions = {
  db: Db;
  config: { programmeName: string; supportEmail: string; supportPhone: string; publicUrl: string; mailFrom: string | undefined };
  transport: MailTransport;
  log: Log;
  /** how often due rows are looked for without a kick */
  intervalMs?: number;
  /** how long a claim lasts; must exceed the transport's worst-case send time */
  leaseMs?: number;
  batchSize?: number;
  /** first retry after this long, doubling each attempt up to maxBackoffMs */
  backoffBaseMs?: number;
  maxBackoffMs?: number;
  /** after this many failed attempts the row is given up (status failed) */
  maxAttempts?: number;
  now?: () => Date;
  /** builders of attachments made at send time (MailAttachmentFromSource), registered by the modules */
  attachmentSources?: AttachmentSources;
  /** a started worker registers here and beats after every claim and every finished send (/api/health's `checks.jobs`) */
  heartbeats?: JobHeartbeats;
};

export type MailWorker = {
  start: () => void;
  /** stops the timer and waits for the send in flight, so a graceful shutdown never leaves a sent-but-unmarked row */
  stop: () => Promise<void>;
  /** look for due mail now (coalesces while a run is going) */
  kick: () => void;
  /** one claim-and-send round; answers how many due rows it took (claimed, or given up at claim) */
  runOnce: () => Promise<number>;
  /** waits for the current run, then sends everything due; for tests and scripts */
  drain: () => Promise<void>;
};

export function backoffMs(attempts: number, base: number, max: number): number {
  return Math.min(max, base * 2 ** Math.max(0, attempts - 1));
}

/**
 * Claims due rows with FOR UPDATE SKIP LOCKED (several processes share the work, none waits for another),
 * marks them `sending` with a lease, sends, then marks `sent` guarded by the claim token, so a row is marked
 * sent exactly once. A row whose lease ran out (its worker died) is claimed again: see
 * docs/decisions/0003-mail-outbox.md for why that is at-least-once with a stable Message-ID.
 */
export function createMailWorker(opts: MailWorkerOptions): MailWorker {
  const { db, transport, log } = opts;
  const intervalMs = opts.intervalMs ?? 5_000;
  const leaseMs = opts.leaseMs ?? 5 * 60_000;
  // a claim is a transaction of 4 statements: 50 at a time costs a booking rush 0.08 of them per mail instead of 0.4
  // (issue 23); 50 sends fit the lease many times over
  const batchSize = opts.batchSize ?? 50;
  const base = opts.backoffBaseMs ?? 30_000;
  const maxBackoff = opts.maxBackoffMs ?? 3_600_000;
  const maxAttempts = opts.maxAttempts ?? 10;
  const now = opts.now ?? (() => new Date());
  const ctx: MailContext = mailContext(opts.config);
  const host = new URL(opts.config.publicUrl).hostname || 'kita-portal.local';
  const from = opts.config.mailFrom ?? `"${opts.config.programmeName}" <noreply@${host}>`;

  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;
  let beat: (() => void) | undefined;

  /**
   * Claims due rows and counts the attempt now, before anything is tried: a send that kills the process (a crash, an
   * out-of-memory) never reaches the error path, so the count must not wait for it. A due row whose attempts reached
   * the limit is given up here (`failed`) instead of being claimed again, so a poison mail ends after N crashes
   * instead of crashing the process every lease forever.
   */
  async function claim(): Promise<{ claimed: MailOutboxRow[]; givenUp: number }> {
    const at = now();
    const token = randomUUID();
    const { claimed, givenUp } = await db.transaction(async (tx) => {
      const due = await tx
        .select({ id: mailOutbox.id, attempts: mailOutbox.attempts })
        .from(mailOutbox)
        .where(
          or(
            and(eq(mailOutbox.status, 'pending'), lte(mailOutbox.nextAttemptAt, at)),
            and(eq(mailOutbox.status, 'sending'), lt(mailOutbox.leaseUntil, at)),
          ),
        )
        .orderBy(asc(mailOutbox.id))
        .limit(batchSize)
        .for('update', { skipLocked: true });
      const spent = due.filter((d) => d.attempts >= maxAttempts).map((d) => d.id);
      const fresh = due.filter((d) => d.attempts < maxAttempts).map((d) => d.id);
      const givenUp =
        spent.length === 0
          ? []
          : await tx
              .update(mailOutbox)
              .set({
                status: 'failed',
                lastError: `given up after ${maxAttempts} attempts; the last one did not finish (the process died while sending?)`,
                claimToken: null,
                leaseUntil: null,
              })
              .where(inArray(mailOutbox.id, spent))
              .returning({ id: mailOutbox.id, template: mailOutbox.template, attempts: mailOutbox.attempts });
      const claimed =
        fresh.length === 0
          ? []
          : await tx
              .update(mailOutbox)
              .set({ status: 'sending', claimToken: token, leaseUntil: new Date(at.getTime() + leaseMs), attempts: sql`${mailOutbox.attempts} + 1` })
              .where(inArray(mailOutbox.id, fresh))
              .returning();
      return { claimed, givenUp };
    });
    for (const g of givenUp)
      log.error({ mailId: g.id, template: g.template, attempts: g.attempts }, 'mail given up at claim: its attempts ran out without finishing');
    return { claimed, givenUp: givenUp.length };
  }

  type Built = { filename: string; contentType: string; content: string; encoding?: 'base64' };

  /**
   * The attachments as the transport takes them: sources built now. A source that throws AttachmentUnavailableError
   * (or fails in the row's last attempt) is left out and named in `missing`; any other failure is a failed attempt.
   */
  async function attachmentsOf(row: MailOutboxRow, rendered: RenderedMail): Promise<{ built: Built[] | undefined; missing: Set<string> }> {
    const missing = new Set<string>();
    if (!rendered.attachments) return { built: undefined, missing };
    const built: Built[] = [];
    for (const a of rendered.attachments) {
      if (!('source' in a)) {
        built.push(a);
        continue;
      }
      const build = opts.attachmentSources?.get(a.source);
      if (!build) throw new Error(`No mail attachment source "${a.source}".`);
      try {
        built.push({ filename: a.filename, contentType: a.contentType, content: (await build(a.sourceData)).toString('base64'), encoding: 'base64' });
      } catch (err) {
        if (!(err instanceof AttachmentUnavailableError) && row.attempts < maxAttempts) throw err;
        missing.add(a.source);
        // the source's name only: its data may name people
        log.warn(
          { mailId: row.id, template: row.template, source: a.source, detail: err instanceof Error ? err.message.slice(0, 300) : String(err) },
          'mail attachment left out',
        );
      }
    }
    return { built, missing };
  }

  /** the mail as it goes out: rendered again, saying so, when an attachment had to be left out */
  async function prepare(row: MailOutboxRow) {
    const rendered = renderMail(row.template, row.data, ctx);
    const { built, missing } = await attachmentsOf(row, rendered);
    if (missing.size === 0) return { ...rendered, attachments: built };
    const again = renderMail(row.template, row.data, { ...ctx, attachmentMissing: (source) => missing.has(source) });
    return { ...again, attachments: built };
  }

  const mine = (row: MailOutboxRow) => and(eq(mailOutbox.id, row.id), eq(mailOutbox.status, 'sending'), eq(mailOutbox.claimToken, row.claimToken!));

  async function sendOne(row: MailOutboxRow) {
    let subject: string | null = null;
    try {
      const mail = await prepare(row);
      subject = mail.subject;
      await transport.send({ from, to: row.recipient, ...mail, messageId: `<${row.messageId}@${host}>` });
    } catch (err) {
      const permanent = err instanceof UnknownTemplateError || isPermanentFailure(err) || row.attempts >= maxAttempts;
      // the error text of an SMTP server or a template, never the mail's data (it holds tokens)
      const message = err instanceof Error ? err.message.slice(0, 500) : String(err).slice(0, 500);
      const next = new Date(now().getTime() + backoffMs(row.attempts, base, maxBackoff));
      await db
        .update(mailOutbox)
        .set(
          permanent
            ? { status: 'failed', lastError: message, claimToken: null, leaseUntil: null }
            : { status: 'pending', lastError: message, nextAttemptAt: next, claimToken: null, leaseUntil: null },
        )
        .where(mine(row));
      const logged = { mailId: row.id, template: row.template, attempts: row.attempts, error: message };
      if (permanent) log.error(logged, 'mail given up');
      else log.warn({ ...logged, retryAt: next.toISOString() }, 'mail send failed, will retry');
      return;
    }
    const marked = await db
      .update(mailOutbox)
      .set({ status: 'sent', sentAt: now(), subject, data: null, claimToken: null, leaseUntil: null, lastError: null })
      .where(mine(row))
      .returning({ id: mailOutbox.id });
    if (marked.length === 0) log.warn({ mailId: row.id }, 'mail sent but its claim had been taken over');
    else log.info({ mailId: row.id, template: row.template }, 'mail sent');
  }

  async function runOnce(): Promise<number> {
    const { claimed, givenUp } = await claim();
    beat?.();
    // a crash while sending is logged with the mail it belonged to (server/lib/run-context.ts)
    for (const row of claimed) {
      await runInContext({ job: 'mail-outbox', mailId: row.id }, () => sendOne(row));
      // a long batch is alive as long as its sends finish (a failed send is the outbox's count, not a dead worker)
      beat?.();
    }
    return claimed.length + givenUp;
  }

  async function loop() {
    do {
      again = false;
      try {
        while (!stopped && (await runOnce()) === batchSize) {
          // a full batch: there may be more due right now
        }
      } catch (err) {
        log.error({ err }, 'mail worker round failed');
      }
    } while (again && !stopped);
  }

  function kick() {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    // the job's own context, not that of the request whose enqueue kicked it
    running = runInContext({ job: 'mail-outbox' }, loop).finally(() => {
      running = null;
    });
  }

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      beat ??= opts.heartbeats?.register('mail-outbox', intervalMs);
      timer = setInterval(kick, intervalMs);
      timer.unref();
      unsubscribe = onMailEnqueued(kick);
      kick();
    },
    async stop() {
      stopped = true;
      if (timer) clearInterval(timer);
      unsubscribe?.();
      await running;
      transport.close();
    },
    kick,
    runOnce,
    async drain() {
      // until nothing is due and no round of the worker's own is under way: a round started by an enqueue or the
      // timer while we looked holds its claimed rows as `sending`, which our claim skips, so wait for it and look again
      for (;;) {
        if (running) {
          await running;
          continue;
        }
        if ((await runOnce()) === 0 && !running) return;
      }
    },
  };
}
