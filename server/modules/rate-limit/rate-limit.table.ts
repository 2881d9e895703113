import { bigint, index, pgTable, text } from 'drizzle-orm/pg-core';
import { ts } from '../../db/columns';

/** One row per counted request; in the database so every process (and a restart) sees the same counts. */
export const rateLimitHits = pgTable(
  'rate_limit_hits',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** e.g. "register:ip", "forgot:email" */
    bucket: text('bucket').notNull(),
    key: text('key').notNull(),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('rate_limit_hits_bucket_key_at_idx').on(t.bucket, t.key, t.at)],
);
