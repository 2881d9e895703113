import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import type { AcContactState, AcTagNames } from './active-campaign.table';

/**
 * Who is synced (SPEC §3, issue 21): newsletter-consenting, activated, not deactivated accounts, with first/last
 * name, their (first) KiTa, its region and the tags of their state. A read model over users, KiTas, staff entries,
 * enrolments and documentation forms (scripts/module-boundaries.cjs names it).
 */
export type Desired = { userId: number; email: string; state: AcContactState };

type Row = {
  user_id: number;
  email: string;
  first_name: string;
  last_name: string;
  kita: string | null;
  regions: string[] | null;
  functions: string[] | null;
  enrolled: boolean;
  doc_submitted: boolean;
  doc_approved: boolean;
  awarded: boolean;
};

const consenting = sql`u.newsletter = true and u.activated_at is not null and u.deactivated_at is null`;

export async function loadDesired(db: DbOrTx, tagNames: AcTagNames, listId: string, afterUserId: number, limit: number): Promise<Desired[]> {
  const res = (await db.execute(sql`
    with mine as (
      select m.user_id, f.id as facility_id, f.label, f.region
      from facility_members m join facilities f on f.id = m.facility_id and f.merged_into_id is null
    )
    select u.id as user_id, lower(u.email) as email, u.first_name, u.last_name,
      (select label from mine where mine.user_id = u.id order by facility_id limit 1) as kita,
      (select array_agg(distinct region order by region) from mine where mine.user_id = u.id) as regions,
      (select array_agg(distinct p.position order by p.position) from persons p
         where p.user_id = u.id and p.removed_at is null and p.position <> '') as functions,
      exists (select 1 from mine join season_enrolments e on e.facility_id = mine.facility_id and e.withdrawn_at is null
         join seasons s on s.id = e.season_id and s.is_current where mine.user_id = u.id) as enrolled,
      exists (select 1 from mine join documentation_forms d on d.facility_id = mine.facility_id and d.state = 'submitted'
         join seasons s on s.id = d.season_id and s.is_current where mine.user_id = u.id) as doc_submitted,
      exists (select 1 from mine join documentation_forms d on d.facility_id = mine.facility_id and d.state = 'approved'
         join seasons s on s.id = d.season_id and s.is_current where mine.user_id = u.id) as doc_approved,
      (exists (select 1 from mine join season_enrolments e on e.facility_id = mine.facility_id and e.withdrawn_at is null
         and e.approved_for_award_at is not null where mine.user_id = u.id)
       or exists (select 1 from mine join documentation_forms d on d.facility_id = mine.facility_id and d.state = 'approved'
         join seasons s on s.id = d.season_id and not s.is_current where mine.user_id = u.id)) as awarded
    from users u
    where ${consenting} and u.id > ${afterUserId}
    order by u.id
    limit ${limit}`)) as unknown as { rows: Row[] };
  return res.rows.map((r) => {
    const regions = r.regions ?? [];
    const tags = [
      tagNames.managed,
      ...(r.enrolled ? [tagNames.enrolled] : []),
      ...(r.doc_submitted ? [tagNames.documentationSubmitted] : []),
      ...(r.doc_approved ? [tagNames.documentationApproved] : []),
      ...(r.awarded ? [tagNames.awarded] : []),
      ...regions.map((x) => `${tagNames.regionPrefix} ${x}`),
      ...(r.functions ?? []).map((x) => `${tagNames.functionPrefix} ${x}`),
    ];
    return {
      userId: Number(r.user_id),
      email: r.email,
      state: {
        firstName: r.first_name,
        lastName: r.last_name,
        kita: r.kita ?? '',
        region: regions[0] ?? '',
        tags: [...new Set(tags)].sort(),
        listId,
      },
    };
  });
}

/** every consenting address (lower case): who must not be unsubscribed */
export async function consentingEmails(db: DbOrTx): Promise<Set<string>> {
  const res = (await db.execute(sql`select lower(u.email) as email from users u where ${consenting}`)) as unknown as { rows: { email: string }[] };
  return new Set(res.rows.map((r) => r.email));
}

export async function countConsenting(db: DbOrTx): Promise<number> {
  const res = (await db.execute(sql`select count(*)::int as n from users u where ${consenting}`)) as unknown as { rows: { n: number }[] };
  return Number(res.rows[0]?.n ?? 0);
}

/** does an account with this address still exist (consent withdrawn) or was it deleted? */
export async function accountExists(db: DbOrTx, email: string): Promise<boolean> {
  const res = (await db.execute(sql`select 1 from users where lower(email) = ${email} limit 1`)) as unknown as { rows: unknown[] };
  return res.rows.length > 0;
}

/** a tag the portal manages (so it may add and remove it); other tags of a contact are left alone */
export function isOurTag(name: string, t: AcTagNames): boolean {
  return (
    name === t.managed ||
    name === t.enrolled ||
    name === t.documentationSubmitted ||
    name === t.documentationApproved ||
    name === t.awarded ||
    name.startsWith(`${t.regionPrefix} `) ||
    name.startsWith(`${t.functionPrefix} `)
  );
}
