import { sql } from 'drizzle-orm';
import { boolean, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { id, ts } from '../../db/columns';

/**
 * The retention job's runs (issue 38, SPEC §9): when, started by whom (the nightly job or "Jetzt ausführen"), and how
 * many records each rule removed; counts only, never names. At most one run is unfinished at a time (the partial
 * unique index), across every server process on the database: a second start answers 409.
 */
export const retentionRuns = pgTable(
  'retention_runs',
  {
    id: id(),
    trigger: text('trigger', { enum: ['job', 'manual'] }).notNull(),
    startedAt: ts('started_at').notNull().defaultNow(),
    finishedAt: ts('finished_at'),
    failed: boolean('failed').notNull().default(false),
    /** rule key → records removed (and `inactive-accounts-warned` → warning mails) */
    removed: jsonb('removed').$type<Record<string, number>>().notNull().default({}),
  },
  (t) => [
    uniqueIndex('retention_runs_one_running_uq')
      .on(sql`(true)`)
      .where(sql`${t.finishedAt} is null`),
  ],
);
