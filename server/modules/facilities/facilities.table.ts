import { sql } from 'drizzle-orm';
import { type AnyPgColumn, index, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core';
import { createdAt, id, ts, versionColumns } from '../../db/columns';
import { users } from '../users/users.table';

/** kind, region and operator kind are text checked against the lists in regions.ts by the services. */
export const facilities = pgTable(
  'facilities',
  {
    id: id(),
    label: text('label').notNull(),
    kind: text('kind').notNull(),
    street: text('street').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    city: text('city').notNull().default(''),
    region: text('region').notNull(),
    operatorName: text('operator_name').notNull().default(''),
    // empty: not said (an import never invents a kind, issue 34); the forms require one
    operatorKind: text('operator_kind').notNull().default(''),
    phone: text('phone').notNull().default(''),
    email: text('email').notNull().default(''),
    website: text('website').notNull().default(''),
    childrenCount: integer('children_count'),
    staffCount: integer('staff_count'),
    createdAt: createdAt(),
    ...versionColumns(() => users.id),
    /** a duplicate merged into another KiTa keeps its row (and audit history) but leaves every list */
    mergedIntoId: integer('merged_into_id').references((): AnyPgColumn => facilities.id),
    mergedAt: ts('merged_at'),
    // German sort keys (umlauts folded, lower case), stored and indexed so the admin list pages without sorting
    // every row; PGlite has no ICU collation to do this in ORDER BY
    labelSort: text('label_sort')
      .notNull()
      .generatedAlwaysAs(sql`translate(lower(label), 'äöüß', 'aous')`),
    citySort: text('city_sort')
      .notNull()
      .generatedAlwaysAs(sql`translate(lower(city), 'äöüß', 'aous')`),
  },
  (t) => [
    index('facilities_postal_code_idx').on(t.postalCode),
    index('facilities_label_sort_idx').on(t.labelSort, t.id),
    index('facilities_city_sort_idx').on(t.citySort, t.id),
    // the admin list's region filter reads a seventh of the KiTas instead of scanning all (issue 5)
    index('facilities_region_idx').on(t.region),
  ],
);

export const facilityMembers = pgTable(
  'facility_members',
  {
    facilityId: integer('facility_id')
      .notNull()
      .references(() => facilities.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  // the primary key serves "members of a KiTa"; every session lookup asks "KiTas of a user" (sessions.queries)
  (t) => [primaryKey({ columns: [t.facilityId, t.userId] }), index('facility_members_user_idx').on(t.userId)],
);

export type FacilityRow = typeof facilities.$inferSelect;
