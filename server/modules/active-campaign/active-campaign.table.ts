import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, createdByColumn, id, ts, versionColumns } from '../../db/columns';
import { users } from '../users/users.table';

/** the tag names per state (SPEC §3 "tag names"); region and Funktion tags are the prefix, a space and the value */
export type AcTagNames = {
  managed: string;
  enrolled: string;
  documentationSubmitted: string;
  documentationApproved: string;
  awarded: string;
  regionPrefix: string;
  functionPrefix: string;
};

/**
 * The one row of settings (id 1). Until an admin saves, ACTIVECAMPAIGN_URL/KEY are used. The key is sealed with the
 * server key (server/lib/secret-box.ts, like the TOTP secrets) and never leaves the server; `keyLast4` is what the
 * page shows.
 */
export const activeCampaignSettings = pgTable('active_campaign_settings', {
  id: integer('id').primaryKey(),
  url: text('url').notNull().default(''),
  keySealed: text('key_sealed').notNull().default(''),
  keyLast4: text('key_last4').notNull().default(''),
  listId: text('list_id').notNull().default(''),
  listName: text('list_name').notNull().default(''),
  tagNames: jsonb('tag_names').$type<AcTagNames>(),
  /** hour of the nightly run in Europe/Berlin (0-23); null = no schedule */
  nightlyHour: integer('nightly_hour'),
  ...versionColumns(() => users.id),
});

export const acRunStates = ['running', 'finished', 'failed'] as const;
export type AcRunCounts = {
  added: number;
  updated: number;
  unsubscribed: number;
  untagged: number;
  tagsAdded: number;
  tagsRemoved: number;
  unchanged: number;
  keptUnsubscribed: number;
  requests: number;
};
export type AcLogEntry = { at: string; level: 'info' | 'warn' | 'error'; message: string };

/**
 * A sync run: crash-safe by its cursor. Phase `contacts` walks the consenting accounts by user id (`cursor` = the
 * last one done), phase `leavers` the managed contacts that should no longer be subscribed (`cursor` = the last
 * ActiveCampaign contact id done). A runner holds the lease; an expired lease means it died and another process
 * resumes. At most one run is `running` (partial unique index): two starts at once give one run.
 */
export const activeCampaignRuns = pgTable(
  'active_campaign_runs',
  {
    id: id(),
    state: text('state', { enum: acRunStates }).notNull().default('running'),
    trigger: text('trigger', { enum: ['manual', 'schedule'] }).notNull(),
    phase: text('phase', { enum: ['contacts', 'leavers', 'done'] })
      .notNull()
      .default('contacts'),
    cursor: bigint('cursor', { mode: 'number' }).notNull().default(0),
    total: integer('total').notNull().default(0),
    done: integer('done').notNull().default(0),
    counts: jsonb('counts').$type<AcRunCounts>().notNull(),
    log: jsonb('log').$type<AcLogEntry[]>().notNull().default([]),
    error: text('error'),
    leaseToken: text('lease_token'),
    leaseUntil: ts('lease_until'),
    startedAt: createdAt(),
    startedBy: createdByColumn(() => users.id),
    finishedAt: ts('finished_at'),
  },
  (t) => [
    uniqueIndex('active_campaign_runs_one_running_uq')
      .on(t.state)
      .where(sql`${t.state} = 'running'`),
    index('active_campaign_runs_started_idx').on(t.startedAt),
  ],
);

/**
 * The shared request budget of the ActiveCampaign account (5 requests per second for every process of the portal):
 * one row whose `next_at_ms` is the earliest moment the next request may go out; a request reserves its slot by
 * moving it on (an atomic UPDATE on the one row, so servers sharing one PostgreSQL share it).
 */
export const activeCampaignRate = pgTable('active_campaign_rate', {
  id: integer('id').primaryKey(),
  nextAtMs: bigint('next_at_ms', { mode: 'number' }).notNull().default(0),
});

export type AcRunRow = typeof activeCampaignRuns.$inferSelect;

/** what the portal last wrote for one contact: names, fields, the tags it manages, the list status */
export type AcContactState = { firstName: string; lastName: string; kita: string; region: string; tags: string[]; listId: string };

/**
 * The portal's record of every contact it manages (by lower-case e-mail): a re-run compares the wanted state with
 * `state` and leaves unchanged contacts alone without a request; a changed one is compared with ActiveCampaign itself
 * before anything is written. `left` marks a contact unsubscribed because the consent ended.
 */
export const activeCampaignContacts = pgTable(
  'active_campaign_contacts',
  {
    id: id(),
    email: text('email').notNull(),
    userId: integer('user_id'),
    contactId: text('contact_id').notNull(),
    state: jsonb('state').$type<AcContactState>(),
    left: ts('left_at'),
    /**
     * Set before the contact goes out in a bulk import (`POST /import/bulk_import`), cleared when ActiveCampaign
     * reports the import completed. A row still carrying it after a crash is resolved at the next run's start: once the
     * account has no import outstanding, the address is looked up (found: compared like any contact; not found: the
     * import never arrived, the row is dropped and the contact imported again). `contactId` is '' until known.
     */
    importBatch: text('import_batch'),
    syncedAt: ts('synced_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('active_campaign_contacts_email_uq').on(t.email)],
);
