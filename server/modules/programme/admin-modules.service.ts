import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { TrainingModule, trainingModuleInputSchema } from '../../../src/shared/contracts/admin-programme';
import type { Db, DbOrTx } from '../../db/client';
import { fail } from '../../lib/http-error';
import { iso, notFoundError } from '../../lib/record-helpers';
import { lockById, versionedUpdate } from '../../lib/versioned-update';
import { audit, type Ctx } from '../audit/audit';
import { offerings, trainingModules, type TrainingModuleRow } from './programme.table';
import { requireSeason } from './admin-common';

/** The admin side of the season's programme: training modules. Every write audited. */

type ModuleInput = z.output<typeof trainingModuleInputSchema>;

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

const moduleFields = (m: Pick<TrainingModuleRow, keyof ModuleInput>) => ({
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
    const [row] = await tx
      .insert(trainingModules)
      .values({ ...moduleFields(input), createdBy: ctx.actorUserId, updatedBy: ctx.actorUserId })
      .returning();
    await audit(tx, { ...ctx, action: 'training_module.create', entityType: 'training_module', entityId: row!.id, after: moduleFields(input) });
    return row!.id;
  });
  return moduleById(db, id);
}

export async function updateModule(db: Db, id: number, input: ModuleInput & { version: number }, ctx: Ctx) {
  await db.transaction((tx) =>
    versionedUpdate(tx, {
      table: trainingModules,
      id,
      version: input.version,
      load: lockById(trainingModules, id),
      check: async (old) => {
        if (old.seasonId === input.seasonId) return;
        const [used] = await tx.select({ id: offerings.id }).from(offerings).where(eq(offerings.moduleId, id)).limit(1);
        if (used) throw fail('programme.module_season_fixed');
        await requireSeason(tx, input.seasonId);
      },
      values: moduleFields(input),
      editable: moduleFields,
      audit: { action: 'training_module.update', entityType: 'training_module' },
      ctx,
    }),
  );
  return moduleById(db, id);
}

export async function deleteModule(db: Db, id: number, version: number | undefined, ctx: Ctx) {
  await db.transaction(async (tx) => {
    const [old] = await tx.select().from(trainingModules).where(eq(trainingModules.id, id)).for('update');
    if (!old) throw notFoundError();
    if (version !== undefined && old.version !== version) throw fail('common.conflict');
    const [used] = await tx.select({ id: offerings.id }).from(offerings).where(eq(offerings.moduleId, id)).limit(1);
    if (used) throw fail('programme.module_has_events');
    await tx.delete(trainingModules).where(eq(trainingModules.id, id));
    await audit(tx, { ...ctx, action: 'training_module.delete', entityType: 'training_module', entityId: id, before: moduleFields(old) });
  });
}
