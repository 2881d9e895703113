import { index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, id } from '../../db/columns';

/**
 * "Nächstes KiTa-Jahr vorbereiten" (issue 38): which record of a season was copied to which of the next, so a second
 * run copies nothing twice (also when an admin has since edited or deleted a copy). Ids only, no foreign keys: the
 * records belong to the seasons, programme and documentation modules; this module never writes their tables.
 */
export const seasonCopies = pgTable(
  'season_copies',
  {
    id: id(),
    targetSeasonId: integer('target_season_id').notNull(),
    kind: text('kind', { enum: ['training_module', 'awarding_event', 'offering'] }).notNull(),
    sourceId: integer('source_id').notNull(),
    targetId: integer('target_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('season_copies_source_uq').on(t.targetSeasonId, t.kind, t.sourceId), index('season_copies_target_idx').on(t.targetSeasonId)],
);
