import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, createdByColumn, id, ts, versionColumns } from '../../db/columns';
import { facilities } from '../facilities/facilities.table';
import { persons } from '../persons/persons.table';
import { seasons } from '../seasons/seasons.table';
import { users } from '../users/users.table';

/**
 * The season's programme (issue 11, SPEC §2): one offering/enrolment mechanism for training events, hospitations and
 * awarding-event workshops. Capacity is guarded by a row lock on the offering (`SELECT … FOR UPDATE`, offerings in id
 * order), a recount under the lock and the partial unique index (offering, person) over live enrolments.
 */
export const trainingModules = pgTable(
  'training_modules',
  {
    id: id(),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    targetGroup: text('target_group').notNull().default(''),
    /** null = no limit */
    maxPerFacilityPerEvent: integer('max_per_facility_per_event'),
    maxPerFacilityPerModule: integer('max_per_facility_per_module'),
    createdAt: createdAt(),
    createdBy: createdByColumn(() => users.id),
    ...versionColumns(() => users.id),
  },
  (t) => [index('training_modules_season_idx').on(t.seasonId)],
);

export const awardingEvents = pgTable(
  'awarding_events',
  {
    id: id(),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    place: text('place').notNull().default(''),
    region: text('region'),
    maxAttendeesPerFacility: integer('max_attendees_per_facility'),
    registrationOpensAt: ts('registration_opens_at'),
    registrationClosesAt: ts('registration_closes_at'),
    state: text('state', { enum: ['draft', 'published', 'cancelled'] })
      .notNull()
      .default('draft'),
    createdAt: createdAt(),
    createdBy: createdByColumn(() => users.id),
    ...versionColumns(() => users.id),
  },
  (t) => [index('awarding_events_season_idx').on(t.seasonId)],
);

export const offerings = pgTable(
  'offerings',
  {
    id: id(),
    kind: text('kind', { enum: ['training', 'hospitation', 'awarding'] }).notNull(),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id),
    moduleId: integer('module_id').references(() => trainingModules.id),
    hostFacilityId: integer('host_facility_id').references(() => facilities.id),
    awardingEventId: integer('awarding_event_id').references(() => awardingEvents.id),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    startsAt: ts('starts_at').notNull(),
    endsAt: ts('ends_at').notNull(),
    place: text('place').notNull().default(''),
    onlineUrl: text('online_url').notNull().default(''),
    region: text('region'),
    capacity: integer('capacity').notNull(),
    registrationOpensAt: ts('registration_opens_at'),
    registrationClosesAt: ts('registration_closes_at'),
    reminderDays: integer('reminder_days').notNull().default(7),
    state: text('state', { enum: ['draft', 'published', 'cancelled'] })
      .notNull()
      .default('draft'),
    cancelReason: text('cancel_reason'),
    cancelledAt: ts('cancelled_at'),
    createdAt: createdAt(),
    createdBy: createdByColumn(() => users.id),
    ...versionColumns(() => users.id),
  },
  (t) => [
    index('offerings_season_kind_idx').on(t.seasonId, t.kind, t.startsAt),
    index('offerings_module_idx').on(t.moduleId),
    index('offerings_host_idx').on(t.hostFacilityId),
    index('offerings_awarding_event_idx').on(t.awardingEventId),
    check('offerings_capacity_ck', sql`${t.capacity} >= 1`),
    check(
      'offerings_kind_parent_ck',
      sql`(${t.kind} <> 'training' or ${t.moduleId} is not null)
      and (${t.kind} <> 'hospitation' or ${t.hostFacilityId} is not null)
      and (${t.kind} <> 'awarding' or ${t.awardingEventId} is not null)`,
    ),
  ],
);

export const offeringEnrolments = pgTable(
  'offering_enrolments',
  {
    id: id(),
    offeringId: integer('offering_id')
      .notNull()
      .references(() => offerings.id),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    /** removing a person is soft (SPEC §2): past enrolments stay */
    personId: integer('person_id')
      .notNull()
      .references(() => persons.id),
    state: text('state', { enum: ['confirmed', 'waitlisted', 'cancelled', 'attended'] }).notNull(),
    /** the waiting list's order: (queued_at, id) */
    queuedAt: ts('queued_at').notNull().defaultNow(),
    confirmedAt: ts('confirmed_at'),
    /** booked beyond capacity by an admin's explicit override (audited) */
    overCapacity: boolean('over_capacity').notNull().default(false),
    cancelledAt: ts('cancelled_at'),
    cancelledBy: integer('cancelled_by').references(() => users.id, { onDelete: 'set null' }),
    cancelledByAdmin: boolean('cancelled_by_admin').notNull().default(false),
    cancelReason: text('cancel_reason'),
    attendedAt: ts('attended_at'),
    reminderSentAt: ts('reminder_sent_at'),
    createdAt: createdAt(),
    createdBy: createdByColumn(() => users.id),
    ...versionColumns(() => users.id),
  },
  (t) => [
    // a person is never booked twice on one offering (a cancelled booking stays as history)
    uniqueIndex('offering_enrolments_live_uq')
      .on(t.offeringId, t.personId)
      .where(sql`${t.state} <> 'cancelled'`),
    index('offering_enrolments_offering_state_idx').on(t.offeringId, t.state, t.queuedAt, t.id),
    index('offering_enrolments_facility_idx').on(t.facilityId),
    index('offering_enrolments_person_idx').on(t.personId),
  ],
);

export type TrainingModuleRow = typeof trainingModules.$inferSelect;
export type AwardingEventRow = typeof awardingEvents.$inferSelect;
export type OfferingRow = typeof offerings.$inferSelect;
export type OfferingEnrolmentRow = typeof offeringEnrolments.$inferSelect;
