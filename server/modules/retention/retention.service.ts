import { desc, eq, gt, isNull, lt, and, sql } from 'drizzle-orm';
import {
  retentionRules,
  type RetentionOverview,
  type RetentionPreview,
  type RetentionRuleKey,
  type RetentionRunAnswer,
} from '../../../src/shared/contracts/retention';
import type { AppConfig } from '../../config';
import { queryRows, sqlState, type Db, type Tx } from '../../db/client';
import { berlinDate } from '../../lib/berlin-time';
import type { FileStorage } from '../../lib/file-storage';
import { fail } from '../../lib/http-error';
import {
  deleteInactiveAccounts,
  deleteUnactivatedAccounts,
  inactiveAccountsDue,
  unactivatedAccountsDue,
  warnInactiveAccounts,
} from '../accounts/retention';
import { audit } from '../audit/audit';
import { auditEntriesDue, deleteAuditEntries } from '../audit/retention';
import { documentationFilesDue, removeDocumentationFiles } from '../documentation/retention';
import { legacyImportFilesDue, removeLegacyImportFiles } from '../legacy-imports/retention';
import { kickMailWorkers } from '../mail/outbox';
import { scrubSentMails, sentMailsDue } from '../mail/retention';
import { anonymiseRemovedPersons, removedPersonsDue } from '../persons/retention';
import { seasonIdsEndedBefore } from '../seasons/past-seasons';
import { retentionRuns } from './retention.table';

/**
 * The retention rules of SPEC §9 (issue 38): each owner module counts and removes its own records (`<module>/retention.ts`);
 * this module knows the periods, runs the rules in batches and records the run. Rows are taken with SKIP LOCKED, so two
 * server processes never work on the same rows; the run record allows one run at a time across processes.
 */

const day = 86_400_000;
export const RETENTION_BATCH = 500;
/** an unfinished run older than this was left by a process that died: marked failed, a new run may start */
const STALE_RUN_MS = 6 * 3_600_000;

export type RetentionDeps = { db: Db; config: AppConfig; storage: FileStorage; log: (err: unknown) => void };

const periodOf = (config: AppConfig, key: RetentionRuleKey) => config.retention.days[key];
const before = (config: AppConfig, key: RetentionRuleKey, asOf: Date) => new Date(asOf.getTime() - periodOf(config, key) * day);
/** seasons whose end lies more than the period before `asOf` (dates in Berlin) */
const endedSeasons = (db: Db, config: AppConfig, asOf: Date) => seasonIdsEndedBefore(db, berlinDate(before(config, 'documentation-files', asOf)));

/** what each rule would remove as of `asOf` (an instant): counts only, nothing changes */
export async function previewRetention(db: Db, config: AppConfig, asOf: Date): Promise<RetentionPreview['rules']> {
  const inactive = await inactiveAccountsDue(db, asOf, periodOf(config, 'inactive-accounts'), config.retention.inactiveGraceDays);
  const counts: Record<RetentionRuleKey, number> = {
    'unactivated-accounts': await unactivatedAccountsDue(db, before(config, 'unactivated-accounts', asOf)),
    'inactive-accounts': inactive.remove,
    'documentation-files': await documentationFilesDue(db, await endedSeasons(db, config, asOf)),
    'removed-persons': await removedPersonsDue(db, before(config, 'removed-persons', asOf)),
    'sent-mails': await sentMailsDue(db, before(config, 'sent-mails', asOf)),
    'audit-log': await auditEntriesDue(db, before(config, 'audit-log', asOf)),
    'legacy-import-files': await legacyImportFilesDue(db, before(config, 'legacy-import-files', asOf)),
  };
  return retentionRules.map((r) => ({
    key: r.key,
    label: r.label,
    periodDays: periodOf(config, r.key),
    count: counts[r.key],
    ...(r.key === 'inactive-accounts' ? { warnCount: inactive.warn } : {}),
  }));
}

/** batches of one rule until a batch comes back short */
async function drain(db: Db, batch: (tx: Tx) => Promise<number>): Promise<number> {
  let total = 0;
  for (;;) {
    const n = await db.transaction(batch);
    total += n;
    if (n < RETENTION_BATCH) return total;
  }
}

/**
 * The run's record, or null when another run is in progress (the unique index on unfinished runs) or, with
 * `noneSince`, when a run started after that moment: checked in the insert itself, so of two processes the second
 * finds the first's run even when that one has already finished.
 */
async function startRun(db: Db, trigger: 'job' | 'manual', now: Date, noneSince?: Date): Promise<number | null> {
  await db
    .update(retentionRuns)
    .set({ finishedAt: now, failed: true })
    .where(and(isNull(retentionRuns.finishedAt), lt(retentionRuns.startedAt, new Date(now.getTime() - STALE_RUN_MS))));
  try {
    const recent = noneSince ? sql`exists (select 1 from ${retentionRuns} where ${gt(retentionRuns.startedAt, noneSince)})` : sql`false`;
    const [row] = await queryRows<{ id: number }>(
      db,
      sql`insert into ${retentionRuns} (trigger, started_at) select ${trigger}, ${now.toISOString()}::timestamptz where not ${recent} returning id`,
    );
    return row ? Number(row.id) : null;
  } catch (err) {
    if (sqlState(err) === '23505') return null;
    throw err;
  }
}

/**
 * Applies every rule as of `now` (the job and "Jetzt ausführen"; tests pass a later clock). Answers null when another
 * run is in progress (on this or another process), or with `noneSince` when a run started after it. Deleting never
 * touches what a past season's report counts: the enrolments, attendances, forms and their answers stay.
 */
export async function runRetention(
  deps: RetentionDeps,
  opts: { trigger: 'job' | 'manual'; now?: Date; actorUserId?: number | null; noneSince?: Date },
) {
  const { db, config } = deps;
  const now = opts.now ?? new Date();
  const runId = await startRun(db, opts.trigger, now, opts.noneSince);
  if (runId === null) return null;
  const removed: Record<string, number> = {};
  try {
    const grace = config.retention.inactiveGraceDays;
    removed['unactivated-accounts'] = await drain(db, (tx) =>
      deleteUnactivatedAccounts(tx, before(config, 'unactivated-accounts', now), RETENTION_BATCH),
    );
    // deletions first: an account warned today is not deleted today
    removed['inactive-accounts'] = await drain(db, (tx) => deleteInactiveAccounts(tx, now, grace, RETENTION_BATCH));
    removed['inactive-accounts-warned'] = await drain(db, (tx) =>
      warnInactiveAccounts(tx, now, periodOf(config, 'inactive-accounts'), grace, RETENTION_BATCH),
    );
    const seasonIds = await endedSeasons(db, config, now);
    let files = 0;
    for (;;) {
      const n = await removeDocumentationFiles(db, deps.storage, seasonIds, RETENTION_BATCH, deps.log);
      files += n;
      if (n < RETENTION_BATCH) break;
    }
    removed['documentation-files'] = files;
    removed['removed-persons'] = await drain(db, (tx) => anonymiseRemovedPersons(tx, before(config, 'removed-persons', now), RETENTION_BATCH));
    removed['sent-mails'] = await drain(db, (tx) => scrubSentMails(tx, before(config, 'sent-mails', now), RETENTION_BATCH));
    removed['audit-log'] = await drain(db, (tx) => deleteAuditEntries(tx, before(config, 'audit-log', now), RETENTION_BATCH));
    removed['legacy-import-files'] = await drain(db, (tx) =>
      removeLegacyImportFiles(tx, before(config, 'legacy-import-files', now), RETENTION_BATCH),
    );
    await db.transaction(async (tx) => {
      await tx.update(retentionRuns).set({ finishedAt: new Date(), removed }).where(eq(retentionRuns.id, runId));
      await audit(tx, {
        actorUserId: opts.actorUserId ?? null,
        action: 'retention.run',
        entityType: 'retention_run',
        entityId: runId,
        after: { trigger: opts.trigger, removed },
      });
    });
  } catch (err) {
    await db.update(retentionRuns).set({ finishedAt: new Date(), failed: true, removed }).where(eq(retentionRuns.id, runId));
    throw err;
  }
  if (removed['inactive-accounts'] || removed['inactive-accounts-warned']) kickMailWorkers();
  const answer: RetentionRunAnswer = {
    rules: retentionRules.map((r) => ({
      key: r.key,
      removed: removed[r.key] ?? 0,
      ...(r.key === 'inactive-accounts' ? { warned: removed['inactive-accounts-warned'] ?? 0 } : {}),
    })),
  };
  return answer;
}

/** "Jetzt ausführen": 409 while a run is in progress */
export async function runRetentionNow(deps: RetentionDeps, actorUserId: number): Promise<RetentionRunAnswer> {
  const answer = await runRetention(deps, { trigger: 'manual', actorUserId });
  if (!answer) throw fail('retention.running');
  return answer;
}

/** the admin page: the rules with their periods, what is due within 30 days, the last run (counts only) */
export async function retentionOverview(db: Db, config: AppConfig, now = new Date()): Promise<RetentionOverview> {
  const due = await previewRetention(db, config, new Date(now.getTime() + 30 * day));
  const [last] = await db.select().from(retentionRuns).orderBy(desc(retentionRuns.id)).limit(1);
  const [unfinished] = await db.select({ id: retentionRuns.id }).from(retentionRuns).where(isNull(retentionRuns.finishedAt)).limit(1);
  return {
    rules: retentionRules.map((r, i) => ({
      key: r.key,
      label: r.label,
      what: r.what,
      after: r.after,
      periodDays: periodOf(config, r.key),
      dueNext30Days: due[i]!.count,
      ...(r.key === 'inactive-accounts' ? { warnNext30Days: due[i]!.warnCount ?? 0 } : {}),
    })),
    lastRun: last
      ? {
          startedAt: last.startedAt.toISOString(),
          finishedAt: last.finishedAt?.toISOString() ?? null,
          trigger: last.trigger,
          failed: last.failed,
          removed: last.removed,
        }
      : null,
    running: unfinished !== undefined,
  };
}
