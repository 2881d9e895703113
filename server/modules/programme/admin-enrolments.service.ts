import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AdminEnrolment, enrolmentActionInputSchema } from '../../../src/shared/contracts/admin-programme';
import type { Db, Tx } from '../../db/client';
import { fail } from '../../lib/http-error';
import { notFoundError } from '../../lib/record-helpers';
import { stamp } from '../../lib/versioned-update';
import { audit, type Ctx } from '../audit/audit';
import { findActiveFacility } from '../facilities/facility-scope';
import { staffOfFacility } from '../persons/person-scope';
import { adminEnrolments } from './admin-enrolments.list';
import { book } from './booking';
import { cancelInTx, promoteOne } from './booking-cancel';
import { inBookingTx, lockOfferings, seatsTaken, waitlistPositions } from './booking-tx';
import { mailDataOf } from './programme.mails';
import { bookingConfirmedTemplate, bookingWaitlistedTemplate, mailBooking } from './programme.mails';
import { offeringEnrolments } from './programme.table';

/** The admin side of the season's programme: the enrolments of a date (on behalf, confirm, cancel, attended, move). Every action audited. */

type ActionInput = z.output<typeof enrolmentActionInputSchema>;

/**
 * Told in the action's transaction when bookings are marked attended or set back (certificates issues or withdraws
 * their Teilnahmebescheinigung: a module above programme, so app.ts passes it in, ADR 0009).
 */
export type AttendanceChanged = (tx: Tx, change: { enrolmentIds: number[]; attended: boolean }, ctx: Ctx) => Promise<void>;

export async function addOnBehalf(db: Db, offeringId: number, input: { facilityId: number; personIds: number[]; overCapacity: boolean }, ctx: Ctx) {
  return book(db, {
    facilityId: input.facilityId,
    offeringId,
    personIds: input.personIds,
    actor: ctx,
    byAdmin: true,
    overCapacity: input.overCapacity,
  });
}

/** one action on several enrolments of one offering, in one transaction (all or none) */
export async function enrolmentAction(
  db: Db,
  offeringId: number,
  input: ActionInput,
  ctx: Ctx,
  attendanceChanged?: AttendanceChanged,
): Promise<{ changed: number; items: AdminEnrolment[] }> {
  let touched: number[] = [];
  await inBookingTx(db, async (tx) => {
    const lockIds = input.action === 'move' ? [offeringId, input.targetOfferingId!] : [offeringId];
    const locked = await lockOfferings(tx, lockIds);
    const source = locked.find((o) => o.id === offeringId);
    if (!source) throw notFoundError();
    const rows = await tx
      .select()
      .from(offeringEnrolments)
      .where(and(eq(offeringEnrolments.offeringId, offeringId), inArray(offeringEnrolments.id, input.enrolmentIds)))
      .orderBy(asc(offeringEnrolments.queuedAt), asc(offeringEnrolments.id))
      .for('update');
    if (rows.length !== new Set(input.enrolmentIds).size) throw notFoundError();
    touched = rows.map((r) => r.id);
    const now = new Date();
    if (input.action === 'confirm') {
      let free = source.capacity - (await seatsTaken(tx, source.id));
      for (const e of rows) {
        if (e.state !== 'waitlisted') throw fail('programme.not_waitlisted');
        const beyond = free <= 0;
        if (beyond && !input.overCapacity) throw fail('programme.no_seat_to_confirm');
        free -= 1;
        await tx
          .update(offeringEnrolments)
          .set({ state: 'confirmed', confirmedAt: now, overCapacity: beyond, ...stamp(offeringEnrolments, ctx.actorUserId, now) })
          .where(eq(offeringEnrolments.id, e.id));
        await audit(tx, {
          ...ctx,
          action: 'offering_enrolment.confirm',
          entityType: 'offering_enrolment',
          entityId: e.id,
          before: { state: e.state },
          after: { state: 'confirmed', overCapacity: beyond, offeringId },
        });
        const facility = await findActiveFacility(tx, e.facilityId);
        const [person] = await staffOfFacility(tx, e.facilityId, [e.personId], { includeRemoved: true });
        if (person)
          await mailBooking(tx, bookingConfirmedTemplate, e.facilityId, person, mailDataOf(source, e, person, facility?.label ?? ''), 'exempt');
      }
    } else if (input.action === 'cancel') {
      for (const e of rows) await cancelInTx(tx, { enrolmentId: e.id, actor: ctx, byAdmin: true, reason: input.reason || null, now });
    } else if (input.action === 'attended') {
      // SPEC §8: from the date's start on
      if (source.startsAt > now) throw fail('programme.attendance_too_early');
      const marked: number[] = [];
      for (const e of rows) {
        if (e.state !== 'confirmed' && e.state !== 'attended') throw fail('programme.not_confirmed');
        if (e.state === 'attended') continue;
        marked.push(e.id);
        await tx
          .update(offeringEnrolments)
          .set({ state: 'attended', attendedAt: now, ...stamp(offeringEnrolments, ctx.actorUserId, now) })
          .where(eq(offeringEnrolments.id, e.id));
        await audit(tx, {
          ...ctx,
          action: 'offering_enrolment.mark_attended',
          entityType: 'offering_enrolment',
          entityId: e.id,
          before: { state: e.state },
          after: { state: 'attended', offeringId },
        });
      }
      await attendanceChanged?.(tx, { enrolmentIds: marked, attended: true }, ctx);
    } else if (input.action === 'unattend') {
      for (const e of rows) if (e.state !== 'attended') throw fail('programme.not_attended');
      for (const e of rows) {
        await tx
          .update(offeringEnrolments)
          .set({ state: 'confirmed', attendedAt: null, ...stamp(offeringEnrolments, ctx.actorUserId, now) })
          .where(eq(offeringEnrolments.id, e.id));
        await audit(tx, {
          ...ctx,
          action: 'offering_enrolment.unmark_attended',
          entityType: 'offering_enrolment',
          entityId: e.id,
          before: { state: 'attended' },
          after: { state: 'confirmed', offeringId },
        });
      }
      await attendanceChanged?.(tx, { enrolmentIds: rows.map((e) => e.id), attended: false }, ctx);
    } else {
      const target = locked.find((o) => o.id === input.targetOfferingId);
      if (!target || target.id === source.id) throw fail('programme.move_target_same');
      if (
        target.kind !== source.kind ||
        (source.kind === 'training' && target.moduleId !== source.moduleId) ||
        (source.kind === 'awarding' && target.awardingEventId !== source.awardingEventId)
      ) {
        throw fail(source.kind === 'training' ? 'programme.move_target_other_module' : 'programme.move_target_other_kind');
      }
      if (target.state === 'cancelled') throw fail('programme.move_target_cancelled');
      let free = target.capacity - (await seatsTaken(tx, target.id));
      const moved: number[] = [];
      for (const e of rows) {
        if (e.state !== 'confirmed' && e.state !== 'waitlisted') throw fail('programme.not_live');
        const [dupe] = await tx
          .select({ id: offeringEnrolments.id })
          .from(offeringEnrolments)
          .where(
            and(eq(offeringEnrolments.offeringId, target.id), eq(offeringEnrolments.personId, e.personId), ne(offeringEnrolments.state, 'cancelled')),
          );
        if (dupe) throw fail('programme.move_already_booked');
        const seat = free > 0 || input.overCapacity;
        const beyond = free <= 0 && input.overCapacity;
        if (free > 0) free -= 1;
        await tx
          .update(offeringEnrolments)
          .set({
            state: 'cancelled',
            cancelledAt: now,
            cancelledBy: ctx.actorUserId,
            cancelledByAdmin: true,
            cancelReason: `Umgebucht auf „${target.title}“`,
            ...stamp(offeringEnrolments, ctx.actorUserId, now),
          })
          .where(eq(offeringEnrolments.id, e.id));
        const [row] = await tx
          .insert(offeringEnrolments)
          .values({
            offeringId: target.id,
            facilityId: e.facilityId,
            personId: e.personId,
            state: seat ? 'confirmed' : 'waitlisted',
            queuedAt: sql`clock_timestamp()`,
            confirmedAt: seat ? now : null,
            overCapacity: beyond,
            createdBy: ctx.actorUserId,
            updatedBy: ctx.actorUserId,
          })
          .returning();
        moved.push(row!.id);
        await audit(tx, {
          ...ctx,
          action: 'offering_enrolment.move',
          entityType: 'offering_enrolment',
          entityId: e.id,
          before: { offeringId: source.id, state: e.state },
          after: { offeringId: target.id, newEnrolmentId: row!.id, state: row!.state, overCapacity: beyond },
        });
        const facility = await findActiveFacility(tx, e.facilityId);
        const [person] = await staffOfFacility(tx, e.facilityId, [e.personId], { includeRemoved: true });
        const position = seat ? null : ((await waitlistPositions(tx, target.id, [row!.id])).get(row!.id) ?? null);
        if (person)
          await mailBooking(
            tx,
            seat ? bookingConfirmedTemplate : bookingWaitlistedTemplate,
            e.facilityId,
            person,
            mailDataOf(target, row!, person, facility?.label ?? '', { waitlistPosition: position }),
            'exempt',
          );
      }
      const freed = rows.filter((r) => r.state === 'confirmed').length;
      for (let i = 0; i < freed; i++) if (!(await promoteOne(tx, source, ctx))) break;
      touched = moved;
    }
  });
  const items = await adminEnrolments(db, inArray(offeringEnrolments.id, touched));
  return { changed: touched.length, items };
}
