import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminAwardingEvent, awardingEventInputSchema } from '../../../src/shared/contracts/admin-programme';
import type { Db, DbOrTx } from '../../db/client';
import { fail } from '../../lib/http-error';
import { iso, isoOrNull, notFoundError } from '../../lib/record-helpers';
import { lockById, versionedUpdate } from '../../lib/versioned-update';
import { audit, type Ctx } from '../audit/audit';
import { inBookingTx, lockOfferings } from './booking-tx';
import { awardingEventFields } from './programme.queries';
import { awardingEvents, offerings, type AwardingEventRow } from './programme.table';
import { d, requireSeason, stateChange } from './admin-common';
import { cancelOfferingInTx } from './admin-offerings.service';

/** The admin side of the season's programme: awarding events (their workshops are dates: admin-offerings.service.ts). Every write audited. */

type EventInput = z.output<typeof awardingEventInputSchema>;

const eventCounts = {
  workshops: sql<number>`(select count(*)::int from offerings x where x.awarding_event_id = "awarding_events"."id")`,
  attendees: sql<number>`(select count(distinct e.person_id)::int from offering_enrolments e join offerings x on x.id = e.offering_id
    where x.awarding_event_id = "awarding_events"."id" and e.state in ('confirmed', 'waitlisted', 'attended'))`,
  facilities: sql<number>`(select count(distinct e.facility_id)::int from offering_enrolments e join offerings x on x.id = e.offering_id
    where x.awarding_event_id = "awarding_events"."id" and e.state in ('confirmed', 'waitlisted', 'attended'))`,
};

function toEvent(e: AwardingEventRow, c: { workshops: number; attendees: number; facilities: number }): AdminAwardingEvent {
  return {
    ...awardingEventFields(e),
    seasonId: e.seasonId,
    workshopCount: Number(c.workshops),
    attendeeCount: Number(c.attendees),
    facilityCount: Number(c.facilities),
    version: e.version,
  };
}

export async function listAwardingEvents(db: DbOrTx, seasonId?: number) {
  const rows = await db
    .select({ e: awardingEvents, ...eventCounts })
    .from(awardingEvents)
    .where(seasonId ? eq(awardingEvents.seasonId, seasonId) : undefined)
    .orderBy(asc(awardingEvents.startsAt), asc(awardingEvents.id));
  return { items: rows.map((r) => toEvent(r.e, r)) };
}

export async function awardingEventById(db: DbOrTx, id: number) {
  const [row] = await db
    .select({ e: awardingEvents, ...eventCounts })
    .from(awardingEvents)
    .where(eq(awardingEvents.id, id));
  if (!row) throw notFoundError();
  return toEvent(row.e, row);
}

const eventFields = (e: EventInput) => ({
  seasonId: e.seasonId,
  title: e.title,
  description: e.description,
  startsAt: new Date(e.startsAt),
  endsAt: new Date(e.endsAt),
  place: e.place,
  region: e.region,
  maxAttendeesPerFacility: e.maxAttendeesPerFacility,
  registrationOpensAt: d(e.registrationOpensAt),
  registrationClosesAt: d(e.registrationClosesAt),
});
const eventAudit = (e: Pick<AwardingEventRow, keyof ReturnType<typeof eventFields>>) => ({
  ...e,
  startsAt: iso(e.startsAt),
  endsAt: iso(e.endsAt),
  registrationOpensAt: isoOrNull(e.registrationOpensAt),
  registrationClosesAt: isoOrNull(e.registrationClosesAt),
});

export async function createAwardingEvent(db: Db, input: EventInput, ctx: Ctx) {
  const id = await db.transaction(async (tx) => {
    await requireSeason(tx, input.seasonId);
    const [row] = await tx
      .insert(awardingEvents)
      .values({ ...eventFields(input), createdBy: ctx.actorUserId, updatedBy: ctx.actorUserId })
      .returning();
    await audit(tx, {
      ...ctx,
      action: 'awarding_event.create',
      entityType: 'awarding_event',
      entityId: row!.id,
      after: eventAudit(eventFields(input)),
    });
    return row!.id;
  });
  return awardingEventById(db, id);
}

export async function updateAwardingEvent(db: Db, id: number, input: EventInput & { version: number }, ctx: Ctx) {
  await db.transaction((tx) =>
    versionedUpdate(tx, {
      table: awardingEvents,
      id,
      version: input.version,
      load: lockById(awardingEvents, id),
      check: (old) => {
        if (old.seasonId !== input.seasonId) throw fail('programme.awarding_event_season_fixed');
      },
      values: eventFields(input),
      editable: eventAudit,
      audit: { action: 'awarding_event.update', entityType: 'awarding_event' },
      ctx,
    }),
  );
  return awardingEventById(db, id);
}

export async function publishAwardingEvent(db: Db, id: number, version: number, ctx: Ctx) {
  await db.transaction(
    stateChange({
      table: awardingEvents,
      id,
      version,
      check: (old) => {
        if (old.state !== 'draft') throw fail('programme.not_draft');
      },
      values: { state: 'published' },
      audit: { action: 'awarding_event.publish', entityType: 'awarding_event' },
      ctx,
    }),
  );
  return awardingEventById(db, id);
}

/** cancels the event and every workshop of it (their participants are mailed) */
export async function cancelAwardingEvent(db: Db, id: number, input: { version: number; reason: string }, ctx: Ctx) {
  await inBookingTx(db, async (tx) => {
    await stateChange({
      table: awardingEvents,
      id,
      version: input.version,
      check: (old) => {
        if (old.state === 'cancelled') throw fail('programme.awarding_event_already_cancelled');
      },
      values: { state: 'cancelled' },
      audit: { action: 'awarding_event.cancel', entityType: 'awarding_event', context: { reason: input.reason } },
      ctx,
    })(tx);
    const workshops = await tx
      .select({ id: offerings.id })
      .from(offerings)
      .where(and(eq(offerings.awardingEventId, id), ne(offerings.state, 'cancelled')));
    for (const w of await lockOfferings(
      tx,
      workshops.map((x) => x.id),
    ))
      await cancelOfferingInTx(tx, w, input.reason, ctx);
  });
  return awardingEventById(db, id);
}
