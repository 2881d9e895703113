import { and, eq, sql } from 'drizzle-orm';
import { type Db, type DbOrTx, type Tx } from '../../db/client';
import { fail } from '../../lib/http-error';
import { stamp } from '../../lib/versioned-update';
import { notFoundError } from '../../lib/record-helpers';
import { audit, type Ctx } from '../audit/audit';
import { findActiveFacility } from '../facilities/facility-scope';
import { staffOfFacility } from '../persons/person-scope';
import { inBookingTx, lockOfferings, seatsTaken } from './booking-tx';
import { bookingCancelledTemplate, bookingPromotedTemplate, mailBooking, mailDataOf } from './programme.mails';
import { offeringEnrolments, type OfferingEnrolmentRow, type OfferingRow } from './programme.table';

/* A booking cancelled, and the one waiting entry that moves up into the freed seat (issue 11). */

export type CancelArgs = { enrolmentId: number; actor: Ctx; byAdmin: boolean; reason?: string | null; facilityId?: number; now?: Date };

/**
 * Cancels one enrolment (a KiTa's own: `facilityId` given, not after the start); if it held a seat, exactly one
 * waiting entry moves up in the same transaction.
 */
export async function cancelEnrolment(db: Db, a: CancelArgs): Promise<OfferingEnrolmentRow> {
  // a KiTa's own cancellation takes the KiTa's lock first, like its bookings: its mails count one after the other
  // under the mail budget, and the lock order (KiTa, then offering) is the booking's
  return inBookingTx(db, (tx) => cancelInTx(tx, a), a.byAdmin || a.facilityId === undefined ? {} : { facilityLock: a.facilityId });
}

export async function cancelInTx(tx: Tx, a: CancelArgs): Promise<OfferingEnrolmentRow> {
  const now = a.now ?? new Date();
  const [peek] = await tx
    .select({ offeringId: offeringEnrolments.offeringId, facilityId: offeringEnrolments.facilityId })
    .from(offeringEnrolments)
    .where(eq(offeringEnrolments.id, a.enrolmentId));
  if (!peek || (a.facilityId !== undefined && peek.facilityId !== a.facilityId)) throw notFoundError();
  const [offering] = await lockOfferings(tx, [peek.offeringId]);
  const [row] = await tx.select().from(offeringEnrolments).where(eq(offeringEnrolments.id, a.enrolmentId)).for('update');
  if (!row || !offering) throw notFoundError();
  if (row.state === 'cancelled') throw fail('programme.enrolment_already_cancelled');
  if (row.state === 'attended') throw fail('programme.attended_cannot_cancel');
  if (!a.byAdmin && now >= offering.startsAt) throw fail('programme.offering_started');
  const [updated] = (await tx
    .update(offeringEnrolments)
    .set({
      state: 'cancelled',
      cancelledAt: now,
      cancelledBy: a.actor.actorUserId,
      cancelledByAdmin: a.byAdmin,
      cancelReason: a.reason || null,
      ...stamp(offeringEnrolments, a.actor.actorUserId, now),
    })
    .where(eq(offeringEnrolments.id, row.id))
    .returning()) as [OfferingEnrolmentRow];
  await audit(tx, {
    ...a.actor,
    action: a.byAdmin ? 'offering_enrolment.cancel_by_admin' : 'offering_enrolment.cancel',
    entityType: 'offering_enrolment',
    entityId: row.id,
    before: { state: row.state },
    after: { state: 'cancelled', offeringId: row.offeringId, facilityId: row.facilityId, personId: row.personId, reason: a.reason || null },
  });
  const facility = await findActiveFacility(tx, row.facilityId);
  const [person] = await staffOfFacility(tx, row.facilityId, [row.personId], { includeRemoved: true });
  if (person) {
    await mailBooking(
      tx,
      bookingCancelledTemplate,
      row.facilityId,
      person,
      mailDataOf(offering, row, person, facility?.label ?? '', { reason: a.reason || null, byAdmin: a.byAdmin }),
      a.byAdmin ? 'exempt' : { facilityId: row.facilityId },
    );
  }
  if (row.state === 'confirmed' && offering.state !== 'cancelled') await promoteOne(tx, offering, a.actor);
  return updated;
}

/**
 * Moves exactly one waiting entry up if a seat is free (recounted; the caller holds the offering's lock): the oldest
 * by (queued_at, id), but entries of KiTas without any seat in that module (trainings) or that offering first.
 */
export async function promoteOne(tx: DbOrTx, offering: OfferingRow, actor: Ctx): Promise<OfferingEnrolmentRow | null> {
  if ((await seatsTaken(tx, offering.id)) >= offering.capacity) return null;
  const seatScope =
    offering.kind === 'training' && offering.moduleId !== null
      ? sql`exists (select 1 from offering_enrolments s join offerings so on so.id = s.offering_id
          where so.module_id = ${offering.moduleId} and s.facility_id = w.facility_id and s.state in ('confirmed', 'attended'))`
      : sql`exists (select 1 from offering_enrolments s where s.offering_id = ${offering.id} and s.facility_id = w.facility_id and s.state in ('confirmed', 'attended'))`;
  const res = (await tx.execute(sql`
    select w.id from offering_enrolments w
    where w.offering_id = ${offering.id} and w.state = 'waitlisted'
    order by (${seatScope}) asc, w.queued_at asc, w.id asc
    limit 1 for update`)) as unknown as { rows: { id: number }[] };
  const pick = res.rows[0];
  if (!pick) return null;
  const now = new Date();
  const [row] = (await tx
    .update(offeringEnrolments)
    .set({ state: 'confirmed', confirmedAt: now, ...stamp(offeringEnrolments, actor.actorUserId, now) })
    .where(and(eq(offeringEnrolments.id, Number(pick.id)), eq(offeringEnrolments.state, 'waitlisted')))
    .returning()) as [OfferingEnrolmentRow | undefined];
  if (!row) return null;
  await audit(tx, {
    ...actor,
    action: 'offering_enrolment.promote',
    entityType: 'offering_enrolment',
    entityId: row.id,
    before: { state: 'waitlisted' },
    after: { state: 'confirmed', offeringId: offering.id, facilityId: row.facilityId, personId: row.personId },
  });
  const facility = await findActiveFacility(tx, row.facilityId);
  const [person] = await staffOfFacility(tx, row.facilityId, [row.personId], { includeRemoved: true });
  // the promoted KiTa did not act: counted against the recipient only
  if (person)
    await mailBooking(tx, bookingPromotedTemplate, row.facilityId, person, mailDataOf(offering, row, person, facility?.label ?? ''), 'recipient');
  return row;
}
