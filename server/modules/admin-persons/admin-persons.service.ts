import { eq, sql, type SQL } from 'drizzle-orm';
import { adminPersonListItemSchema, type AdminPersonDetail, type AdminPersonListItem } from '../../../src/shared/contracts/admin-persons';
import { adminPersonList } from '../../../src/shared/contracts/admin-person-list';
import type { ServerListQuery } from '../../../src/shared/contracts/list-query';
import type { PersonUpdate } from '../../../src/shared/contracts/persons';
import { queryRows, type Db, type DbOrTx } from '../../db/client';
import { defineList, germanSort, type Cursor } from '../../lib/list-kit';
import { likePattern } from '../../lib/paging';
import { notFoundError } from '../../lib/record-helpers';
import type { Ctx } from '../audit/audit';
import { historyOf } from '../audit/audit-history';
import { facilities, facilityMembers } from '../facilities/facilities.table';
import { getPerson, updatePerson } from '../persons/persons.service';
import { persons } from '../persons/persons.table';
import { users } from '../users/users.table';
import { accountFields } from '../users/user-ref';

type Query = ServerListQuery<(typeof adminPersonList)['sortKeys'][number], (typeof adminPersonList)['filters']>;

// whitelisted ORDER BY expressions over the union below; text folded for a German order on both databases
const x = (column: string) => sql.raw(`x.${column}`);
const sort = {
  lastName: germanSort(x('last_name')),
  firstName: germanSort(x('first_name')),
  email: sql`lower(${x('email')})`,
  position: x('position'),
  facilityLabel: germanSort(x('facility_label')),
  createdAt: x('created_at'),
};

/**
 * "All persons and accounts" as one list: every staff entry (with its account if linked) and every account
 * that no current staff entry points to.
 */
const union = sql`(
  select 'p' || p.id as key, 'person' as kind, p.id as person_id, p.user_id, p.first_name, p.last_name,
         case when p.email <> '' then p.email else coalesce(u.email, '') end as email,
         p.position, f.id as facility_id, f.label as facility_label, coalesce(u.is_admin, false) as is_admin,
         case when u.id is null then null else (u.activated_at is not null and u.deactivated_at is null) end as account_active,
         p.removed_at, p.created_at
    from ${persons} p
    join ${facilities} f on f.id = p.facility_id
    left join ${users} u on u.id = p.user_id
  union all
  select 'u' || u.id, 'account', null, u.id, u.first_name, u.last_name, u.email, null, null, null, u.is_admin,
         (u.activated_at is not null and u.deactivated_at is null), null, u.created_at
    from ${users} u
   where not exists (select 1 from ${persons} p where p.user_id = u.id and p.removed_at is null)
) x`;

function whereOf(q: Query): SQL {
  const parts: SQL[] = [sql`true`];
  if (q.includeRemoved !== 'yes') parts.push(sql`x.removed_at is null`);
  if (q.kind) parts.push(sql`x.kind = ${q.kind}`);
  if (q.hasAccount === 'yes') parts.push(sql`x.user_id is not null`);
  if (q.hasAccount === 'no') parts.push(sql`x.user_id is null`);
  if (q.position) parts.push(sql`x.position = ${q.position}`);
  if (q.facilityId) parts.push(sql`x.facility_id = ${q.facilityId}`);
  if (q.q) {
    const p = likePattern(q.q);
    parts.push(
      sql`(x.first_name ilike ${p} or x.last_name ilike ${p} or x.email ilike ${p} or x.facility_label ilike ${p} or (x.first_name || ' ' || x.last_name) ilike ${p})`,
    );
  }
  return sql.join(parts, sql` and `);
}

type Row = {
  key: string;
  kind: 'person' | 'account';
  person_id: number | null;
  user_id: number | null;
  first_name: string;
  last_name: string;
  email: string;
  position: string | null;
  facility_id: number | null;
  facility_label: string | null;
  is_admin: boolean;
  account_active: boolean | null;
  removed_at: Date | string | null;
  created_at: Date | string;
};
const toIso = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString());

const idOrNull = (v: number | null) => (v === null ? null : Number(v));

const toItem = (r: Row): AdminPersonListItem => ({
  key: r.key,
  kind: r.kind,
  personId: idOrNull(r.person_id),
  userId: idOrNull(r.user_id),
  firstName: r.first_name,
  lastName: r.last_name,
  email: r.email,
  position: r.position,
  facilityId: idOrNull(r.facility_id),
  facilityLabel: r.facility_label,
  is_admin: r.is_admin,
  accountActive: r.account_active,
  removedAt: toIso(r.removed_at),
  createdAt: toIso(r.created_at)!,
});

/** /api/admin/persons and its exports */
export const adminPersonListDef = defineList({
  contract: adminPersonList,
  route: { url: '/api/admin/persons', access: 'admin', tags: ['admin persons'] },
  context: () => null,
  sort,
  tieBreaker: x('key'),
  rows: (db, q, s) =>
    queryRows<Row & Cursor>(
      db,
      sql`select x.*, ${s.columnsSql} from ${union} where ${whereOf(q)} and ${s.where ?? sql`true`}
          ${s.tailSql}`,
    ),
  item: toItem,
  itemSchema: adminPersonListItemSchema,
  export: {
    fileName: 'personen',
    sheetName: 'Personen',
    columns: [
      { header: 'Art', value: (r: Row) => (r.kind === 'person' ? 'Personal' : 'Benutzerkonto') },
      { header: 'Vorname', value: (r) => r.first_name },
      { header: 'Nachname', value: (r) => r.last_name },
      { header: 'E-Mail', value: (r) => r.email, width: 30 },
      { header: 'Funktion', value: (r) => r.position },
      { header: 'KiTa', value: (r) => r.facility_label, width: 36 },
      { header: 'Benutzerkonto', value: (r) => r.user_id !== null },
      { header: 'Konto aktiv', value: (r) => r.account_active },
      { header: 'Admin', value: (r) => r.is_admin },
      { header: 'Entfernt am', value: (r) => (r.removed_at ? new Date(r.removed_at) : null), kind: 'datetime' },
      { header: 'Angelegt am', value: (r) => new Date(r.created_at), kind: 'datetime' },
    ],
  },
});

async function personFacility(db: DbOrTx, personId: number) {
  const [row] = await db
    .select({ facilityId: persons.facilityId, label: facilities.label })
    .from(persons)
    .innerJoin(facilities, eq(facilities.id, persons.facilityId))
    .where(eq(persons.id, personId));
  if (!row) throw notFoundError();
  return row;
}

export async function adminPersonDetail(db: DbOrTx, personId: number): Promise<AdminPersonDetail> {
  const facility = await personFacility(db, personId);
  const person = await getPerson(db, facility.facilityId, personId, { includeRemoved: true });
  let account: AdminPersonDetail['account'] = null;
  if (person.userId) {
    const [u] = await db.select().from(users).where(eq(users.id, person.userId));
    if (u) {
      const memberships = await db
        .select({ id: facilities.id, label: facilities.label })
        .from(facilityMembers)
        .innerJoin(facilities, eq(facilities.id, facilityMembers.facilityId))
        .where(eq(facilityMembers.userId, u.id))
        .orderBy(facilities.label);
      account = { ...accountFields(u), facilities: memberships };
    }
  }
  const history = await historyOf(db, [{ type: 'person', ids: [personId] }]);
  return { person, facility: { id: facility.facilityId, label: facility.label }, account, history };
}

export async function adminUpdatePerson(db: Db, personId: number, input: PersonUpdate, ctx: Ctx) {
  const facility = await personFacility(db, personId);
  return updatePerson(db, facility.facilityId, personId, input, ctx, { includeRemoved: true });
}
