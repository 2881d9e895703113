import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { createdAt, ts } from '../../db/columns';

export const mailStatuses = ['pending', 'sending', 'sent', 'failed'] as const;
/**
 * How a mail stands to the mail budget (docs/decisions/0003-mail-outbox.md): `counted` against its recipient (and its
 * KiTa when `facility_id` is set), `exempt` (an admin's action, system mails to admins), `over` (not sent: the budget
 * was used up; the row stays `failed` with the reason, without data).
 */
export const mailBudgetStates = ['counted', 'exempt', 'over'] as const;

/**
 * The durable outbox: a mail is a row written in the same transaction as the change that causes it, and a
 * worker sends it later (docs/decisions/0003-mail-outbox.md). `data` holds the template's input, links with
 * tokens included, so it is cleared once the mail went out.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** fixed at enqueue time: a resend after a crash carries the same Message-ID, so receivers see one mail */
    messageId: uuid('message_id').notNull().unique().defaultRandom(),
    recipient: text('recipient').notNull(),
    template: text('template').notNull(),
    data: jsonb('data'),
    /** the rendered subject, kept for the record once sent */
    subject: text('subject'),
    status: text('status', { enum: mailStatuses }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: ts('next_attempt_at').notNull().defaultNow(),
    /** while `sending`: who claimed it and until when; an expired lease means the claimer died */
    claimToken: uuid('claim_token'),
    leaseUntil: ts('lease_until'),
    lastError: text('last_error'),
    /** the KiTa whose action caused the mail: its per-KiTa budget counts it (null: not a KiTa's doing) */
    facilityId: integer('facility_id'),
    budget: text('budget', { enum: mailBudgetStates }).notNull().default('counted'),
    createdAt: createdAt(),
    sentAt: ts('sent_at'),
  },
  (t) => [
    index('mail_outbox_due_idx').on(t.status, t.nextAttemptAt),
    // the budget's counts: mails per recipient and per KiTa within the last day
    index('mail_outbox_budget_recipient_idx')
      .on(sql`lower(${t.recipient})`, t.createdAt)
      .where(sql`${t.budget} = 'counted'`),
    index('mail_outbox_budget_facility_idx')
      .on(t.facilityId, t.createdAt)
      .where(sql`${t.budget} = 'counted'`),
  ],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
