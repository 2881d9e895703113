import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import type { Bound } from '../../db/compiled-sql';
import type { ChosenMailRow } from '../mail/outbox';

/**
 * The seats decision of a booking as one statement (issue 23, docs/decisions/0029-booking-one-statement.md): under the
 * offering's lock (taken by the statement before, so this statement's snapshot sees every booking committed before
 * the lock was granted) it recounts the seats, inserts each person `confirmed` while seats last (else `waitlisted`,
 * or `confirmed` beyond capacity when an admin overrides) and answers each waiting entry's place by (queued_at, id).
 * The readable version it stands for, and which `booking-decide.test.ts` pins it to: `seatsTaken`, a drizzle insert
 * with `clock_timestamp()` and `waitlistPositions` (booking.ts), three to four round trips instead of one.
 */
export type DecideArgs = {
  offeringId: number;
  capacity: number;
  facilityId: number;
  personIds: number[];
  /** an admin's override: beyond capacity, recorded on the enrolment */
  overridden: boolean;
  actorUserId: number | null;
  now: Date;
  /** the concurrency test's control (locks off): seconds between the count and the insert, to widen the race */
  raceWindowSeconds?: number;
};

export type Decided = { id: number; personId: number; state: 'confirmed' | 'waitlisted'; overCapacity: boolean; waitlistPosition: number | null };

/** the values of a decision as its statement takes them: the persons as JSON text; or placeholders */
export type DecideValues = {
  offeringId: Bound<number>;
  capacity: Bound<number>;
  facilityId: Bound<number>;
  personIds: Bound<string>;
  overridden: Bound<boolean>;
  actorUserId: Bound<number | null>;
  now: Bound<Date>;
};

const valuesOf = (a: DecideArgs): DecideValues => ({ ...a, personIds: JSON.stringify(a.personIds) });

/** the decision's CTEs, ending in `decided` (id, person_id, state, over_capacity, pos): for `decideSeats` and its writes */
function decideCtes(a: DecideValues, raceWindowSeconds: number | undefined): SQL {
  const now = a.now instanceof Date ? a.now.toISOString() : a.now;
  return sql`taken as (
      select count(*)::int as n, ${raceWindowSeconds ? sql`pg_sleep(${raceWindowSeconds}::float8)` : sql`null`} as waited
      from offering_enrolments where offering_id = ${a.offeringId}::int and state in ('confirmed', 'attended')
    ), wanted as (
      select p.value::int as person_id, p.ord, p.ord <= ${a.capacity}::int - t.n as seat
      from json_array_elements_text(${a.personIds}::json) with ordinality as p(value, ord), taken t
    ), ins as (
      insert into offering_enrolments (offering_id, facility_id, person_id, state, queued_at, confirmed_at, over_capacity, created_by, updated_by)
      select ${a.offeringId}::int, ${a.facilityId}::int, w.person_id,
        case when w.seat or ${a.overridden}::boolean then 'confirmed' else 'waitlisted' end,
        clock_timestamp(),
        case when w.seat or ${a.overridden}::boolean then ${now}::timestamptz end,
        not w.seat and ${a.overridden}::boolean,
        ${a.actorUserId}::int, ${a.actorUserId}::int
      from wanted w order by w.ord
      returning id, person_id, state, over_capacity, queued_at
    ), places as (
      select id, row_number() over (order by queued_at, id) as pos from (
        select id, queued_at from offering_enrolments where offering_id = ${a.offeringId}::int and state = 'waitlisted'
        union all
        select id, queued_at from ins where state = 'waitlisted'
      ) w
    ), decided as (
      select ins.id, ins.person_id, ins.state, ins.over_capacity, places.pos::int as pos
      from ins left join places on places.id = ins.id and ins.state = 'waitlisted'
    )`;
}

type DecidedRow = { id: number | string; person_id: number; state: Decided['state']; over_capacity: boolean; pos: number | string | null };

const toDecided = (r: DecidedRow): Decided => ({
  id: Number(r.id),
  personId: Number(r.person_id),
  state: r.state,
  overCapacity: r.over_capacity === true,
  waitlistPosition: r.pos === null ? null : Number(r.pos),
});

export async function decideSeats(tx: DbOrTx, a: DecideArgs): Promise<Decided[]> {
  const rows = await queryRows<DecidedRow>(tx, sql`with ${decideCtes(valuesOf(a), a.raceWindowSeconds)} select * from decided order by id`);
  return rows.map(toDecided);
}

/**
 * The decision and the writes that follow from it as one statement (issue 36): `build` gets the name of the decided
 * rows (a CTE of id, person_id, state, over_capacity, pos) and answers the other modules' inserts (audit rows, a
 * rate-limit hit) and the mails' insert (`chosenMailsInsert`, whose rows come back as `mails`); `decidedOf` reads its
 * answer.
 */
export function decideAndWriteSql(
  a: DecideValues,
  raceWindowSeconds: number | undefined,
  build: (decided: SQL) => { writes: (SQLWrapper | null)[]; mails: SQL },
): SQL {
  const { writes, mails } = build(sql`decided`);
  const more = writes.filter((w): w is SQLWrapper => w !== null).map((w, i) => sql`, ${sql.identifier(`write_${i}`)} as (${w.getSQL()})`);
  return sql`with ${decideCtes(a, raceWindowSeconds)}${sql.join(more)}, mailed as (${mails})
    select d.*, (select json_agg(m) from mailed m) as mails from decided d order by d.id`;
}

export function decidedOf(rows: Record<string, unknown>[]): { decided: Decided[]; mails: ChosenMailRow[] } {
  const typed = rows as (DecidedRow & { mails: ChosenMailRow[] | null })[];
  return { decided: typed.map(toDecided), mails: typed[0]?.mails ?? [] };
}
