/**
 * The one query behind the e-mail address lists (issue 21): the KiTas the criteria select, their contacts (staff
 * entries, member accounts, the KiTa's own address), the left-out rule of each contact, and the addresses
 * deduplicated case-insensitively. A read model over several modules' tables (scripts/module-boundaries.cjs);
 * it writes nothing.
 */
import { type SQL, sql } from 'drizzle-orm';
import type { ContactKind, EmailListCriteria, EmailListQuery, ExclusionRule, LeftOutContact } from '../../../src/shared/contracts/email-lists';
import { contactKinds, exclusionRules } from '../../../src/shared/contracts/email-lists';
import type { DbOrTx } from '../../db/client';
import { documentationForms } from '../documentation/documentation.table';
import { historyBefore } from '../legacy-imports/legacy-history';
import { facilities, facilityMembers } from '../facilities/facilities.table';
import { persons } from '../persons/persons.table';
import { offeringEnrolments, offerings } from '../programme/programme.table';
import type { SeasonRef } from '../seasons/season-history';
import { seasonEnrolments, seasons } from '../seasons/seasons.table';
import { users } from '../users/users.table';

/** the season the season-bound criteria refer to: the chosen one, else the current one (null when there is none) */
export async function resolveSeason(db: DbOrTx, seasonId: number | null): Promise<SeasonRef | null> {
  const rows = (await db.execute(sql`
    select id, identifier, label from ${seasons}
    where ${seasonId === null ? sql`is_current` : sql`id = ${seasonId}`} limit 1`)) as unknown as { rows: SeasonRef[] };
  return rows.rows[0] ?? null;
}

const liveEnrolment = (season: SeasonRef, extra: SQL = sql`true`) =>
  sql`exists (select 1 from ${seasonEnrolments} se where se.facility_id = f.id and se.season_id = ${season.id} and se.withdrawn_at is null and ${extra})`;

const participationSql: Record<EmailListCriteria['participation'][number], { kind: string; attended: boolean }> = {
  trainingBooked: { kind: 'training', attended: false },
  trainingAttended: { kind: 'training', attended: true },
  hospitationBooked: { kind: 'hospitation', attended: false },
  hospitationAttended: { kind: 'hospitation', attended: true },
  awardingBooked: { kind: 'awarding', attended: false },
  awardingAttended: { kind: 'awarding', attended: true },
};

/** "awarded in an earlier season" of KiTa `f`: the e-mail lists' criterion, and the season report's "awarded before" */
export function awardedEarlier(season: SeasonRef): SQL {
  return sql`f.id in (select h.facility_id from ${historyBefore(season)} h where h.awarded)`;
}

/** a yes/no criterion: both or none = no restriction */
const yesNo = (choices: readonly ('yes' | 'no')[], condition: () => SQL): SQL | null => {
  if (choices.length !== 1) return null;
  return choices[0] === 'yes' ? condition() : sql`not ${condition()}`;
};

const or = (parts: SQL[]) => sql`(${sql.join(parts, sql` or `)})`;

/** the KiTa conditions of the criteria (AND between kinds, OR within one) */
function facilityConditions(c: EmailListCriteria, season: SeasonRef | null): SQL[] {
  const where: SQL[] = [];
  if (c.regions.length > 0) where.push(sql`f.region in ${c.regions}`);
  if (c.facilityKinds.length > 0) where.push(sql`f.kind in ${c.facilityKinds}`);
  if (c.operatorKinds.length > 0) where.push(sql`f.operator_kind in ${c.operatorKinds}`);
  const seasonBound =
    (c.enrolment.length === 1 ? 1 : 0) +
    c.participation.length +
    c.documentationStates.length +
    (c.approvedForAward.length === 1 ? 1 : 0) +
    (c.awardedEarlier.length === 1 ? 1 : 0);
  if (seasonBound === 0) return where;
  // season-bound criteria without any season select nothing
  if (!season) return [...where, sql`false`];
  const enrolled = yesNo(
    c.enrolment.map((e) => (e === 'enrolled' ? 'yes' : 'no')),
    () => liveEnrolment(season),
  );
  if (enrolled) where.push(enrolled);
  if (c.participation.length > 0) {
    where.push(
      or(
        c.participation.map((p) => {
          const { kind, attended } = participationSql[p];
          const states = attended ? sql`oe.state = 'attended'` : sql`oe.state in ('confirmed', 'attended')`;
          return sql`exists (select 1 from ${offeringEnrolments} oe join ${offerings} o on o.id = oe.offering_id
            where oe.facility_id = f.id and o.season_id = ${season.id} and o.kind = ${kind} and ${states})`;
        }),
      ),
    );
  }
  if (c.documentationStates.length > 0) {
    const parts: SQL[] = [];
    const states = c.documentationStates.filter((s) => s !== 'none');
    if (states.length > 0)
      parts.push(
        sql`exists (select 1 from ${documentationForms} d where d.facility_id = f.id and d.season_id = ${season.id} and d.state in ${states})`,
      );
    if (c.documentationStates.includes('none'))
      parts.push(sql`not exists (select 1 from ${documentationForms} d where d.facility_id = f.id and d.season_id = ${season.id})`);
    where.push(or(parts));
  }
  const approved = yesNo(c.approvedForAward, () => liveEnrolment(season, sql`se.approved_for_award_at is not null`));
  if (approved) where.push(approved);
  const awarded = yesNo(c.awardedEarlier, () => awardedEarlier(season));
  if (awarded) where.push(awarded);
  return where;
}

/**
 * Every contact of the selected KiTas with its left-out rule (null = on the list), as a CTE `r` with the columns
 * prio, kind, fid, facility, region, name, email, key (lower-cased trimmed address), position, rule.
 */
function contactsCte(q: EmailListQuery, season: SeasonRef | null): SQL {
  const c = q.criteria;
  const newsletter = q.purpose === 'newsletter';
  const kinds = new Set<ContactKind>(c.contactKinds.length > 0 ? c.contactKinds : contactKinds);
  const conditions = facilityConditions(c, season);
  const fWhere = conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``;
  const positions = c.positions.length > 0 ? c.positions : null;
  const branches: SQL[] = [];
  if (kinds.has('staff')) {
    branches.push(sql`
      select 1 as prio, 'staff' as kind, f.id as fid, f.label as facility, f.region, f.merged,
        btrim(p.first_name || ' ' || p.last_name) as name, p.email, p.position,
        ${newsletter ? sql`(u.id is not null and (u.deactivated_at is not null or u.activated_at is null))` : sql`false`} as inactive,
        coalesce(u.newsletter, false) as consent
      from f join ${persons} p on p.facility_id = f.id left join ${users} u on u.id = p.user_id
      where p.removed_at is null ${positions ? sql`and p.position in ${positions}` : sql``}`);
  }
  if (kinds.has('account')) {
    branches.push(sql`
      select 2 as prio, 'account' as kind, f.id as fid, f.label as facility, f.region, f.merged,
        btrim(u.first_name || ' ' || u.last_name) as name, u.email, a.position,
        (u.deactivated_at is not null or u.activated_at is null) as inactive, coalesce(u.newsletter, false) as consent
      from f join ${facilityMembers} m on m.facility_id = f.id join ${users} u on u.id = m.user_id
        cross join lateral (select coalesce((select p.position from ${persons} p
          where p.user_id = u.id and p.facility_id = f.id and p.removed_at is null order by p.id limit 1), '') as position) a
      ${positions ? sql`where a.position in ${positions}` : sql``}`);
  }
  if (kinds.has('facility') && !positions) {
    branches.push(sql`
      select 3 as prio, 'facility' as kind, f.id as fid, f.label as facility, f.region, f.merged,
        f.label as name, f.email, '' as position, false as inactive, false as consent
      from f`);
  }
  if (branches.length === 0)
    branches.push(sql`select 0 as prio, '' as kind, 0 as fid, '' as facility, '' as region, false as merged,
      '' as name, '' as email, '' as position, false as inactive, false as consent where false`);
  return sql`
    with f as (
      select f.id, f.label, f.region, f.email, f.merged_into_id is not null as merged from ${facilities} f ${fWhere}
    ),
    c as (${sql.join(branches, sql` union all `)}),
    r as (
      select c.*, lower(btrim(c.email)) as key,
        case
          when c.merged then 'mergedFacility'
          when btrim(c.email) = '' then 'noAddress'
          when c.inactive then 'deactivatedAccount'
          ${newsletter ? sql`when not c.consent then 'noNewsletterConsent'` : sql``}
        end as rule
      from c
    )`;
}

export type AddressRow = { key: string; email: string; name: string; facility: string; position: string; region: string; kinds: ContactKind[] };

/** the count of distinct addresses on the list and the left-out contacts per rule (rules with none are omitted) */
export async function countAddresses(db: DbOrTx, q: EmailListQuery, season: SeasonRef | null) {
  // the addresses are counted by a hash grouping (no sort of every address, as count(distinct) would do)
  const res = (await db.execute(sql`${contactsCte(q, season)}
    select rule, count(*)::int as n, 0 as d from r where rule is not null group by rule
    union all
    select null, 0, count(*)::int from (select key from r where rule is null group by key) listed`)) as unknown as {
    rows: { rule: ExclusionRule | null; n: number; d: number }[];
  };
  const count = Number(res.rows.find((r) => r.rule === null)?.d ?? 0);
  const excluded = exclusionRules.map((rule) => ({ rule, count: Number(res.rows.find((r) => r.rule === rule)?.n ?? 0) })).filter((e) => e.count > 0);
  return { count, excluded };
}

/**
 * The addresses in order of the address (case-folded), each once: name, KiTa and Funktion of its first contact
 * (staff before account before the KiTa's own address, then by KiTa), and every contact kind it came from. Keyset
 * after `after` (byte order).
 */
export async function addressPage(
  db: DbOrTx,
  q: EmailListQuery,
  season: SeasonRef | null,
  page: { limit: number; offset?: number; after?: string },
): Promise<AddressRow[]> {
  // one sort: the first contact of each address by DISTINCT ON, the kinds it came from as bit flags by a window over
  // the same address (no per-address aggregate sorts, no second grouping). Byte order (collate "C") instead of the
  // language's collation: 30,000 addresses sort in a fraction of the time, and the order only has to be stable.
  const res = (await db.execute(sql`${contactsCte(q, season)}
    select distinct on (key collate "C") key, btrim(email) as email, name, facility, position, region,
      bit_or(case kind when 'staff' then 1 when 'account' then 2 else 4 end) over (partition by key collate "C")::int as kinds
    from r where rule is null ${page.after !== undefined ? sql`and key collate "C" > ${page.after}` : sql``}
    order by key collate "C", prio, fid, name collate "C"
    limit ${page.limit} offset ${page.offset ?? 0}`)) as unknown as { rows: (Omit<AddressRow, 'kinds'> & { kinds: number })[] };
  return res.rows.map((r) => ({ ...r, kinds: contactKinds.filter((_, i) => (Number(r.kinds) & (1 << i)) !== 0) }));
}

/**
 * The preview in one query: the contacts are evaluated once (the CTE `r`, read three times, is materialized) for the
 * left-out counts, the address count and the page, instead of once per query.
 */
export async function previewAddresses(db: DbOrTx, q: EmailListQuery, season: SeasonRef | null, page: { limit: number; offset: number }) {
  const res = (await db.execute(sql`${contactsCte(q, season)},
    left_out as (select rule, count(*)::int as n from r where rule is not null group by rule),
    listed as (select count(*)::int as n from (select key from r where rule is null group by key) k),
    page as (
      select distinct on (key collate "C") key, btrim(email) as email, name, facility, position, region,
        bit_or(case kind when 'staff' then 1 when 'account' then 2 else 4 end) over (partition by key collate "C")::int as kinds
      from r where rule is null
      order by key collate "C", prio, fid, name collate "C"
      limit ${page.limit} offset ${page.offset}
    )
    select (select n from listed) as count,
      (select coalesce(json_agg(json_build_object('rule', rule, 'n', n)), '[]') from left_out) as excluded,
      (select coalesce(json_agg(page order by key collate "C"), '[]') from page) as addresses`)) as unknown as {
    rows: { count: number; excluded: unknown; addresses: unknown }[];
  };
  const json = <T>(v: unknown): T => (typeof v === 'string' ? JSON.parse(v) : v) as T;
  const row = res.rows[0]!;
  const left = json<{ rule: ExclusionRule; n: number }[]>(row.excluded);
  const excluded = exclusionRules.map((rule) => ({ rule, count: Number(left.find((r) => r.rule === rule)?.n ?? 0) })).filter((e) => e.count > 0);
  const addresses = json<(Omit<AddressRow, 'kinds'> & { kinds: number })[]>(row.addresses).map(({ key: _key, ...a }) => ({
    ...a,
    kinds: contactKinds.filter((_, i) => (Number(a.kinds) & (1 << i)) !== 0),
  }));
  return { count: Number(row.count ?? 0), excluded, addresses };
}

/** every address in keyset batches: the export's memory stays flat however long the list is */
export async function* addressBatches(db: DbOrTx, q: EmailListQuery, season: SeasonRef | null, size = 10_000): AsyncGenerator<AddressRow[]> {
  let after: string | undefined;
  for (;;) {
    const rows = await addressPage(db, q, season, { limit: size, after });
    if (rows.length > 0) yield rows;
    if (rows.length < size) return;
    after = rows[rows.length - 1]!.key;
  }
}

/** the season after the given one (by identifier), for "copy to the next season" */
export async function nextSeason(db: DbOrTx, season: SeasonRef): Promise<SeasonRef | null> {
  const rows = (await db.execute(sql`
    select id, identifier, label from ${seasons} where identifier > ${season.identifier} order by identifier limit 1`)) as unknown as {
    rows: SeasonRef[];
  };
  return rows.rows[0] ?? null;
}

/** the order of the left-out contacts: by rule (as applied), then KiTa, then name */
const leftOutOrder = sql`array_position(array[${sql.join(
  exclusionRules.map((r) => sql`${r}`),
  sql`, `,
)}]::text[], rule), facility, name, prio, fid`;

/** who the criteria leave out and why: one page and the total, in one query */
export async function leftOutPage(db: DbOrTx, q: EmailListQuery, season: SeasonRef | null, page: { limit: number; offset: number }) {
  const res = (await db.execute(sql`${contactsCte(q, season)}
    select rule, kind, name, facility, position, btrim(email) as email, count(*) over ()::int as total
    from r where rule is not null order by ${leftOutOrder} limit ${page.limit} offset ${page.offset}`)) as unknown as {
    rows: (LeftOutContact & { total: number })[];
  };
  // past the last row the window has no row to ride on: ask for the total alone
  const total =
    res.rows[0]?.total ??
    Number(
      (
        (await db.execute(sql`${contactsCte(q, season)} select count(*)::int as n from r where rule is not null`)) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]?.n ?? 0,
    );
  return { total: Number(total), items: res.rows.map(({ total: _t, ...c }) => c) };
}

/** every left-out contact in batches of pages (the CSV of who is left out) */
export async function* leftOutBatches(db: DbOrTx, q: EmailListQuery, season: SeasonRef | null, size = 5_000): AsyncGenerator<LeftOutContact[]> {
  for (let offset = 0; ; offset += size) {
    const { items } = await leftOutPage(db, q, season, { limit: size, offset });
    if (items.length > 0) yield items;
    if (items.length < size) return;
  }
}
