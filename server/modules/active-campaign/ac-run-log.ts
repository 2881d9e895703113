import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { activeCampaignRuns, type AcLogEntry, type AcRunCounts } from './active-campaign.table';

/** the run's log, shown on the admin page */

export async function appendLog(db: Db, runId: number, level: AcLogEntry['level'], message: string) {
  const entry = JSON.stringify([{ at: new Date().toISOString(), level, message }]);
  // the log keeps its last 200 lines
  await db
    .update(activeCampaignRuns)
    .set({
      log: sql`(case when jsonb_array_length(${activeCampaignRuns.log}) >= 200 then ${activeCampaignRuns.log} - 0 else ${activeCampaignRuns.log} end) || ${entry}::jsonb`,
    })
    .where(eq(activeCampaignRuns.id, runId));
}

export const summary = (c: AcRunCounts) =>
  `Fertig: ${c.added} hinzugefügt, ${c.updated} aktualisiert, ${c.unsubscribed} abgemeldet, ${c.unchanged} unverändert, ` +
  `${c.tagsAdded} Tags gesetzt, ${c.tagsRemoved} Tags entfernt, ${c.requests} Anfragen.`;
