import { and, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { WORK_LIST_SOON_DAYS } from '../../../src/shared/contracts/admin-home';
import type { OfferingAttention } from '../../../src/shared/contracts/programme-lists';
import { offerings } from './programme.table';

/** the seats a date has given away (confirmed, or attended once it took place) */
export const seatsTaken = sql<number>`(select count(*)::int from offering_enrolments t where t.offering_id = ${offerings.id} and t.state in ('confirmed', 'attended'))`;

/** a published date still to come: the only dates that can need an admin's attention */
const upcoming = sql`${offerings.state} = 'published' and ${offerings.startsAt} >= now()`;

/**
 * The dates that need an admin's attention, as one rule per kind of attention (issue 34: "a count opens exactly the
 * rows it counts"): the admin home counts them and the admin list of dates filters by them (`needs`), both with
 * these predicates over `offerings`.
 */
export const offeringNeeds: Record<OfferingAttention, SQL> = {
  // someone waits for a seat
  waitlist: and(upcoming, sql`exists (select 1 from offering_enrolments e where e.offering_id = ${offerings.id} and e.state = 'waitlisted')`)!,
  // it begins within WORK_LIST_SOON_DAYS and still has free seats
  freeSeatsSoon: and(
    upcoming,
    sql`${offerings.startsAt} < now() + make_interval(days => ${WORK_LIST_SOON_DAYS})`,
    sql`${offerings.capacity} > ${seatsTaken}`,
  )!,
};

/** per kind of date, how many need each kind of attention (the admin home's work list) */
export function countOfferingNeeds(db: DbOrTx) {
  return db
    .select({
      kind: offerings.kind,
      waitlist: sql<number>`count(*) filter (where ${offeringNeeds.waitlist})::int`,
      free: sql<number>`count(*) filter (where ${offeringNeeds.freeSeatsSoon})::int`,
    })
    .from(offerings)
    .groupBy(offerings.kind);
}
