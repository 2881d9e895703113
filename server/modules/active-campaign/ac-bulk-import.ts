import { randomUUID } from 'node:crypto';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { AcApi } from './ac-api';
import { AcError, sleep } from './ac-client';
import { tagId, type AcConnection, type AcRuntime, type Ctx } from './ac-contact';
import type { Desired } from './ac-desired';
import { appendLog } from './ac-run-log';
import { activeCampaignContacts, type AcRunCounts } from './active-campaign.table';

/** ActiveCampaign: "If you need to upload 10 or fewer contacts at a time, please use the Contacts API" */
export const BULK_MIN = 11;

/**
 * The contacts the account does not know, in one bulk import (≤ 250, `POST /import/bulk_import`): names, the two
 * fields, the tags by name (created first, so the portal knows their ids) and the subscription to the list. Recorded
 * before it goes out (`import_batch`), so a crash leaves a trace; marked done when ActiveCampaign reports the import
 * completed. Answers the addresses dealt with: imported, or refused by the importer (logged, their records dropped,
 * so the next run tries them again); empty when the outcome had to be looked up (the caller compares them one by one).
 */
export async function importFresh(
  db: Db,
  api: AcApi,
  ctx: Ctx,
  conn: AcConnection,
  runtime: AcRuntime,
  fresh: Desired[],
  counts: AcRunCounts,
  renew: () => Promise<void>,
  runId: number,
  signal?: AbortSignal,
): Promise<Set<string>> {
  for (const d of fresh) for (const name of d.state.tags) await tagId(api, ctx, name);
  const token = randomUUID();
  const now = new Date();
  await db
    .insert(activeCampaignContacts)
    .values(fresh.map((d) => ({ email: d.email, userId: d.userId, contactId: '', state: d.state, left: null, importBatch: token, syncedAt: now })))
    .onConflictDoUpdate({
      target: activeCampaignContacts.email,
      set: { userId: sql`excluded.user_id`, contactId: '', state: sql`excluded.state`, left: null, importBatch: token, syncedAt: now },
    });
  const mine = eq(activeCampaignContacts.importBatch, token);
  let batchId: string;
  try {
    batchId = (
      await api.bulkImport(
        fresh.map((d) => ({
          email: d.email,
          first_name: d.state.firstName,
          last_name: d.state.lastName,
          fields: [
            { id: Number(ctx.kitaField), value: d.state.kita },
            { id: Number(ctx.regionField), value: d.state.region },
          ],
          tags: d.state.tags,
          subscribe: [{ listid: Number(conn.listId) }],
        })),
      )
    ).batchId;
  } catch (err) {
    // refused (4xx): nothing was imported; no clear answer: what arrived is looked up, the rest goes one by one
    if (err instanceof AcError && err.kind === 'http') await db.delete(activeCampaignContacts).where(mine);
    if (!(err instanceof AcError && err.kind === 'uncertain')) throw err;
    await appendLog(
      db,
      runId,
      'warn',
      `Ein Import von ${fresh.length} Kontakten bekam keine klare Antwort (${err.message}); es wird geprüft, was ankam.`,
    );
    await resolveImports(db, api, runtime, renew, signal, token);
    return new Set();
  }
  const info = await waitForImport(api, runtime, batchId, renew, signal);
  if (info.status !== 'completed') {
    await appendLog(
      db,
      runId,
      'warn',
      `ActiveCampaign meldet den Import von ${fresh.length} Kontakten als „${String(info.status)}“; es wird geprüft, was ankam.`,
    );
    await resolveImports(db, api, runtime, renew, signal, token);
    return new Set();
  }
  const refused = new Set((info.failure ?? []).map((e) => e.toLowerCase()));
  if (refused.size > 0) {
    await db.delete(activeCampaignContacts).where(and(mine, inArray(activeCampaignContacts.email, [...refused])));
    await appendLog(
      db,
      runId,
      'warn',
      `ActiveCampaign hat ${refused.size} Adressen beim Import nicht übernommen: ${[...refused].slice(0, 10).join(', ')}`,
    );
  }
  await db.update(activeCampaignContacts).set({ importBatch: null, syncedAt: new Date() }).where(mine);
  for (const d of fresh) {
    if (refused.has(d.email)) continue;
    counts.added++;
    counts.tagsAdded += d.state.tags.length;
  }
  return new Set(fresh.map((d) => d.email));
}

const importWaitMessage =
  'ActiveCampaign hat einen Import nicht in der erwarteten Zeit verarbeitet. Der nächste Lauf prüft, was angekommen ist, und setzt fort.';

/** polls `GET /import/info` until the import is completed, failed or interrupted */
async function waitForImport(api: AcApi, runtime: AcRuntime, batchId: string, renew: () => Promise<void>, signal?: AbortSignal) {
  const pollMs = runtime.importPollMs ?? 2000;
  const deadline = Date.now() + (runtime.importWaitMs ?? 15 * 60_000);
  for (;;) {
    // ActiveCampaign: a status read right after the import may answer `false`; the first read waits one interval
    await sleep(pollMs, signal);
    const info = await api.importInfo(batchId);
    if (info.status === 'completed' || info.status === 'failed' || info.status === 'interrupted') return info;
    if (Date.now() > deadline) throw new AcError('http', importWaitMessage);
    await renew();
  }
}

/**
 * Contacts recorded for a bulk import whose outcome the portal did not see (a crash, no clear answer, a failed
 * batch): once the account has no import left in its queue, each address is looked up. Found: the import arrived;
 * the record keeps the id and forgets the state, so the contact is compared with ActiveCampaign like any changed one
 * and only what differs is written. Not found: it never arrived; the record is dropped and the contact sent again.
 */
export async function resolveImports(db: Db, api: AcApi, runtime: AcRuntime, renew: () => Promise<void>, signal?: AbortSignal, token?: string) {
  const rows = await db
    .select()
    .from(activeCampaignContacts)
    .where(token ? eq(activeCampaignContacts.importBatch, token) : isNotNull(activeCampaignContacts.importBatch));
  if (rows.length === 0) return;
  const pollMs = runtime.importPollMs ?? 2000;
  const deadline = Date.now() + (runtime.importWaitMs ?? 15 * 60_000);
  while ((await api.importsOutstanding()) > 0) {
    if (Date.now() > deadline) throw new AcError('http', importWaitMessage);
    await renew();
    await sleep(pollMs, signal);
  }
  for (const [i, row] of rows.entries()) {
    if (i % 20 === 19) await renew();
    const found = await api.findByEmail(row.email);
    if (found) {
      await db
        .update(activeCampaignContacts)
        .set({ contactId: String(found.id), state: null, importBatch: null, syncedAt: new Date() })
        .where(eq(activeCampaignContacts.id, row.id));
    } else await db.delete(activeCampaignContacts).where(eq(activeCampaignContacts.id, row.id));
  }
}
