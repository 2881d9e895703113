import { and, asc, eq, ne } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { auditMany, type AuditEntry, type Ctx } from '../audit/audit';
import { awardingEvents, offerings, trainingModules } from './programme.table';

export type CopyKind = 'training_module' | 'awarding_event' | 'offering';
/** a source record already copied to the target season: `${kind}:${sourceId}` → the copy's id */
export type DoneCopies = ReadonlyMap<string, number>;
export type MadeCopy = { kind: CopyKind; sourceId: number; targetId: number };
export type MovedExample = { kind: 'training' | 'hospitation' | 'awarding' | 'awarding_event'; title: string; from: string; to: string };

const zero = () => ({ offerings: 0, awardingEvents: 0, workshops: 0, modules: 0 });
const key = (kind: CopyKind, id: number) => `${kind}:${id}`;

/**
 * "Nächstes KiTa-Jahr vorbereiten" (issue 38, SPEC §9), the programme's part: the season's training modules, awarding
 * events and dates (trainings, hospitations, workshops) that are not cancelled become drafts of the target season,
 * every date and registration window moved by `move` (the caller's rule: 52 weeks in Berlin wall-clock time), a
 * missing window stays missing; capacities, places, regions, modules and hosts kept; no enrolments. What `done` names
 * is not copied again (counted as skipped). With `dryRun` nothing is written and the counts say what would be.
 */
export async function copyProgrammeToSeason(
  tx: Tx,
  opts: { fromSeasonId: number; toSeasonId: number; move: (at: Date) => Date; done: DoneCopies; dryRun: boolean; ctx: Ctx },
) {
  const { move, done, dryRun, ctx } = opts;
  const created = zero();
  const skipped = zero();
  const copies: MadeCopy[] = [];
  const examples: MovedExample[] = [];
  const audits: AuditEntry[] = [];
  const moveOrNull = (at: Date | null) => (at === null ? null : move(at));
  const ids = new Map(done);
  const made = (kind: CopyKind, sourceId: number, targetId: number) => {
    ids.set(key(kind, sourceId), targetId);
    if (!dryRun) copies.push({ kind, sourceId, targetId });
  };
  const stamp = { createdBy: ctx.actorUserId, updatedBy: ctx.actorUserId };
  const example = (e: MovedExample) => {
    if (examples.length < 4 && !examples.some((x) => x.kind === e.kind)) examples.push(e);
  };

  for (const m of await tx.select().from(trainingModules).where(eq(trainingModules.seasonId, opts.fromSeasonId)).orderBy(asc(trainingModules.id))) {
    if (ids.has(key('training_module', m.id))) {
      skipped.modules += 1;
      continue;
    }
    created.modules += 1;
    if (dryRun) {
      made('training_module', m.id, 0);
      continue;
    }
    const [row] = await tx
      .insert(trainingModules)
      .values({
        seasonId: opts.toSeasonId,
        title: m.title,
        description: m.description,
        targetGroup: m.targetGroup,
        maxPerFacilityPerEvent: m.maxPerFacilityPerEvent,
        maxPerFacilityPerModule: m.maxPerFacilityPerModule,
        ...stamp,
      })
      .returning({ id: trainingModules.id });
    made('training_module', m.id, row!.id);
    audits.push({
      ...ctx,
      action: 'training_module.create',
      entityType: 'training_module',
      entityId: row!.id,
      after: { title: m.title, copiedFrom: m.id },
    });
  }

  const events = await tx
    .select()
    .from(awardingEvents)
    .where(and(eq(awardingEvents.seasonId, opts.fromSeasonId), ne(awardingEvents.state, 'cancelled')))
    .orderBy(asc(awardingEvents.startsAt), asc(awardingEvents.id));
  for (const e of events) {
    if (ids.has(key('awarding_event', e.id))) {
      skipped.awardingEvents += 1;
      continue;
    }
    created.awardingEvents += 1;
    const startsAt = move(e.startsAt);
    example({ kind: 'awarding_event', title: e.title, from: e.startsAt.toISOString(), to: startsAt.toISOString() });
    if (dryRun) {
      made('awarding_event', e.id, 0);
      continue;
    }
    const [row] = await tx
      .insert(awardingEvents)
      .values({
        seasonId: opts.toSeasonId,
        title: e.title,
        description: e.description,
        startsAt,
        endsAt: move(e.endsAt),
        place: e.place,
        region: e.region,
        maxAttendeesPerFacility: e.maxAttendeesPerFacility,
        registrationOpensAt: moveOrNull(e.registrationOpensAt),
        registrationClosesAt: moveOrNull(e.registrationClosesAt),
        state: 'draft',
        ...stamp,
      })
      .returning({ id: awardingEvents.id });
    made('awarding_event', e.id, row!.id);
    audits.push({
      ...ctx,
      action: 'awarding_event.create',
      entityType: 'awarding_event',
      entityId: row!.id,
      after: { title: e.title, copiedFrom: e.id },
    });
  }

  const dates = await tx
    .select()
    .from(offerings)
    .where(and(eq(offerings.seasonId, opts.fromSeasonId), ne(offerings.state, 'cancelled')))
    .orderBy(asc(offerings.startsAt), asc(offerings.id));
  for (const o of dates) {
    const count = o.kind === 'awarding' ? 'workshops' : 'offerings';
    if (ids.has(key('offering', o.id))) {
      skipped[count] += 1;
      continue;
    }
    // a workshop goes with its event, a training with its module (a cancelled event's workshops stay behind)
    const moduleId = o.moduleId === null ? null : ids.get(key('training_module', o.moduleId));
    const awardingEventId = o.awardingEventId === null ? null : ids.get(key('awarding_event', o.awardingEventId));
    if (moduleId === undefined || awardingEventId === undefined) continue;
    created[count] += 1;
    const startsAt = move(o.startsAt);
    example({ kind: o.kind, title: o.title, from: o.startsAt.toISOString(), to: startsAt.toISOString() });
    if (dryRun) {
      made('offering', o.id, 0);
      continue;
    }
    const [row] = await tx
      .insert(offerings)
      .values({
        kind: o.kind,
        seasonId: opts.toSeasonId,
        moduleId,
        hostFacilityId: o.hostFacilityId,
        awardingEventId,
        title: o.title,
        description: o.description,
        startsAt,
        endsAt: move(o.endsAt),
        place: o.place,
        onlineUrl: o.onlineUrl,
        region: o.region,
        capacity: o.capacity,
        registrationOpensAt: moveOrNull(o.registrationOpensAt),
        registrationClosesAt: moveOrNull(o.registrationClosesAt),
        reminderDays: o.reminderDays,
        state: 'draft',
        ...stamp,
      })
      .returning({ id: offerings.id });
    made('offering', o.id, row!.id);
    audits.push({ ...ctx, action: 'offering.copy', entityType: 'offering', entityId: row!.id, after: { title: o.title, copiedFrom: o.id } });
  }
  if (!dryRun) await auditMany(tx, audits);
  return { created, skipped, copies, examples };
}
