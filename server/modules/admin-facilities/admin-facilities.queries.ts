import { and, asc, desc, eq, ilike, isNull, like, or, sql, type SQL } from 'drizzle-orm';
import type { AdminFacilityListItem } from '../../../src/shared/contracts/admin-facilities';
import type { adminFacilityList } from '../../../src/shared/contracts/admin-facility-list';
import type { ServerListQuery } from '../../../src/shared/contracts/list-query';
import type { DbOrTx } from '../../db/client';
import { germanSort, type Slice } from '../../lib/list-kit';
import { likePattern, pageWindow } from '../../lib/paging';
import { masterDataFields } from '../../../src/shared/contracts/facility-lists';
import { iso } from '../../lib/record-helpers';
import { facilities, facilityMembers } from '../facilities/facilities.table';
import { persons } from '../persons/persons.table';
import { seasonQueries } from '../seasons/seasons.queries';
import { seasonEnrolments } from '../seasons/seasons.table';

type C = typeof adminFacilityList;
export type AdminFacilityListQuery = ServerListQuery<C['sortKeys'][number], C['filters']>;

/** German order (`germanSort`); name and city have stored, indexed keys of the same folding */
export const sortColumns = {
  label: facilities.labelSort,
  city: facilities.citySort,
  postalCode: facilities.postalCode,
  region: germanSort(facilities.region),
  kind: germanSort(facilities.kind),
  createdAt: facilities.createdAt,
  updatedAt: facilities.updatedAt,
} as const;

/**
 * the season the "enrolled" column and filter refer to: the filter's, else the current one. Callers that ran the
 * session lookup pass the current season's id it loaded (null: there is none), which saves a query.
 */
export async function seasonOf(db: DbOrTx, q: AdminFacilityListQuery, currentSeasonId?: number | null) {
  if (q.enrolledSeasonId) return q.enrolledSeasonId;
  if (currentSeasonId !== undefined) return currentSeasonId ?? -1;
  return (await seasonQueries({ db }).current())?.id ?? -1;
}

/**
 * `"facilities"."id"`, qualified wherever it lands: drizzle renders a bare column of a one-table select unqualified,
 * and inside `select … from persons p` a bare `"id"` binds to `p.id` (persons_count used to count the wrong rows)
 */
const facilityId = sql`${facilities}.${sql.identifier('id')}`;

/** the values a list query binds: plain values, or the placeholders of a prepared statement */
type Binds = { season: unknown; search: unknown; postalPrefix: unknown; region: unknown; kind: unknown };

const valuesOf = (q: AdminFacilityListQuery, seasonId: number): Binds => ({
  season: seasonId,
  search: q.q ? likePattern(q.q) : null,
  postalPrefix: q.q ? `${q.q.replace(/[\\%_]/g, '')}%` : null,
  region: q.region,
  kind: q.kind,
});

const placeholders: Binds = {
  season: sql.placeholder('season'),
  search: sql.placeholder('search'),
  postalPrefix: sql.placeholder('postalPrefix'),
  region: sql.placeholder('region'),
  kind: sql.placeholder('kind'),
};

const liveEnrolment = (season: unknown) =>
  sql`exists (select 1 from ${seasonEnrolments} e where e.facility_id = ${facilityId} and e.season_id = ${season} and e.withdrawn_at is null)`;

/** "Stammdaten unvollständig": one of the master data is empty (no bound value: the same text in every statement) */
const incompleteMasterData = or(...masterDataFields.map((k) => sql`${facilities[k]} = ''`))!;

/** WHERE of the admin list and its exports: search over name, city and postal code plus the filters */
function whereOf(q: AdminFacilityListQuery, b: Binds): SQL | undefined {
  const search = b.search as string | SQL;
  return and(
    isNull(facilities.mergedIntoId),
    q.q
      ? or(ilike(facilities.label, search), ilike(facilities.city, search), like(facilities.postalCode, b.postalPrefix as string | SQL))
      : undefined,
    q.region ? eq(facilities.region, b.region as string | SQL) : undefined,
    q.kind ? eq(facilities.kind, b.kind as string | SQL) : undefined,
    q.enrolled === 'yes' ? liveEnrolment(b.season) : q.enrolled === 'no' ? sql`not ${liveEnrolment(b.season)}` : undefined,
    q.incomplete === 'yes' ? incompleteMasterData : q.incomplete === 'no' ? sql`not (${incompleteMasterData})` : undefined,
  );
}

const countColumns = {
  membersCount: sql<number>`(select count(*) from ${facilityMembers} m where m.facility_id = ${facilityId})`.mapWith(Number),
  personsCount: sql<number>`(select count(*) from ${persons} p where p.facility_id = ${facilityId} and p.removed_at is null)`.mapWith(Number),
};

/** with the "enrolled" filter on, every row's answer is known: no second look at the enrolments */
const isEnrolledColumn = (q: AdminFacilityListQuery, season: unknown) =>
  (q.enrolled === 'yes' ? sql<boolean>`true` : q.enrolled === 'no' ? sql<boolean>`false` : sql<boolean>`${liveEnrolment(season)}`).mapWith(Boolean);

export type AdminFacilityRow = { f: typeof facilities.$inferSelect; membersCount: number; personsCount: number; isEnrolled: boolean };

/** what a list row shows of the KiTa itself */
const listFacilityColumns = {
  id: facilities.id,
  label: facilities.label,
  kind: facilities.kind,
  street: facilities.street,
  postalCode: facilities.postalCode,
  city: facilities.city,
  region: facilities.region,
  operatorName: facilities.operatorName,
  email: facilities.email,
  phone: facilities.phone,
  createdAt: facilities.createdAt,
  updatedAt: facilities.updatedAt,
};
type ListRow = {
  f: { [K in keyof typeof listFacilityColumns]: AdminFacilityRow['f'][K] };
  membersCount: number;
  personsCount: number;
  isEnrolled: boolean;
};

export const toListItem = (r: ListRow): AdminFacilityListItem => ({
  id: r.f.id,
  label: r.f.label,
  kind: r.f.kind,
  street: r.f.street,
  postalCode: r.f.postalCode,
  city: r.f.city,
  region: r.f.region,
  operatorName: r.f.operatorName,
  email: r.f.email,
  phone: r.f.phone,
  membersCount: r.membersCount,
  personsCount: r.personsCount,
  isEnrolled: r.isEnrolled,
  createdAt: iso(r.f.createdAt),
  updatedAt: iso(r.f.updatedAt),
});

const orderOf = (q: AdminFacilityListQuery) => {
  const d = q.dir === 'desc' ? desc : asc;
  return [d(sortColumns[q.sort]), d(facilities.id)];
};

/**
 * The rows of the exports, so an export is exactly the filtered list: the kit's slice adds the keyset of the
 * batch, the order (whitelisted sort key, then id) and the limit.
 */
export async function adminFacilityRows(db: DbOrTx, q: AdminFacilityListQuery, slice: Slice, currentSeasonId: number | null | undefined) {
  const b = valuesOf(q, await seasonOf(db, q, currentSeasonId));
  const base = db
    .select({ f: facilities, ...countColumns, isEnrolled: isEnrolledColumn(q, b.season), ...slice.columns })
    .from(facilities)
    .where(and(whereOf(q, b), slice.where))
    .orderBy(...slice.orderBy)
    .offset(slice.offset);
  return slice.limit ? await base.limit(slice.limit) : await base;
}

/**
 * The page query of one shape (sort, direction, which filters, paged or all), built and prepared once per database
 * handle: node-postgres parses it once per connection and PostgreSQL can keep its plan, instead of drizzle building
 * and PostgreSQL planning it on every request. Three levels:
 * - `filtered`: the matching KiTas' ids, sort keys and the total (`count(*) over ()`), in one scan and no second
 *   query to count. Unordered on purpose: with the window function under the ORDER BY … LIMIT, PostgreSQL's generic
 *   plan walked the sort index row by row hoping to stop early, which a total over all rows never can (2× slower);
 * - `page`: those ids sorted, LIMIT/OFFSET;
 * - the outer select: the KiTa columns and the members/staff counts for the page's rows only, not for the rows
 *   OFFSET skips.
 */
function buildPageQuery(db: DbOrTx, q: AdminFacilityListQuery, name: string) {
  const filtered = db
    .select({ id: facilities.id, sortKey: sql`${sortColumns[q.sort]}`.as('sort_key'), total: sql<string>`count(*) over ()`.as('total') })
    .from(facilities)
    .where(whereOf(q, placeholders))
    .as('filtered');
  const d = q.dir === 'desc' ? desc : asc;
  const sorted = db.select({ id: filtered.id, total: filtered.total }).from(filtered).orderBy(d(filtered.sortKey), d(filtered.id)).$dynamic();
  const page = (q.pageSize > 0 ? sorted.limit(sql.placeholder('limit')).offset(sql.placeholder('offset')) : sorted).as('page');
  return db
    .select({ f: listFacilityColumns, ...countColumns, isEnrolled: isEnrolledColumn(q, placeholders.season), total: page.total })
    .from(page)
    .innerJoin(facilities, eq(facilities.id, page.id))
    .orderBy(...orderOf(q))
    .prepare(name);
}

type PageQuery = ReturnType<typeof buildPageQuery>;
const pageQueries = new WeakMap<DbOrTx, Map<string, PageQuery>>();

function pageQueryFor(db: DbOrTx, q: AdminFacilityListQuery) {
  // the statement name is the shape, so one name never stands for two texts on a connection
  const name = [
    'admin_facility_page',
    q.sort,
    q.dir,
    q.q ? 'q' : '',
    q.region ? 'r' : '',
    q.kind ? 'k' : '',
    q.enrolled ?? '',
    q.incomplete ? `i${q.incomplete}` : '',
    q.pageSize > 0 ? 'paged' : 'all',
  ].join('_');
  let byName = pageQueries.get(db);
  if (!byName) pageQueries.set(db, (byName = new Map()));
  let query = byName.get(name);
  if (!query) byName.set(name, (query = buildPageQuery(db, q, name)));
  return query;
}

export async function adminFacilityPage(db: DbOrTx, q: AdminFacilityListQuery, currentSeasonId?: number | null) {
  const seasonId = await seasonOf(db, q, currentSeasonId);
  const { limit, offset } = pageWindow(q);
  const rows = await pageQueryFor(db, q).execute({ ...valuesOf(q, seasonId), limit, offset });
  // a page past the end has no row to carry the total
  const total = rows.length > 0 ? Number(rows[0]!.total) : offset > 0 ? await countOf(db, q, seasonId) : 0;
  return { items: rows.map(toListItem), total, page: q.page, pageSize: q.pageSize };
}

async function countOf(db: DbOrTx, q: AdminFacilityListQuery, seasonId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(facilities)
    .where(whereOf(q, valuesOf(q, seasonId)));
  return row?.n ?? 0;
}
