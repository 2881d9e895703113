import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, createdByColumn, id, ts, versionColumns } from '../../db/columns';
import { facilities } from '../facilities/facilities.table';
import { seasons } from '../seasons/seasons.table';
import { users } from '../users/users.table';

/** Issue 11: a KiTa's application for an in-house team workshop in one season; admins decide. */
export const teamWorkshopApplications = pgTable(
  'team_workshop_applications',
  {
    id: id(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id),
    // up to three preferred dates, in the order the KiTa gave them
    preferredDate1: date('preferred_date_1', { mode: 'string' }).notNull(),
    preferredDate2: date('preferred_date_2', { mode: 'string' }),
    preferredDate3: date('preferred_date_3', { mode: 'string' }),
    participantCount: integer('participant_count').notNull(),
    topicWishes: text('topic_wishes').notNull().default(''),
    // null: the workshop takes place at the KiTa's own address
    addressStreet: text('address_street'),
    addressPostalCode: text('address_postal_code'),
    addressCity: text('address_city'),
    remarks: text('remarks').notNull().default(''),
    state: text('state', { enum: ['submitted', 'accepted', 'declined', 'scheduled'] })
      .notNull()
      .default('submitted'),
    scheduledAt: ts('scheduled_at'),
    decisionComment: text('decision_comment').notNull().default(''),
    decidedAt: ts('decided_at'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdBy: createdByColumn(() => users.id),
    createdAt: createdAt(),
    ...versionColumns(() => users.id),
    withdrawnAt: ts('withdrawn_at'),
    withdrawnBy: integer('withdrawn_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    // one live application per KiTa and season; a withdrawn one stays as history and allows a new one
    uniqueIndex('team_workshop_applications_live_uq')
      .on(t.facilityId, t.seasonId)
      .where(sql`${t.withdrawnAt} is null`),
    index('team_workshop_applications_season_idx').on(t.seasonId, t.state),
    check('team_workshop_applications_scheduled_ck', sql`${t.state} <> 'scheduled' or ${t.scheduledAt} is not null`),
    check('team_workshop_applications_participants_ck', sql`${t.participantCount} between 1 and 200`),
  ],
);

export type TeamWorkshopRow = typeof teamWorkshopApplications.$inferSelect;
