import { sql } from 'drizzle-orm';
import { check, customType, index, integer, jsonb, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, createdByColumn, id, ts, versionColumns } from '../../db/columns';
import { facilities } from '../facilities/facilities.table';
import { seasons } from '../seasons/seasons.table';
import { users } from '../users/users.table';
import type { PrintedCertificate } from './printed';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v)),
});

/**
 * Issue 37 (SPEC §8). A season's certificate template (none saved: the shipped default), the images it uses (logo,
 * signatures: our own re-encoded copies, never the uploaded bytes), and every certificate issued. A certificate keeps
 * what is printed on it (`printed`, JSON) and its hash, so a re-download prints the same and "Urkunden erzeugen" can
 * tell a changed one; it is never deleted: superseded (a newer version has a new code) or withdrawn.
 */
export const certificateTemplates = pgTable('certificate_templates', {
  id: id(),
  seasonId: integer('season_id')
    .notNull()
    .unique()
    .references(() => seasons.id, { onDelete: 'cascade' }),
  heading: text('heading').notNull(),
  body: text('body').notNull(),
  signatures: jsonb('signatures').$type<{ name: string; role: string; imageId: string | null }[]>().notNull().default([]),
  logoId: text('logo_id'),
  ...versionColumns(() => users.id),
});

export const certificateImages = pgTable('certificate_images', {
  id: text('id').primaryKey(),
  contentType: text('content_type', { enum: ['image/jpeg', 'image/png'] }).notNull(),
  bytes: bytea('bytes').notNull(),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: createdAt(),
  createdBy: createdByColumn(() => users.id),
});

export const certificates = pgTable(
  'certificates',
  {
    id: id(),
    kind: text('kind', { enum: ['award', 'attendance'] }).notNull(),
    seasonId: integer('season_id')
      .notNull()
      .references(() => seasons.id),
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id),
    /** attendance: the staff entry and the booking (offering_enrolments.id); no foreign key into programme's table */
    personId: integer('person_id'),
    enrolmentId: integer('enrolment_id'),
    code: text('code').notNull().unique(),
    state: text('state', { enum: ['valid', 'superseded', 'withdrawn'] })
      .notNull()
      .default('valid'),
    printed: jsonb('printed').$type<PrintedCertificate>().notNull(),
    printedHash: text('printed_hash').notNull(),
    issuedAt: ts('issued_at').notNull().defaultNow(),
    supersededAt: ts('superseded_at'),
    supersededBy: integer('superseded_by'),
    withdrawnAt: ts('withdrawn_at'),
    createdBy: createdByColumn(() => users.id),
  },
  (t) => [
    // one valid Urkunde per KiTa and season, one valid Teilnahmebescheinigung per booking
    uniqueIndex('certificates_award_valid_uq')
      .on(t.facilityId, t.seasonId)
      .where(sql`${t.kind} = 'award' and ${t.state} = 'valid'`),
    uniqueIndex('certificates_attendance_valid_uq')
      .on(t.enrolmentId)
      .where(sql`${t.kind} = 'attendance' and ${t.state} = 'valid'`),
    index('certificates_facility_idx').on(t.facilityId, t.issuedAt),
    index('certificates_season_kind_idx').on(t.seasonId, t.kind),
    check('certificates_code_ck', sql`${t.code} ~ '^[0-9A-HJKMNP-TV-Z]{12}$'`),
    check('certificates_attendance_ck', sql`${t.kind} <> 'attendance' or (${t.enrolmentId} is not null and ${t.personId} is not null)`),
  ],
);

export type CertificateRow = typeof certificates.$inferSelect;
