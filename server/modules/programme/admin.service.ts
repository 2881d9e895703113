import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  AdminAwardingEvent,
  AdminEnrolment,
  AdminOffering,
  TrainingModule,
  awardingEventInputSchema,
  enrolmentActionInputSchema,
  offeringInputSchema,
  trainingModuleInputSchema,
} from '../../../src/shared/contracts/admin-programme';
import type { Db, DbOrTx, Tx } from '../../db/client';
import { httpError } from '../../lib/http-error';
import { changes, conflictError, iso, isoOrNull, notFoundError } from '../../lib/record-helpers';
import { audit, type Ctx } from '../audit/audit';
import { facilityExists, findActiveFacility } from '../facilities/facility-scope';
import { staffOfFacility } from '../persons/person-scope';
import { seasonsRepository } from '../seasons/seasons.repository';
import { adminEnrolments, adminOffering } from './admin-lists';
import { book, cancelInTx, inBookingTx, lockOfferings, mailDataOf, promoteOne, seatsTaken, waitlistPositions } from './booking';
import { bookingConfirmedTemplate, bookingWaitlistedTemplate, mailBooking, offeringCancelledTemplate } from './programme.mails';
import { awardingEvents, offeringEnrolments, offerings, trainingModules, type AwardingEventRow, type OfferingRow, type TrainingModuleRow } from './programme.table';

/** The admin side of the season's programme (issue 11): modules, awarding events, dates, enrolments. Every write audited. */

type ModuleInput = z.output<typeof trainingModuleInputSchema>;
type EventInput = z.output<typeof awardingEventInputSchema>;
type OfferingInput = z.output<typeof offeringInputSchema>;
type ActionInput = z.output<typeof enrolmentActionInputSchema>;

const d = (s: string | null) => (s ? new Date(s) : null);
const bad = (field: string, message: string) => httpError(400, 'validation_failed', 'Bitte prüfe deine Eingaben.', { [field]: message });

async function requireSeason(db: DbOrTx, seasonId: number) {
  const season = await seasonsRepository({ db }).byId(seasonId);
  if (!season) throw bad('seasonId', 'Dieses KiTa-Jahr gibt es nicht.');
  return season;
}

// ---------------------------------------------------------------------------------------------------------------
// training modules

// qualified by hand: drizzle renders a one-table select's columns unqualified, and inside the subquery "id" would bind to x.id
const eventCount = sql<number>`(select count(*)::int from offerings x where x.module_id = "training_modules"."id")`;

function toModule(m: TrainingModuleRow, events: number): TrainingModule {
  return {
    id: m.id,
    seasonId: m.seasonId,
    title: m.title,
    description: m.description,
    targetGroup: m.targetGroup,
    maxPerFacilityPerEvent: m.maxPerFacilityPerEvent,
    maxPerFacilityPerModule: m.maxPerFacilityPerModule,
    eventCount: Number(events),
    updatedAt: iso(m.updatedAt),
    version: m.version,
  };
}

export async function listModules(db: DbOrTx, seasonId?: number) {
  const rows = await db
    .select({ m: trainingModules, n: eventCount })
    .from(trainingModules)
    .where(seasonId ? eq(trainingModules.seasonId, seasonId) : undefined)
    .orderBy(asc(trainingModules.seasonId), asc(trainingModules.title), asc(trainingModules.id));
  return { items: rows.map((r) => toModule(r.m, r.n)) };
}

async function moduleById(db: DbOrTx, id: number) {
  const [row] = await db.select({ m: trainingModules, n: eventCount }).from(trainingModules).where(eq(trainingModules.id, id));
  if (!row) throw notFoundError();
  return toModule(row.m, row.n);
}

const moduleFields = (m: ModuleInput) => ({
  seasonId: m.seasonId,
  title: m.title,
  description: m.description,
  targetGroup: m.targetGroup,
  maxPerFacilityPerEvent: m.maxPerFacilityPerEvent,
  maxPerFacilityPerModule: m.maxPerFacilityPerModule,
});

export async function createModule(db: Db, input: ModuleInput, ctx: Ctx) {
  const id = await db.transaction(async (tx) => {
    await requireSeason(tx, input.seasonId);
    const [row] = await tx.insert(trainingModules).values({ ...moduleFields(input), createdBy: ctx.actorUserId, updatedBy: ctx.actorUserId }).returning();
    await audit(tx, { ...ctx, action: 'training_module.create', entityType: 'training_module', entityId: row!.id, after: moduleFields(input) });
    return row!.id;
  });
  return moduleById(db, id);
}

export async function updateModule(db: Db, id: number, input: ModuleInput & { version: number }, ctx: Ctx) {
  await db.transaction(async (tx) => {
    const [old] = await tx.select().from(trainingModules).where(eq(trainingModules.id, id)).for('update');
    if (!old) throw notFoundError();
    if (old.version !== input.version) throw conflictError();
    if (old.seasonId !== input.seasonId) {
      const [used] = await tx.select({ id: offerings.id }).from(offerings).where(eq(offerings.moduleId, id)).limit(1);
      if (used) throw bad('seasonId', 'Das KiTa-Jahr eines Moduls mit Terminen lässt sich nicht ändern.');
      await requireSeason(tx, input.seasonId);
    }
    await tx
      .update(trainingModules)
      .set({ ...moduleFields(input), updatedAt: new Date(), updatedBy: ctx.actorUserId, version: sql`${trainingModules.version} + 1` })
      .where(eq(trainingModules.id, id));
    const diff = changes(moduleFields({ ...old, description: old.description, targetGroup: old.targetGroup } as ModuleInput), moduleFields(input));
    await audit(tx, { ...ctx, action: 'training_module.update', entityType: 'training_module', entityId: id, before: diff.before, after: diff.after });
  });
  return moduleById(db, id);
}

export async function deleteModule(db: Db, id: number, version: number | undefined, ctx: Ctx) {
  await db.transaction(async (tx) => {
    const [old] = await tx.select().from(trainingModules).where(eq(trainingModules.id, id)).for('update');
    if (!old) throw notFoundError();
    if (version !== undefined && old.version !== version) throw conflictError();
    const [used] = await tx.select({ id: offerings.id }).from(offerings).where(eq(offerings.moduleId, id)).limit(1);
    if (used) throw httpError(409, 'module_has_events', 'Dieses Modul hat Termine. Lösche oder verschiebe zuerst die Termine.');
    await tx.delete(trainingModules).where(eq(trainingModules.id, id));
    await audit(tx, { ...ctx, action: 'training_module.delete', entityType: 'training_module', entityId: id, before: moduleFields(old as unknown as ModuleInput) });
  });
}

// ---------------------------------------------------------------------------------------------------------------
// awarding events

const eventCounts = {
  workshops: sql<number>`(select count(*)::int from offerings x where x.awarding_event_id = "awarding_events"."id")`,
  attendees: sql<number>`(select count(distinct e.person_id)::int from offering_enrolments e join offerings x on x.id = e.offering_id
    where x.awarding_event_id = "awarding_events"."id" and e.state in ('confirmed', 'waitlisted', 'attended'))`,
  facilities: sql<number>`(select count(distinct e.facility_id)::int from offering_enrolments e join offerings x on x.id = e.offering_id
    where x.awarding_event_id = "awarding_events"."id" and e.state in ('confirmed', 'waitlisted', 'attended'))`,
};

function toEvent(e: AwardingEventRow, c: { workshops: number; attendees: number; facilities: number }): AdminAwardingEvent {
  return {
    id: e.id,
    seasonId: e.seasonId,
    title: e.title,
    description: e.description,
    startsAt: iso(e.startsAt),
    endsAt: iso(e.endsAt),
    place: e.place,
    region: e.region,
    maxAttendeesPerFacility: e.maxAttendeesPerFacility,
    registrationOpensAt: isoOrNull(e.registrationOpensAt),
    registrationClosesAt: isoOrNull(e.registrationClosesAt),
    state: e.state,
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
  const [row] = await db.select({ e: awardingEvents, ...eventCounts }).from(awardingEvents).where(eq(awardingEvents.id, id));
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
const eventAudit = (e: ReturnType<typeof eventFields>) => ({ ...e, startsAt: iso(e.startsAt), endsAt: iso(e.endsAt), registrationOpensAt: isoOrNull(e.registrationOpensAt), registrationClosesAt: isoOrNull(e.registrationClosesAt) });

export async function createAwardingEvent(db: Db, input: EventInput, ctx: Ctx) {
  const id = await db.transaction(async (tx) => {
    await requireSeason(tx, input.seasonId);
    const [row] = await tx.insert(awardingEvents).values({ ...eventFields(input), createdBy: ctx.actorUserId, updatedBy: ctx.actorUserId }).returning();
    await audit(tx, { ...ctx, action: 'awarding_event.create', entityType: 'awarding_event', entityId: row!.id, after: eventAudit(eventFields(input)) });
    return row!.id;
  });
  return awardingEventById(db, id);
}

export async function updateAwardingEvent(db: Db, id: number, input: EventInput & { version: number }, ctx: Ctx) {
  await db.transaction(async (tx) => {
    const [old] = await tx.select().from(awardingEvents).where(eq(awardingEvents.id, id)).for('update');
    if (!old) throw notFoundError();
    if (old.version !== input.version) throw conflictError();
    if (old.seasonId !== input.seasonId) throw bad('seasonId', 'Das KiTa-Jahr einer Auszeichnungsveranstaltung lässt sich nicht ändern.');
    const next = eventFields(input);
    await tx.update(awardingEvents).set({ ...next, updatedAt: new Date(), updatedBy: ctx.actorUserId, version: sql`${awardingEvents.version} + 1` }).where(eq(awardingEvents.id, id));
    const diff = changes(eventAudit(eventFields({ ...old, startsAt: iso(old.startsAt), endsAt: iso(old.endsAt), registrationOpensAt: isoOrNull(old.registrationOpensAt), registrationClosesAt: isoOrNull(old.registrationClosesAt) } as unknown as EventInput)), eventAudit(next));
    await audit(tx, { ...ctx, action: 'awarding_event.update', entityType: 'awarding_event', entityId: id, before: diff.before, after: diff.after });
  });
  return awardingEventById(db, id);
}

export async function publishAwardingEvent(db: Db, id: number, version: number, ctx: Ctx) {
  await db.transaction(async (tx) => {
    const [old] = await tx.select().from(awardingEvents).where(eq(awardingEvents.id, id)).for('update');
    if (!old) throw notFoundError();
    if (old.version !== version) throw conflictError();
    if (old.state !== 'draft') throw httpError(409, 'not_draft', 'Nur ein Entwurf kann veröffentlicht werden.');
    await tx.update(awardingEvents).set({ state: 'published', updatedAt: new Date(), updatedBy: ctx.actorUserId, version: sql`${awardingEvents.version} + 1` }).where(eq(awardingEvents.id, id));
    await audit(tx, { ...ctx, action: 'awarding_event.publish', entityType: 'awarding_event', entityId: id, before: { state: old.state }, after: { state: 'published' } });
  });
  return awardingEventById(db, id);
}

/** cancels the event and every workshop of it (their participants are mailed) */
export async function cancelAwardingEvent(db: Db, id: number, input: { version: number; reason: string }, ctx: Ctx) {
  await inBookingTx(db, async (tx) => {
    const [old] = await tx.select().from(awardingEvents).where(eq(awardingEvents.id, id)).for('update');
    if (!old) throw notFoundError();
    if (old.version !== input.version) throw conflictError();
    if (old.state === 'cancelled') throw httpError(409, 'already_cancelled', 'Diese Veranstaltung ist schon abgesagt.');
    await tx.update(awardingEvents).set({ state: 'cancelled', updatedAt: new Date(), updatedBy: ctx.actorUserId, version: sql`${awardingEvents.version} + 1` }).where(eq(awardingEvents.id, id));
    await audit(tx, { ...ctx, action: 'awarding_event.cancel', entityType: 'awarding_event', entityId: id, before: { state: old.state }, after: { state: 'cancelled', reason: input.reason } });
    const workshops = await tx.select({ id: offerings.id }).from(offerings).where(and(eq(offerings.awardingEventId, id), ne(offerings.state, 'cancelled')));
    for (const w of await lockOfferings(tx, workshops.map((x) => x.id))) await cancelOfferingInTx(tx, w, input.reason, ctx);
  });
  return awardingEventById(db, id);
}

// ---------------------------------------------------------------------------------------------------------------
// offerings

async function checkParents(tx: DbOrTx, input: OfferingInput) {
  await requireSeason(tx, input.seasonId);
  if (input.kind === 'training') {
    const [m] = await tx.select().from(trainingModules).where(eq(trainingModules.id, input.moduleId!));
    if (!m || m.seasonId !== input.seasonId) throw bad('moduleId', 'Bitte wähle ein Modul dieses KiTa-Jahres.');
  }
  if (input.kind === 'hospitation' && !(await facilityExists(tx, input.hostFacilityId!))) throw bad('hostFacilityId', 'Diese KiTa gibt es nicht.');
  if (input.kind === 'awarding') {
    const [e] = await tx.select().from(awardingEvents).where(eq(awardingEvents.id, input.awardingEventId!));
    if (!e || e.seasonId !== input.seasonId) throw bad('awardingEventId', 'Bitte wähle eine Auszeichnungsveranstaltung dieses KiTa-Jahres.');
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
  for (const k of ['kind', 'seasonId', 'moduleId', 'hostFacilityId', 'awardingEventId', 'title', 'description', 'startsAt', 'endsAt', 'place', 'onlineUrl', 'region', 'capacity', 'registrationOpensAt', 'registrationClosesAt', 'reminderDays'] as const) {
    const v = o[k];
    out[k] = v instanceof Date ? v.toISOString() : (v ?? null);
  }
  return out;
};

export async function createOffering(db: Db, input: OfferingInput, ctx: Ctx): Promise<AdminOffering> {
  const id = await db.transaction(async (tx) => {
    await checkParents(tx, input);
    const [row] = await tx.insert(offerings).values({ ...offeringFields(input), createdBy: ctx.actorUserId, updatedBy: ctx.actorUserId }).returning();
    await audit(tx, { ...ctx, action: 'offering.create', entityType: 'offering', entityId: row!.id, after: auditable(row!) });
    return row!.id;
  });
  return adminOffering(db, id);
}

/** a change of capacity moves waiting entries up into new seats, in the same transaction */
export async function updateOffering(db: Db, id: number, input: OfferingInput & { version: number }, ctx: Ctx): Promise<AdminOffering> {
  await inBookingTx(db, async (tx) => {
    const [old] = await lockOfferings(tx, [id]);
    if (!old) throw notFoundError();
    if (old.version !== input.version) throw conflictError();
    if (old.kind !== input.kind) throw bad('kind', 'Die Art eines Termins lässt sich nicht ändern.');
    await checkParents(tx, input);
    const [row] = await tx
      .update(offerings)
      .set({ ...offeringFields(input), updatedAt: new Date(), updatedBy: ctx.actorUserId, version: sql`${offerings.version} + 1` })
      .where(eq(offerings.id, id))
      .returning();
    const diff = changes(auditable(old), auditable(row!));
    await audit(tx, { ...ctx, action: 'offering.update', entityType: 'offering', entityId: id, before: diff.before, after: diff.after });
    if (row!.state === 'published') while (await promoteOne(tx, row!, ctx)) {
      // one seat at a time, each with its mail and audit entry
    }
  });
  return adminOffering(db, id);
}

export async function publishOffering(db: Db, id: number, version: number, ctx: Ctx): Promise<AdminOffering> {
  await inBookingTx(db, async (tx) => {
    const [old] = await lockOfferings(tx, [id]);
    if (!old) throw notFoundError();
    if (old.version !== version) throw conflictError();
    if (old.state !== 'draft') throw httpError(409, 'not_draft', 'Nur ein Entwurf kann veröffentlicht werden.');
    await tx.update(offerings).set({ state: 'published', updatedAt: new Date(), updatedBy: ctx.actorUserId, version: sql`${offerings.version} + 1` }).where(eq(offerings.id, id));
    await audit(tx, { ...ctx, action: 'offering.publish', entityType: 'offering', entityId: id, before: { state: old.state }, after: { state: 'published' } });
  });
  return adminOffering(db, id);
}

async function cancelOfferingInTx(tx: Tx, o: OfferingRow, reason: string, ctx: Ctx) {
  const now = new Date();
  await tx
    .update(offerings)
    .set({ state: 'cancelled', cancelReason: reason, cancelledAt: now, updatedAt: now, updatedBy: ctx.actorUserId, version: sql`${offerings.version} + 1` })
    .where(eq(offerings.id, o.id));
  await audit(tx, { ...ctx, action: 'offering.cancel', entityType: 'offering', entityId: o.id, before: { state: o.state }, after: { state: 'cancelled', reason } });
  const live = await tx
    .update(offeringEnrolments)
    .set({ state: 'cancelled', cancelledAt: now, cancelledBy: ctx.actorUserId, cancelledByAdmin: true, cancelReason: reason, updatedAt: now, updatedBy: ctx.actorUserId, version: sql`${offeringEnrolments.version} + 1` })
    .where(and(eq(offeringEnrolments.offeringId, o.id), inArray(offeringEnrolments.state, ['confirmed', 'waitlisted'])))
    .returning();
  const cache = new Map<number, string[]>();
  const labels = new Map<number, string>();
  for (const e of live) {
    await audit(tx, { ...ctx, action: 'offering_enrolment.cancel_with_offering', entityType: 'offering_enrolment', entityId: e.id, after: { state: 'cancelled', offeringId: o.id, facilityId: e.facilityId, personId: e.personId, reason } });
    if (!labels.has(e.facilityId)) labels.set(e.facilityId, (await findActiveFacility(tx, e.facilityId))?.label ?? '');
    const [person] = await staffOfFacility(tx, e.facilityId, [e.personId], { includeRemoved: true });
    if (person) await mailBooking(tx, offeringCancelledTemplate, e.facilityId, person.email, mailDataOf(o, e, person, labels.get(e.facilityId)!, { reason, byAdmin: true }), cache);
  }
}

export async function cancelOffering(db: Db, id: number, input: { version: number; reason: string }, ctx: Ctx): Promise<AdminOffering> {
  await inBookingTx(db, async (tx) => {
    const [old] = await lockOfferings(tx, [id]);
    if (!old) throw notFoundError();
    if (old.version !== input.version) throw conflictError();
    if (old.state === 'cancelled') throw httpError(409, 'already_cancelled', 'Dieser Termin ist schon abgesagt.');
    await cancelOfferingInTx(tx, old, input.reason, ctx);
  });
  return adminOffering(db, id);
}

/** a new draft with the same data (title, dates, place, capacity …), no enrolments */
export async function copyOffering(db: Db, id: number, ctx: Ctx): Promise<AdminOffering> {
  const newId = await db.transaction(async (tx) => {
    const [o] = await tx.select().from(offerings).where(eq(offerings.id, id));
    if (!o) throw notFoundError();
    const { id: _id, state: _s, cancelReason: _c, cancelledAt: _ca, createdAt: _cr, updatedAt: _u, version: _v, createdBy: _cb, updatedBy: _ub, ...data } = o;
    const [row] = await tx.insert(offerings).values({ ...data, state: 'draft', createdBy: ctx.actorUserId, updatedBy: ctx.actorUserId }).returning();
    await audit(tx, { ...ctx, action: 'offering.copy', entityType: 'offering', entityId: row!.id, after: { ...auditable(row!), copiedFrom: id } });
    return row!.id;
  });
  return adminOffering(db, newId);
}

// ---------------------------------------------------------------------------------------------------------------
// enrolments

export async function addOnBehalf(db: Db, offeringId: number, input: { facilityId: number; personIds: number[]; overCapacity: boolean }, ctx: Ctx) {
  return book(db, { facilityId: input.facilityId, offeringId, personIds: input.personIds, actor: ctx, byAdmin: true, overCapacity: input.overCapacity });
}

const adminConflict = (message: string) => httpError(409, 'no_seat', message);

/** one action on several enrolments of one offering, in one transaction (all or none) */
export async function enrolmentAction(db: Db, offeringId: number, input: ActionInput, ctx: Ctx): Promise<{ changed: number; items: AdminEnrolment[] }> {
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
        if (e.state !== 'waitlisted') throw httpError(409, 'not_waitlisted', 'Bestätigen lassen sich nur Anmeldungen auf der Warteliste.');
        const beyond = free <= 0;
        if (beyond && !input.overCapacity) throw adminConflict('Es ist kein Platz frei. Zum Bestätigen über die Kapazität hinaus setze „Über die Kapazität hinaus“.');
        free -= 1;
        await tx.update(offeringEnrolments).set({ state: 'confirmed', confirmedAt: now, overCapacity: beyond, updatedAt: now, updatedBy: ctx.actorUserId, version: sql`${offeringEnrolments.version} + 1` }).where(eq(offeringEnrolments.id, e.id));
        await audit(tx, { ...ctx, action: 'offering_enrolment.confirm', entityType: 'offering_enrolment', entityId: e.id, before: { state: e.state }, after: { state: 'confirmed', overCapacity: beyond, offeringId } });
        const facility = await findActiveFacility(tx, e.facilityId);
        const [person] = await staffOfFacility(tx, e.facilityId, [e.personId], { includeRemoved: true });
        if (person) await mailBooking(tx, bookingConfirmedTemplate, e.facilityId, person.email, mailDataOf(source, e, person, facility?.label ?? ''));
      }
    } else if (input.action === 'cancel') {
      for (const e of rows) await cancelInTx(tx, { enrolmentId: e.id, actor: ctx, byAdmin: true, reason: input.reason || null, now });
    } else if (input.action === 'attended') {
      for (const e of rows) {
        if (e.state !== 'confirmed' && e.state !== 'attended') throw httpError(409, 'not_confirmed', 'Als teilgenommen markieren lassen sich nur bestätigte Anmeldungen.');
        if (e.state === 'attended') continue;
        await tx.update(offeringEnrolments).set({ state: 'attended', attendedAt: now, updatedAt: now, updatedBy: ctx.actorUserId, version: sql`${offeringEnrolments.version} + 1` }).where(eq(offeringEnrolments.id, e.id));
        await audit(tx, { ...ctx, action: 'offering_enrolment.attended', entityType: 'offering_enrolment', entityId: e.id, before: { state: e.state }, after: { state: 'attended', offeringId } });
      }
    } else {
      const target = locked.find((o) => o.id === input.targetOfferingId);
      if (!target || target.id === source.id) throw bad('targetOfferingId', 'Bitte wähle einen anderen Termin.');
      if (target.kind !== source.kind || (source.kind === 'training' && target.moduleId !== source.moduleId) || (source.kind === 'awarding' && target.awardingEventId !== source.awardingEventId)) {
        throw bad('targetOfferingId', source.kind === 'training' ? 'Bitte wähle einen Termin desselben Moduls.' : 'Bitte wähle einen Termin derselben Art.');
      }
      if (target.state === 'cancelled') throw httpError(409, 'offering_cancelled', 'Der neue Termin wurde abgesagt.');
      let free = target.capacity - (await seatsTaken(tx, target.id));
      const moved: number[] = [];
      for (const e of rows) {
        if (e.state !== 'confirmed' && e.state !== 'waitlisted') throw httpError(409, 'not_live', 'Verschieben lassen sich nur bestätigte Anmeldungen und solche auf der Warteliste.');
        const [dupe] = await tx.select({ id: offeringEnrolments.id }).from(offeringEnrolments).where(and(eq(offeringEnrolments.offeringId, target.id), eq(offeringEnrolments.personId, e.personId), ne(offeringEnrolments.state, 'cancelled')));
        if (dupe) throw httpError(409, 'already_booked', 'Eine der Personen ist für den neuen Termin schon angemeldet.');
        const seat = free > 0 || input.overCapacity;
        const beyond = free <= 0 && input.overCapacity;
        if (free > 0) free -= 1;
        await tx
          .update(offeringEnrolments)
          .set({ state: 'cancelled', cancelledAt: now, cancelledBy: ctx.actorUserId, cancelledByAdmin: true, cancelReason: `Umgebucht auf „${target.title}“`, updatedAt: now, updatedBy: ctx.actorUserId, version: sql`${offeringEnrolments.version} + 1` })
          .where(eq(offeringEnrolments.id, e.id));
        const [row] = await tx
          .insert(offeringEnrolments)
          .values({ offeringId: target.id, facilityId: e.facilityId, personId: e.personId, state: seat ? 'confirmed' : 'waitlisted', queuedAt: sql`clock_timestamp()`, confirmedAt: seat ? now : null, overCapacity: beyond, createdBy: ctx.actorUserId, updatedBy: ctx.actorUserId })
          .returning();
        moved.push(row!.id);
        await audit(tx, { ...ctx, action: 'offering_enrolment.move', entityType: 'offering_enrolment', entityId: e.id, before: { offeringId: source.id, state: e.state }, after: { offeringId: target.id, newEnrolmentId: row!.id, state: row!.state, overCapacity: beyond } });
        const facility = await findActiveFacility(tx, e.facilityId);
        const [person] = await staffOfFacility(tx, e.facilityId, [e.personId], { includeRemoved: true });
        const position = seat ? null : ((await waitlistPositions(tx, target.id, [row!.id])).get(row!.id) ?? null);
        if (person) await mailBooking(tx, seat ? bookingConfirmedTemplate : bookingWaitlistedTemplate, e.facilityId, person.email, mailDataOf(target, row!, person, facility?.label ?? '', { waitlistPosition: position }));
      }
      const freed = rows.filter((r) => r.state === 'confirmed').length;
      for (let i = 0; i < freed; i++) if (!(await promoteOne(tx, source, ctx))) break;
      touched = moved;
    }
  });
  const items = await adminEnrolments(db, inArray(offeringEnrolments.id, touched));
  return { changed: touched.length, items };
}
