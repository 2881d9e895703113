import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, createdByColumn, id, ts, versionColumns } from '../../db/columns';
import { facilities } from '../facilities/facilities.table';
import { persons } from '../persons/persons.table';
import { users } from '../users/users.table';

export const seasons = pgTable(
  'seasons',
  {
    id: id(),
    identifier: text('identifier').notNull().unique(),
    label: text('label').notNull(),
    startDate: date('start_date', { mode: 'string' }),
    endDate: date('end_date', { mode: 'string' }),
    enrolmentState: text('enrolment_state', { enum: ['closed', 'open'] })
      .notNull()
      .default('closed'),
    enrolmentDeadline: date('enrolment_deadline', { mode: 'string' }),
    allowDocumentation: boolean('allow_documentation').notNull().default(false),
    documentationDeadline: date('documentation_deadline', { mode: 'string' }),
    isCurrent: boolean('is_current').notNull().default(false),
    createdAt: createdAt(),
    // the checklist's steps (issue 5); null = not planned yet
    enrolmentOpensOn: date('enrolment_opens_on', { mode: 'string' }),
    teamWorkshopDeadline: date('team_workshop_deadline', { mode: 'string' }),
    trainingsDeadline: date('trainings_deadline', { mode: 'string' }),
    hospitationDeadline: date('hospitation_deadline', { mode: 'string' }),
    juryDate: date('jury_date', { mode: 'string' }),
    awardDate: date('award_date', { mode: 'string' }),
    ...versionColumns(() => users.id),
  },
  // "exactly one current" is the database's job: at most one row may carry is_current = true
  (t) => [
    uniqueIndex('seasons_one_current_uq')
      .on(t.isCurrent)
      .where(sql`${t.isCurrent}`),
  ],
);

export const seasonEnrolments = pgTable(
  'season_enrolments',
  {
    id: id(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id),
    projectTopics: text('project_topics')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    contactPersonId: integer('contact_person_id').references(() => persons.id, { onDelete: 'set null' }),
    projectTitle: text('project_title').notNull().default(''),
    groupsTakingPart: text('groups_taking_part').notNull().default(''),
    childrenTakingPart: integer('children_taking_part'),
    acceptedTermsAt: ts('accepted_terms_at'),
    createdBy: createdByColumn(() => users.id),
    createdAt: createdAt(),
    withdrawnAt: ts('withdrawn_at'),
    withdrawnBy: integer('withdrawn_by').references(() => users.id, { onDelete: 'set null' }),
    /** "zur Auszeichnung zugelassen": set by an admin (issue 11), later by the jury's approval (issue 12) */
    approvedForAwardAt: ts('approved_for_award_at'),
    approvedForAwardBy: integer('approved_for_award_by').references(() => users.id, { onDelete: 'set null' }),
    ...versionColumns(() => users.id),
  },
  (t) => [
    // a withdrawn enrolment stays as history, and the KiTa may enrol again
    uniqueIndex('season_enrolments_active_uq')
      .on(t.facilityId, t.seasonId)
      .where(sql`${t.withdrawnAt} is null`),
    index('season_enrolments_season_idx').on(t.seasonId),
    // "KiTas enrolled to season X" (admin list filter, numbers, exports) reads only this index
    index('season_enrolments_live_season_idx')
      .on(t.seasonId, t.facilityId)
      .where(sql`${t.withdrawnAt} is null`),
  ],
);

export type SeasonRow = typeof seasons.$inferSelect;
export type SeasonEnrolmentRow = typeof seasonEnrolments.$inferSelect;
