import { type AnyColumn, and, asc, desc, eq, ilike, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { AdminFacilityListItem, adminFacilityListQuerySchema } from '../../../src/shared/contracts/admin-facilities';
import type { DbOrTx } from '../../db/client';
import { likePattern, pageWindow } from '../../lib/paging';
import { iso } from '../../lib/record-helpers';
import { facilities, facilityMembers } from '../facilities/facilities.table';
import { persons } from '../persons/persons.table';
import { seasonsRepository } from '../seasons/seasons.repository';
import { seasonEnrolments } from '../seasons/seasons.table';
import type { z } from 'zod';

export type AdminFacilityListQuery = z.infer<typeof adminFacilityListQuerySchema>;

/**
 * German order on both databases: PGlite has no ICU collations and PostgreSQL's default may be "C", so text is
 * compared lower-cased with umlauts folded (Ä next to A, not after Z); name and city have stored, indexed keys.
 */
export const germanSortKey = (col: AnyColumn) => sql`translate(lower(${col}), 'äöüß', 'aous')`;

const sortColumns = {
  label: facilities.labelSort,
  city: facilities.citySort,
  postal_code: facilities.postalCode,
  region: germanSortKey(facilities.region),
  kind: germanSortKey(facilities.kind),
  created_at: facilities.createdAt,
  updated_at: facilities.updatedAt,
} as const;

/** the season the "enrolled" column and filter refer to: the filter's, else the current one */
async function seasonOf(db: DbOrTx, q: AdminFacilityListQuery) {
  if (q.enrolled_season_id) return q.enrolled_season_id;
  return (await seasonsRepository({ db }).current())?.id ?? -1;
}

/**
 * `"facilities"."id"`, qualified wherever it lands: drizzle renders a bare column of a one-table select unqualified,
 * and inside `select … from persons p` a bare `"id"` binds to `p.id` (persons_count used to count the wrong rows)
 */
const facilityId = sql`${facilities}.${sql.identifier('id')}`;

const liveEnrolment = (seasonId: number) =>
  sql`exists (select 1 from ${seasonEnrolments} e where e.facility_id = ${facilityId} and e.season_id = ${seasonId} and e.withdrawn_at is null)`;

/** WHERE of the admin list and its exports: search over name, city and postal code plus the filters */
function whereOf(q: AdminFacilityListQuery, seasonId: number): SQL | undefined {
  const search = q.q ? likePattern(q.q) : null;
  return and(
    isNull(facilities.mergedIntoId),
    search ? or(ilike(facilities.label, search), ilike(facilities.city, search), like(facilities.postalCode, `${q.q!.replace(/[\\%_]/g, '')}%`)) : undefined,
    q.region ? eq(facilities.region, q.region) : undefined,
    q.kind ? eq(facilities.kind, q.kind) : undefined,
    q.enrolled === 'yes' ? liveEnrolment(seasonId) : q.enrolled === 'no' ? sql`not ${liveEnrolment(seasonId)}` : undefined,
  );
}

const columnsFor = (seasonId: number) => ({
  f: facilities,
  membersCount: sql<number>`(select count(*) from ${facilityMembers} m where m.facility_id = ${facilityId})`.mapWith(Number),
  personsCount: sql<number>`(select count(*) from ${persons} p where p.facility_id = ${facilityId} and p.removed_at is null)`.mapWith(Number),
  isEnrolled: sql<boolean>`${liveEnrolment(seasonId)}`.mapWith(Boolean),
});

export type AdminFacilityRow = { f: typeof facilities.$inferSelect; membersCount: number; personsCount: number; isEnrolled: boolean };

export const toListItem = (r: AdminFacilityRow): AdminFacilityListItem => ({
  id: r.f.id,
  label: r.f.label,
  kind: r.f.kind,
  street: r.f.street,
  postal_code: r.f.postalCode,
  city: r.f.city,
  region: r.f.region,
  operator_name: r.f.operatorName,
  email: r.f.email,
  phone: r.f.phone,
  members_count: r.membersCount,
  persons_count: r.personsCount,
  is_enrolled: r.isEnrolled,
  created_at: iso(r.f.createdAt),
  updated_at: iso(r.f.updatedAt),
});

/**
 * One query builder for the page and the exports, so an export is exactly the filtered list. Sorted by the
 * whitelisted column (German collation is the database's), then id so pages and batches never overlap.
 */
export async function adminFacilityRows(db: DbOrTx, q: AdminFacilityListQuery, window: { limit?: number; offset: number }, knownSeasonId?: number) {
  const seasonId = knownSeasonId ?? (await seasonOf(db, q));
  const d = q.dir === 'desc' ? desc : asc;
  const base = db
    .select(columnsFor(seasonId))
    .from(facilities)
    .where(whereOf(q, seasonId))
    .orderBy(d(sortColumns[q.sort]), d(facilities.id))
    .offset(window.offset);
  return (window.limit ? await base.limit(window.limit) : await base) as AdminFacilityRow[];
}

export async function adminFacilityPage(db: DbOrTx, q: AdminFacilityListQuery) {
  const seasonId = await seasonOf(db, q);
  const [rows, [total]] = await Promise.all([
    adminFacilityRows(db, q, pageWindow(q), seasonId),
    db.select({ n: sql<number>`count(*)`.mapWith(Number) }).from(facilities).where(whereOf(q, seasonId)),
  ]);
  return { items: rows.map(toListItem), total: total?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

/** the filtered list in batches, for streamed exports with flat memory */
export async function* adminFacilityBatches(db: DbOrTx, q: AdminFacilityListQuery, batchSize = 1000) {
  const seasonId = await seasonOf(db, q);
  for (let offset = 0; ; offset += batchSize) {
    const rows = await adminFacilityRows(db, q, { limit: batchSize, offset }, seasonId);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
  }
}
