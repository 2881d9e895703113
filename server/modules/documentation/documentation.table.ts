import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import type { Answers } from '../../../src/shared/contracts/documentation';
import type { Section } from '../../../src/shared/contracts/documentation-template';
import type { ScoreDescriptions } from '../../../src/shared/contracts/jury-scale';
import { createdAt, createdByColumn, id, ts, versionColumns } from '../../db/columns';
import { facilities } from '../facilities/facilities.table';
import { seasons } from '../seasons/seasons.table';
import { users } from '../users/users.table';

/**
 * Issue 12: the documentation form (Dokumentationsbogen). A season's template is data (sections of questions as
 * JSON, validated by the contract); a KiTa's form keeps its answers as one JSON object keyed by the questions'
 * stable keys, with the form version that last changed each key (`answer_versions`) so an autosave can tell a
 * colleague's newer change from its own and never silently overwrite it.
 */
export const documentationTemplates = pgTable('documentation_templates', {
  id: id(),
  seasonId: integer('season_id')
    .notNull()
    .unique()
    .references(() => seasons.id, { onDelete: 'cascade' }),
  sections: jsonb('sections').$type<Section[]>().notNull(),
  /** issue 19: what each jury score means (contract: scoreDescriptionsSchema); null = none written */
  scoreDescriptions: jsonb('score_descriptions').$type<ScoreDescriptions>(),
  ...versionColumns(() => users.id),
});

export const documentationStateValues = ['draft', 'submitted', 'returned', 'approved', 'rejected'] as const;

export const documentationForms = pgTable(
  'documentation_forms',
  {
    id: id(),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id),
    state: text('state', { enum: documentationStateValues }).notNull().default('draft'),
    answers: jsonb('answers').$type<Answers>().notNull().default({}),
    answerVersions: jsonb('answer_versions').$type<Record<string, number>>().notNull().default({}),
    version: integer('version').notNull().default(1),
    /** the jury's comment of the last return or rejection, shown to the KiTa */
    decisionComment: text('decision_comment').notNull().default(''),
    savedAt: ts('saved_at'),
    savedBy: integer('saved_by').references(() => users.id, { onDelete: 'set null' }),
    submittedAt: ts('submitted_at'),
    submittedBy: integer('submitted_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: ts('decided_at'),
    decidedBy: integer('decided_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    createdBy: createdByColumn(() => users.id),
  },
  (t) => [
    uniqueIndex('documentation_forms_facility_season_uq').on(t.facilityId, t.seasonId),
    index('documentation_forms_season_state_idx').on(t.seasonId, t.state),
  ],
);

/** every state change of a form, with who and the jury's comment: the form's history */
export const documentationFormEvents = pgTable(
  'documentation_form_events',
  {
    id: id(),
    formId: integer('form_id')
      .notNull()
      .references(() => documentationForms.id, { onDelete: 'cascade' }),
    state: text('state', { enum: documentationStateValues }).notNull(),
    comment: text('comment').notNull().default(''),
    actorId: integer('actor_id').references(() => users.id, { onDelete: 'set null' }),
    at: ts('at').notNull().defaultNow(),
  },
  (t) => [index('documentation_form_events_form_idx').on(t.formId, t.at)],
);

/** uploaded photos and files; the bytes live in the file storage (DATA_DIR or S3) under `storage_key` */
export const documentationFiles = pgTable(
  'documentation_files',
  {
    id: id(),
    formId: integer('form_id')
      .notNull()
      .references(() => documentationForms.id, { onDelete: 'cascade' }),
    questionKey: text('question_key').notNull(),
    storageKey: text('storage_key').notNull().unique(),
    name: text('name').notNull(),
    /** found by content (magic bytes) on upload */
    contentType: text('content_type').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    width: integer('width'),
    height: integer('height'),
    uploadedAt: ts('uploaded_at').notNull().defaultNow(),
    uploadedBy: integer('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    /** issue 38: the bytes were deleted by the retention rule `documentation-files`; the row says so (documentation/retention.ts) */
    removedAt: ts('removed_at'),
  },
  (t) => [index('documentation_files_form_idx').on(t.formId, t.questionKey), check('documentation_files_size_ck', sql`${t.size} > 0`)],
);

/** one review per jury member and form: scores per criterion (0–5) and a comment for the jury */
export const documentationReviews = pgTable(
  'documentation_reviews',
  {
    id: id(),
    formId: integer('form_id')
      .notNull()
      .references(() => documentationForms.id, { onDelete: 'cascade' }),
    reviewerId: integer('reviewer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    scores: jsonb('scores').$type<Record<string, number>>().notNull(),
    comment: text('comment').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: ts('updated_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('documentation_reviews_form_reviewer_uq').on(t.formId, t.reviewerId)],
);

/** internal notes of admins and the jury on a form; never shown to staff */
export const documentationNotes = pgTable(
  'documentation_notes',
  {
    id: id(),
    formId: integer('form_id')
      .notNull()
      .references(() => documentationForms.id, { onDelete: 'cascade' }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    text: text('text').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('documentation_notes_form_idx').on(t.formId, t.createdAt)],
);

export type DocumentationFormRow = typeof documentationForms.$inferSelect;
export type DocumentationFileRow = typeof documentationFiles.$inferSelect;
