import type { Recipient } from '../facilities/facility-mails';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminOffering, offeringInputSchema } from '../../../src/shared/contracts/admin-programme';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { fail } from '../../lib/http-error';
import { notFoundError } from '../../lib/record-helpers';
import { stamp, versionedUpdate } from '../../lib/versioned-update';
import { audit, type Ctx } from '../audit/audit';
import { facilityExists, findActiveFacility } from '../facilities/facility-scope';
import { staffOfFacility } from '../persons/person-scope';
import { adminOffering } from './admin-offerings.list';
import { promoteOne } from './booking-cancel';
import { inBookingTx, lockOfferings } from './booking-tx';
import { mailDataOf } from './programme.mails';
import { mailBooking, offeringCancelledTemplate } from './programme.mails';
import { awardingEvents, offeringEnrolments, offerings, trainingModules, type OfferingRow } from './programme.table';
import { d, requireSeason, stateChange } from './admin-common';

/** The admin side of the season's programme: dates (trainings, hospitations, workshops of an awarding event). Every write audited. */

type OfferingInput = z.output<typeof offeringInputSchema>;

async function checkParents(tx: DbOrTx, input: OfferingInput) {
  await requireSeason(tx, input.seasonId);
  if (input.kind === 'training') {
    const [m] = await tx.select().from(trainingModules).where(eq(trainingModules.id, input.moduleId!));
    if (!m || m.seasonId !== input.seasonId) throw fail('programme.module_other_season');
  }
  if (input.kind === 'hospitation' && !(await facilityExists(tx, input.hostFacilityId!))) throw fail('programme.host_missing');
  if (input.kind === 'awarding') {
    const [e] = await tx.select().from(awardingEvents).where(eq(awardingEvents.id, input.awardingEventId!));
    if (!e || e.seasonId !== input.seasonId) throw fail('programme.awarding_event_other_season');
  }
}

const offeringFields = (o: OfferingInput) => ({
  kind: o.kind,
  seasonId: o.seasonId,
  moduleId: o.kind === 'training' ? o.moduleId : null,
  hostFacilityId: o.kind === 'hospitation' ? o.hostFacilityId : null,
  awardingEventId: o.kind === 'awarding' ? o.awardingEventId : null,
  title: o.title,
  description: o.description,
  startsAt: new Date(o.startsAt),
  endsAt: new Date(o.endsAt),
  place: o.place,
  onlineUrl: o.onlineUrl,
  region: o.region,
  capacity: o.capacity,
  registrationOpensAt: d(o.registrationOpensAt),
  registrationClosesAt: d(o.registrationClosesAt),
  reminderDays: o.reminderDays,
});
const auditable = (o: Partial<OfferingRow>) => {
  const out: Record<string, unknown> = {};
  for (const k of [
    'kind',
    'seasonId',
    'moduleId',
    'hostFacilityId',
    'awardingEventId',
    'title',
    'description',
    'startsAt',
    'endsAt',
    'place',
    'onlineUrl',
    'region',
    'capacity',
    'registrationOpensAt',
    'registrationClosesAt',
    'reminderDays',
  ] as const) {
    const v = o[k];
    out[k] = v instanceof Date ? v.toISOString() : (v ?? null);
  }
  return out;
};

export async function createOffering(db: Db, input: OfferingInput, ctx: Ctx): Promise<AdminOffering> {
  const id = await db.transaction(async (tx) => {
    await checkParents(tx, input);
    const [row] = await tx
      .insert(offerings)
      .values({ ...offeringFields(input), createdBy: ctx.actorUserId, updatedBy: ctx.actorUserId })
      .returning();
    await audit(tx, { ...ctx, action: 'offering.create', entityType: 'offering', entityId: row!.id, after: auditable(row!) });
    return row!.id;
  });
  return adminOffering(db, id);
}

/** a change of capacity moves waiting entries up into new seats, in the same transaction */
/** the date locked the booking way (lockOfferings), 404 when it is gone */
export const lockOffering = (id: number) => async (tx: DbOrTx) => {
  const [row] = await lockOfferings(tx, [id]);
  if (!row) throw notFoundError();
  return row;
};

export async function updateOffering(db: Db, id: number, input: OfferingInput & { version: number }, ctx: Ctx): Promise<AdminOffering> {
  await inBookingTx(db, async (tx) => {
    const { row } = await versionedUpdate(tx, {
      table: offerings,
      id,
      version: input.version,
      load: lockOffering(id),
      check: async (old) => {
        if (old.kind !== input.kind) throw fail('programme.kind_fixed');
        await checkParents(tx, input);
      },
      values: offeringFields(input),
      editable: auditable,
      audit: { action: 'offering.update', entityType: 'offering' },
      ctx,
    });
    if (row.state === 'published')
      while (await promoteOne(tx, row, ctx)) {
        // one seat at a time, each with its mail and audit entry
      }
  });
  return adminOffering(db, id);
}

export async function publishOffering(db: Db, id: number, version: number, ctx: Ctx): Promise<AdminOffering> {
  await inBookingTx(
    db,
    stateChange({
      table: offerings,
      id,
      version,
      load: lockOffering(id),
      check: (old) => {
        if (old.state !== 'draft') throw fail('programme.not_draft');
      },
      values: { state: 'published' },
      audit: { action: 'offering.publish', entityType: 'offering' },
      ctx,
    }),
  );
  return adminOffering(db, id);
}

/** cancels a locked date (the editor's version, or the date's own when its awarding event is cancelled) and its enrolments */
export async function cancelOfferingInTx(tx: Tx, o: OfferingRow, reason: string, ctx: Ctx, version = o.version) {
  const now = new Date();
  await stateChange({
    table: offerings,
    id: o.id,
    version,
    load: async () => o,
    check: (old) => {
      if (old.state === 'cancelled') throw fail('programme.offering_already_cancelled');
    },
    values: { state: 'cancelled', cancelReason: reason, cancelledAt: now },
    audit: { action: 'offering.cancel', entityType: 'offering', context: { reason } },
    ctx,
  })(tx);
  const live = await tx
    .update(offeringEnrolments)
    .set({
      state: 'cancelled',
      cancelledAt: now,
      cancelledBy: ctx.actorUserId,
      cancelledByAdmin: true,
      cancelReason: reason,
      ...stamp(offeringEnrolments, ctx.actorUserId, now),
    })
    .where(and(eq(offeringEnrolments.offeringId, o.id), inArray(offeringEnrolments.state, ['confirmed', 'waitlisted'])))
    .returning();
  const cache = new Map<number, Recipient[]>();
  const labels = new Map<number, string>();
  for (const e of live) {
    await audit(tx, {
      ...ctx,
      action: 'offering_enrolment.cancel_with_offering',
      entityType: 'offering_enrolment',
      entityId: e.id,
      after: { state: 'cancelled', offeringId: o.id, facilityId: e.facilityId, personId: e.personId, reason },
    });
    if (!labels.has(e.facilityId)) labels.set(e.facilityId, (await findActiveFacility(tx, e.facilityId))?.label ?? '');
    const [person] = await staffOfFacility(tx, e.facilityId, [e.personId], { includeRemoved: true });
    if (person)
      await mailBooking(
        tx,
        offeringCancelledTemplate,
        e.facilityId,
        person,
        mailDataOf(o, e, person, labels.get(e.facilityId)!, { reason, byAdmin: true }),
        'exempt',
        cache,
      );
  }
}

export async function cancelOffering(db: Db, id: number, input: { version: number; reason: string }, ctx: Ctx): Promise<AdminOffering> {
  await inBookingTx(db, async (tx) => cancelOfferingInTx(tx, await lockOffering(id)(tx), input.reason, ctx, input.version));
  return adminOffering(db, id);
}

/** a new draft with the same data (title, dates, place, capacity …), no enrolments */
export async function copyOffering(db: Db, id: number, ctx: Ctx): Promise<AdminOffering> {
  const newId = await db.transaction(async (tx) => {
    const [o] = await tx.select().from(offerings).where(eq(offerings.id, id));
    if (!o) throw notFoundError();
    const {
      id: _id,
      state: _s,
      cancelReason: _c,
      cancelledAt: _ca,
      createdAt: _cr,
      updatedAt: _u,
      version: _v,
      createdBy: _cb,
      updatedBy: _ub,
      ...data
    } = o;
    const [row] = await tx
      .insert(offerings)
      .values({ ...data, state: 'draft', createdBy: ctx.actorUserId, updatedBy: ctx.actorUserId })
      .returning();
    await audit(tx, { ...ctx, action: 'offering.copy', entityType: 'offering', entityId: row!.id, after: { ...auditable(row!), copiedFrom: id } });
    return row!.id;
  });
  return adminOffering(db, newId);
}
