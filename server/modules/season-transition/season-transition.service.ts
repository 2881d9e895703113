import { eq } from 'drizzle-orm';
import type { PrepareNextAnswer } from '../../../src/shared/contracts/season-transition';
import type { Db, Tx } from '../../db/client';
import { addBerlinDays } from '../../lib/berlin-time';
import { fail } from '../../lib/http-error';
import { notFoundError } from '../../lib/record-helpers';
import { audit, type Ctx } from '../audit/audit';
import { copyTemplateToSeason } from '../documentation/templates.service';
import { copyProgrammeToSeason } from '../programme/copy-to-season';
import { lockSeason, nextSeasonOf } from '../seasons/next-season';
import type { SeasonRow } from '../seasons/seasons.table';
import { seasonCopies } from './season-transition.table';

/** every offering date and registration window moves by 52 weeks: same weekday, same Berlin wall-clock time */
export const moveOneSeason = (at: Date) => addBerlinDays(at, 52 * 7);

/**
 * A template another module copies into the next season (the certificate templates, SPEC §8, once their module
 * exists): passed in by app.ts like the checklist's steps, so this module imports nothing after it.
 */
export type TemplateCopier = (tx: Tx, from: SeasonRow, toSeasonId: number, ctx: Ctx, dryRun: boolean) => Promise<'created' | 'skipped' | 'none'>;

/**
 * "Nächstes KiTa-Jahr vorbereiten" (issue 38, SPEC §9): one transaction under the source season's row lock (two
 * admins pressing "Anlegen" at once: the second waits and then finds everything in place). Each owner writes its own
 * records: seasons the season, programme the dates, documentation (and the passed-in copiers) the templates; this
 * module only remembers what became of what (season_copies).
 */
export async function prepareNextSeason(
  db: Db,
  seasonId: number,
  input: { dryRun: boolean },
  ctx: Ctx,
  templateCopiers: TemplateCopier[] = [],
): Promise<PrepareNextAnswer> {
  const { dryRun } = input;
  return db.transaction(async (tx) => {
    const from = await lockSeason(tx, seasonId);
    if (!from) throw notFoundError();
    const next = await nextSeasonOf(tx, from, ctx, dryRun);
    if (!next) throw fail('season_transition.no_identifier');
    const targetId = next.season.id;
    const done =
      targetId > 0
        ? await tx
            .select({ kind: seasonCopies.kind, sourceId: seasonCopies.sourceId, targetId: seasonCopies.targetId })
            .from(seasonCopies)
            .where(eq(seasonCopies.targetSeasonId, targetId))
        : [];
    const programme = await copyProgrammeToSeason(tx, {
      fromSeasonId: from.id,
      toSeasonId: targetId,
      move: moveOneSeason,
      done: new Map(done.map((c) => [`${c.kind}:${c.sourceId}`, c.targetId])),
      dryRun,
      ctx,
    });
    if (programme.copies.length > 0) await tx.insert(seasonCopies).values(programme.copies.map((c) => ({ ...c, targetSeasonId: targetId })));
    const templates = { created: 0, skipped: 0 };
    for (const copy of [copyTemplateToSeason, ...templateCopiers]) {
      const result = await copy(tx, from, targetId, ctx, dryRun);
      if (result !== 'none') templates[result] += 1;
    }
    const created = { ...pick(programme.created), templates: templates.created };
    const skipped = { ...pick(programme.skipped), templates: templates.skipped };
    if (!dryRun && (next.created || Object.values(created).some((n) => n > 0))) {
      await audit(tx, {
        ...ctx,
        action: 'season.prepare_next',
        entityType: 'season',
        entityId: from.id,
        after: { season: next.season.identifier, seasonCreated: next.created, created, skipped },
      });
    }
    return {
      season: next.season.identifier,
      seasonCreated: next.created,
      seasonStartDate: next.season.startDate,
      seasonEndDate: next.season.endDate,
      dryRun,
      created,
      skipped,
      examples: programme.examples.map((e) => ({ ...e })),
    };
  });
}

const pick = (c: { offerings: number; awardingEvents: number; workshops: number }) => ({
  offerings: c.offerings,
  awardingEvents: c.awardingEvents,
  workshops: c.workshops,
});
