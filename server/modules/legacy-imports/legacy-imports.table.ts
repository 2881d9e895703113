import { boolean, date, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { legacyRowStates } from '../../../src/shared/contracts/legacy-imports';
import { createdAt, createdByColumn, id, ts } from '../../db/columns';
import { facilities } from '../facilities/facilities.table';
import { seasons } from '../seasons/seasons.table';
import { users } from '../users/users.table';

/**
 * A legacy import (issue 24): one uploaded CSV/XLSX of the years before the portal. The file itself is not kept:
 * its header and cells are stored per row, so a changed mapping re-reads them without the file.
 */
export const legacyImports = pgTable(
  'legacy_imports',
  {
    id: id(),
    fileName: text('file_name').notNull(),
    fileSha256: text('file_sha256').notNull(),
    headers: jsonb('headers').$type<string[]>().notNull(),
    /** per column of the file: the field it fills, or null (not imported) */
    mapping: jsonb('mapping').$type<(string | null)[]>().notNull(),
    state: text('state', { enum: ['preview', 'committed', 'undone'] })
      .notNull()
      .default('preview'),
    createdBy: createdByColumn(() => users.id),
    createdAt: createdAt(),
    committedAt: ts('committed_at'),
    committedBy: integer('committed_by').references(() => users.id, { onDelete: 'set null' }),
    undoneAt: ts('undone_at'),
    undoneBy: integer('undone_by').references(() => users.id, { onDelete: 'set null' }),
    /** KiTas this import created that undo kept because they gained other data since (ids and names) */
    keptFacilities: jsonb('kept_facilities').$type<{ id: number; label: string }[]>(),
  },
  (t) => [index('legacy_imports_created_idx').on(t.createdAt)],
);

/** one row of the file: its cells, what they say, the matched KiTa and the row's state */
export const legacyImportRows = pgTable(
  'legacy_import_rows',
  {
    id: id(),
    importId: integer('import_id')
      .notNull()
      .references(() => legacyImports.id, { onDelete: 'cascade' }),
    /** the line in the spreadsheet (the header is line 1) */
    rowNo: integer('row_no').notNull(),
    cells: jsonb('cells').$type<string[]>().notNull(),
    state: text('state', { enum: legacyRowStates }).notNull(),
    /** field → German message */
    errors: jsonb('errors').$type<Record<string, string>>().notNull(),
    /** the parsed values (see legacy-rows.ts RowValues) */
    values: jsonb('values').$type<Record<string, unknown>>().notNull(),
    matchKind: text('match_kind', { enum: ['exact', 'candidate', 'manual', 'new', 'none'] }).notNull(),
    facilityId: integer('facility_id').references(() => facilities.id, { onDelete: 'set null' }),
    candidates: jsonb('candidates').$type<{ id: number; label: string; postalCode: string; city: string; similarity: number }[]>().notNull(),
  },
  (t) => [uniqueIndex('legacy_import_rows_row_uq').on(t.importId, t.rowNo), index('legacy_import_rows_state_idx').on(t.importId, t.state, t.rowNo)],
);

/** the mapping an admin confirmed, per set of headers: next year's file with the same headers maps itself */
export const legacyImportMappings = pgTable('legacy_import_mappings', {
  headerKey: text('header_key').primaryKey(),
  mapping: jsonb('mapping').$type<(string | null)[]>().notNull(),
  updatedAt: createdAt(),
});

/**
 * What the years before the portal say about a KiTa: enrolled to a season, awarded in it. One per KiTa, season and
 * kind across all imports (the idempotency of a commit); every record carries the import that created it.
 */
export const legacyRecords = pgTable(
  'legacy_records',
  {
    id: id(),
    importId: integer('import_id')
      .notNull()
      .references(() => legacyImports.id),
    rowId: integer('row_id').references(() => legacyImportRows.id, { onDelete: 'set null' }),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id),
    kind: text('kind', { enum: ['enrolment', 'award'] }).notNull(),
    enrolledOn: date('enrolled_on', { mode: 'string' }),
    topic: text('topic').notNull().default(''),
    documented: boolean('documented'),
    awardingEvent: text('awarding_event').notNull().default(''),
    remark: text('remark').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('legacy_records_facility_season_kind_uq').on(t.facilityId, t.seasonId, t.kind),
    index('legacy_records_import_idx').on(t.importId),
  ],
);

/** KiTas and seasons an import created (they carry the import's id here; undo removes them again) */
export const legacyImportCreated = pgTable(
  'legacy_import_created',
  {
    importId: integer('import_id')
      .notNull()
      .references(() => legacyImports.id),
    entityType: text('entity_type', { enum: ['facility', 'season'] }).notNull(),
    entityId: integer('entity_id').notNull(),
  },
  (t) => [uniqueIndex('legacy_import_created_uq').on(t.entityType, t.entityId), index('legacy_import_created_import_idx').on(t.importId)],
);

export type LegacyImportRow = typeof legacyImports.$inferSelect;
