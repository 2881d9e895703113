import { berlinHour } from '../../lib/berlin-time';
import { randomUUID } from 'node:crypto';
import { desc, eq, sql } from 'drizzle-orm';
import {
  defaultAcTagNames,
  type AcDryRun,
  type AcList,
  type AcRun,
  type AcRunDetail,
  type AcSettings,
  type AcTestResult,
} from '../../../src/shared/contracts/active-campaign';
import type { AppConfig } from '../../config';
import { sqlState, type Db } from '../../db/client';
import { fail } from '../../lib/http-error';
import type { JobHeartbeats } from '../../lib/job-heartbeats';
import { lockById, versionedUpdate } from '../../lib/versioned-update';
import { createSecretBox, derivedKey } from '../../lib/secret-box';
import { audit, type Ctx } from '../audit/audit';
import { users } from '../users/users.table';
import { acApi } from './ac-api';
import { AcError, acMessages, createAcClient } from './ac-client';
import { consentingEmails, countConsenting, loadDesired } from './ac-desired';
import { emptyCounts, sameState, type AcConnection, type AcRuntime } from './ac-contact';
import { appendLog } from './ac-run-log';
import { executeRun } from './ac-sync';
import { activeCampaignContacts, activeCampaignRuns, activeCampaignSettings, type AcRunRow } from './active-campaign.table';

type KeyConfig = Pick<AppConfig, 'totpKey' | 'dataDir'>;
export type AcDeps = {
  config: AppConfig;
  runtime: AcRuntime;
  /** stops this process's runner where it stands (tests: a "kill" mid-run; the row stays running for a takeover) */
  signal?: AbortSignal;
};

/** the key is sealed like the TOTP secrets (AES-256-GCM, server key outside the database), with its own derived key */
const keyBox = (config: KeyConfig) => createSecretBox(derivedKey(config, 'activecampaign api key'));

const last4 = (key: string) => (key.length > 4 ? key.slice(-4) : '');

export async function getSettings(db: Db, config: AppConfig): Promise<AcSettings> {
  const [row] = await db.select().from(activeCampaignSettings).where(eq(activeCampaignSettings.id, 1));
  const saved = !!row && row.url !== '';
  const envSet = !!config.activeCampaignUrl && !!config.activeCampaignKey;
  const envKey = config.activeCampaignKey ?? '';
  return {
    source: saved ? 'saved' : envSet ? 'env' : 'none',
    url: saved ? row.url : (config.activeCampaignUrl ?? ''),
    keySet: saved ? row.keySealed !== '' : envSet,
    keyLast4: saved ? row.keyLast4 : envSet ? last4(envKey) : '',
    listId: row?.listId ?? '',
    listName: row?.listName ?? '',
    tagNames: row?.tagNames ?? defaultAcTagNames,
    nightlyHour: row?.nightlyHour ?? null,
    version: row?.version ?? 0,
  };
}

/** the origin of a URL (scheme, host, port), or null when it is none */
function originOf(url: string | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url.trim()).origin;
  } catch {
    return null;
  }
}

/** both URLs lead to the same account (same origin): the stored key may go there */
const sameOrigin = (a: string | undefined, b: string | undefined) => originOf(a) !== null && originOf(a) === originOf(b);

/**
 * Where the client goes for `url`: the operator's address (ACTIVECAMPAIGN_URL) is trusted as given, also when an admin
 * typed or saved the same origin (then the operator's URL itself is used); any other address is the admin's, checked by
 * the outbound client (https, public addresses, only its origin).
 */
function targetOf(config: AppConfig, url: string): { url: string; trusted: boolean } {
  if (config.activeCampaignUrl && sameOrigin(url, config.activeCampaignUrl)) return { url: config.activeCampaignUrl, trusted: true };
  return { url, trusted: false };
}

/**
 * url and key (opened) of the saved settings, else of ACTIVECAMPAIGN_URL/KEY; null when there is none. `key` is empty
 * when the saved address has no key (it was cleared when the address moved to another origin).
 */
async function credentials(db: Db, config: AppConfig): Promise<{ url: string; key: string } | null> {
  const [row] = await db.select().from(activeCampaignSettings).where(eq(activeCampaignSettings.id, 1));
  if (row && row.url !== '') return { url: row.url, key: row.keySealed === '' ? '' : keyBox(config).open(row.keySealed) };
  if (config.activeCampaignUrl && config.activeCampaignKey) return { url: config.activeCampaignUrl, key: config.activeCampaignKey };
  return null;
}

export async function connectionOf(db: Db, config: AppConfig): Promise<AcConnection> {
  const cred = await credentials(db, config);
  if (!cred?.key) throw fail('active_campaign.not_configured');
  const settings = await getSettings(db, config);
  if (!settings.listId) throw fail('active_campaign.no_list');
  return { ...targetOf(config, cred.url), key: cred.key, listId: settings.listId, tagNames: settings.tagNames };
}

export type AcSettingsInput = {
  url: string;
  key: string;
  listId: string;
  listName: string;
  tagNames: AcSettings['tagNames'];
  nightlyHour: number | null;
  version: number;
};

/**
 * Saves the settings. The key: one typed now; else the stored one, or on the first save the environment's, but only
 * while the URL keeps that key's origin. A URL of another origin without a key clears the stored key (it never goes
 * to a new address); the audit entry says so (`urlOriginChanged`, `keyCleared`).
 */
export async function saveSettings(db: Db, config: AppConfig, input: AcSettingsInput, ctx: Ctx): Promise<AcSettings> {
  await db.transaction(async (tx) => {
    // the one row exists from the first save on; version 0 until then (what GET answers without a row)
    await tx.insert(activeCampaignSettings).values({ id: 1, version: 0 }).onConflictDoNothing();
    let keyChanged = false;
    let keyCleared = false;
    let urlOriginChanged = false;
    let otherTarget = false;
    await versionedUpdate(tx, {
      table: activeCampaignSettings,
      id: 1,
      version: input.version,
      load: lockById(activeCampaignSettings, 1),
      values: (before) => {
        // the key in hand before this save and the address it belongs to: the stored one, else (first save) the environment's
        const first = before.url === '';
        const heldFor = first ? config.activeCampaignUrl : before.url;
        const held = first ? (config.activeCampaignKey ?? '') : before.keySealed;
        urlOriginChanged = !sameOrigin(input.url, heldFor);
        let key: string | null; // null: keep the stored key as it is
        if (input.key) key = input.key;
        else if (held === '') throw fail('active_campaign.key_required');
        else if (!urlOriginChanged) key = first ? held : null;
        else key = ''; // another origin: the key in hand does not go along
        keyChanged = key !== null;
        keyCleared = key === '';
        otherTarget = before.url !== input.url || before.listId !== input.listId;
        return {
          url: input.url,
          listId: input.listId,
          listName: input.listName,
          tagNames: input.tagNames,
          nightlyHour: input.nightlyHour,
          ...(key === null ? {} : { keySealed: key === '' ? '' : keyBox(config).seal(key), keyLast4: last4(key) }),
        };
      },
      // the key never goes into the audit log: only that it changed or was cleared, and why
      editable: (r) => ({ url: r.url, listId: r.listId, tagNames: r.tagNames, nightlyHour: r.nightlyHour }),
      audit: {
        action: 'active_campaign_settings.update',
        entityType: 'active_campaign_settings',
        context: () => ({ keyChanged, ...(urlOriginChanged ? { urlOriginChanged } : {}), ...(keyCleared ? { keyCleared } : {}) }),
      },
      ctx,
    });
    // another account or list: the record of what was written there says nothing about the new one
    if (otherTarget) await tx.delete(activeCampaignContacts);
  });
  return getSettings(db, config);
}

/** "Verbindung testen": who the key belongs to and the account's lists (to choose the "Liste") */
type Given = { url?: string | undefined; key?: string | undefined };

/** the longest a connection test or a new list may take, all pages and retries included */
export const INTERACTIVE_MS = 30_000;

/**
 * The API of the account being typed (url and key given), else of the saved one. The stored key goes only to its own
 * origin: another URL without a key answers `key_for_new_url`; nothing at all answers `none`.
 */
async function apiFor(db: Db, deps: AcDeps, given: Given, signal: AbortSignal) {
  const saved = await credentials(db, deps.config);
  const url = given.url ?? saved?.url;
  if (!url) return 'none' as const;
  const key = given.key || (saved && sameOrigin(url, saved.url) ? saved.key : '');
  if (!key) return saved && (given.url || saved.key === '') ? ('key_for_new_url' as const) : ('none' as const);
  const runtime = deps.runtime;
  return acApi(createAcClient({ ...runtime, maxAttempts: Math.min(runtime.maxAttempts ?? 3, 3), ...targetOf(deps.config, url), key, db, signal }));
}

/** the admin's request ends (gone, or INTERACTIVE_MS over): the calls stop and reserve no further slot */
const interactiveSignal = (deps: AcDeps) => {
  const timeout = AbortSignal.timeout(INTERACTIVE_MS);
  return { timeout, signal: deps.signal ? AbortSignal.any([deps.signal, timeout]) : timeout };
};

/** what the admin reads when a call failed: the client's German text (never the remote one), or the time ran out */
function failureText(err: unknown, timeout: AbortSignal): string | null {
  if (err instanceof AcError && err.kind === 'aborted') return timeout.aborted ? acMessages.timeout : null;
  if (err instanceof AcError) return err.message;
  return null;
}

const bounded = (v: unknown, max: number) => (typeof v === 'string' || typeof v === 'number' ? String(v).slice(0, max) : '');

export async function testConnection(db: Db, deps: AcDeps, given: Given): Promise<AcTestResult> {
  const { signal, timeout } = interactiveSignal(deps);
  const api = await apiFor(db, deps, given, signal);
  if (api === 'none') return { ok: false, message: 'Bitte gib API-URL und API-Schlüssel an.', lists: [] };
  if (api === 'key_for_new_url') return { ok: false, message: fail('active_campaign.key_for_new_url').message, lists: [] };
  try {
    await api.me();
    // an entry without an id cannot be chosen; a name that is no text stays empty
    const lists = (await api.lists()).map((l) => ({ id: bounded(l?.id, 20), name: bounded(l?.name, 255) })).filter((l) => l.id !== '');
    return { ok: true, message: `Verbindung steht: ${lists.length} ${lists.length === 1 ? 'Liste' : 'Listen'} gefunden.`, lists };
  } catch (err) {
    const text = failureText(err, timeout);
    if (text === null && !(err instanceof AcError)) throw err;
    return { ok: false, message: text ?? 'Die Verbindung wurde abgebrochen.', lists: [] };
  }
}

/** ActiveCampaign's `stringid` of a list: the name in lower case, letters and digits joined by hyphens */
const stringIdOf = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 100) || 'liste';

/** "Neue Liste anlegen" (POST /api/3/lists) in the account of the connection test; the new list is chosen by the admin */
export async function createList(db: Db, deps: AcDeps, input: Given & { name: string }, ctx: Ctx): Promise<AcList> {
  const { signal, timeout } = interactiveSignal(deps);
  const api = await apiFor(db, deps, input, signal);
  if (api === 'none') throw fail('active_campaign.not_configured');
  if (api === 'key_for_new_url') throw fail('active_campaign.key_for_new_url');
  let created: { id: string; name: string };
  try {
    created = await api.createList({
      name: input.name,
      stringid: stringIdOf(input.name),
      senderUrl: deps.config.publicUrl,
      senderReminder: 'Du bekommst diese E-Mail, weil du im KiTa-Portal dem Newsletter zugestimmt hast.',
    });
  } catch (err) {
    if (err instanceof AcError && err.status === 422) throw fail('active_campaign.list_name_taken');
    const text = failureText(err, timeout);
    if (text === null && !(err instanceof AcError)) throw err;
    throw fail('active_campaign.refused', [text ?? 'Die Verbindung wurde abgebrochen.']);
  }
  // the list as created: the name typed, the id ActiveCampaign gave it
  const list = { id: bounded(created?.id, 20), name: input.name };
  if (list.id === '') throw fail('active_campaign.refused', [acMessages.notActiveCampaign]);
  await audit(db, { ...ctx, action: 'active_campaign_list.create', entityType: 'active_campaign_list', entityId: list.id, after: list });
  return list;
}

/** "Probelauf": what a run would change, from the portal's record of what it wrote; nothing is sent */
export async function dryRun(db: Db, config: AppConfig): Promise<AcDryRun> {
  const conn = await connectionOf(db, config);
  const mirror = new Map((await db.select().from(activeCampaignContacts)).map((r) => [r.email, r]));
  const out: AcDryRun = { toAdd: 0, toUpdate: 0, toUnsubscribe: 0, tagsToAdd: 0, tagsToRemove: 0, unchanged: 0, changes: [] };
  const note = (c: AcDryRun['changes'][number]) => {
    if (out.changes.length < 100) out.changes.push(c);
  };
  for (let cursor = 0; ;) {
    const batch = await loadDesired(db, conn.tagNames, conn.listId, cursor, 1000);
    if (batch.length === 0) break;
    for (const d of batch) {
      cursor = d.userId;
      const m = mirror.get(d.email);
      const had = m && !m.left ? (m.state?.tags ?? []) : [];
      const add = d.state.tags.filter((t) => !had.includes(t));
      const remove = had.filter((t) => !d.state.tags.includes(t));
      const name = `${d.state.firstName} ${d.state.lastName}`.trim();
      if (!m || m.left) {
        out.toAdd++;
        note({ email: d.email, name, change: 'add', tagsToAdd: add, tagsToRemove: [] });
      } else if (!sameState(m.state, d.state)) {
        out.toUpdate++;
        note({ email: d.email, name, change: 'update', tagsToAdd: add, tagsToRemove: remove });
      } else out.unchanged++;
      out.tagsToAdd += add.length;
      out.tagsToRemove += remove.length;
    }
  }
  const wanted = await consentingEmails(db);
  for (const m of mirror.values()) {
    if (wanted.has(m.email) || m.left) continue;
    out.toUnsubscribe++;
    note({ email: m.email, name: '', change: 'unsubscribe', tagsToAdd: [], tagsToRemove: [] });
  }
  return out;
}

type Runner = { done: Promise<void>; stop: AbortController };
/**
 * This process's runners, per database handle: run ids repeat across databases, and one process can hold several
 * (the test files of a vitest worker); a runner of one must never stand for, or be stopped by, another's.
 */
const running = new Map<Db, Map<number, Runner>>();
const runnersOf = (db?: Db) => (db ? [...(running.get(db)?.values() ?? [])] : [...running.values()].flatMap((m) => [...m.values()]));

/** for tests: the runs this process is working on (for `db`, or all), finished */
export async function settleRuns(db?: Db): Promise<void> {
  await Promise.allSettled(runnersOf(db).map((r) => r.done));
}

/**
 * On shutdown: this app's runners stop where they stand (after the request in flight); their rows stay `running`
 * and another process (or this one after a restart) resumes them at the cursor once the lease has run out.
 */
export async function stopRuns(db: Db): Promise<void> {
  for (const r of runnersOf(db)) r.stop.abort();
  await settleRuns(db);
}

function launch(db: Db, deps: AcDeps, conn: AcConnection, runId: number, token: string, log?: JobLog) {
  const stop = new AbortController();
  const signal = deps.signal ? AbortSignal.any([deps.signal, stop.signal]) : stop.signal;
  const runners = running.get(db) ?? new Map<number, Runner>();
  running.set(db, runners);
  const done = executeRun(db, conn, deps.runtime, runId, token, signal)
    .catch((err: unknown) => log?.error({ err }, 'activecampaign run failed'))
    .finally(() => {
      if (runners.get(runId)?.done === done) runners.delete(runId);
      if (runners.size === 0 && running.get(db) === runners) running.delete(db);
    });
  runners.set(runId, { done, stop });
}

/** "Jetzt synchronisieren" (and the nightly run): one row in state running; a second start answers 409 */
export async function startRun(db: Db, deps: AcDeps, trigger: 'manual' | 'schedule', ctx: Ctx, log?: JobLog): Promise<AcRun> {
  const conn = await connectionOf(db, deps.config);
  const token = randomUUID();
  let row: AcRunRow;
  try {
    row = await db.transaction(async (tx) => {
      const [r] = await tx
        .insert(activeCampaignRuns)
        .values({
          trigger,
          counts: emptyCounts(),
          total: await countConsenting(tx as unknown as Db),
          leaseToken: token,
          leaseUntil: sql`clock_timestamp() + interval '2 minutes'`,
          startedBy: ctx.actorUserId,
        })
        .returning();
      await audit(tx, { ...ctx, action: 'active_campaign_run.start', entityType: 'active_campaign_run', entityId: r!.id, after: { trigger } });
      return r!;
    });
  } catch (err) {
    if (sqlState(err) === '23505') throw fail('active_campaign.run_running');
    throw err;
  }
  void launch(db, deps, conn, row.id, token, log);
  return (await getRun(db, row.id)) as AcRun;
}

/**
 * A run whose lease ran out (its process died) is taken over and resumed from its cursor. `runId` + `force` is for
 * tests that stop a runner and start another at once.
 */
export async function resumeStaleRuns(db: Db, deps: AcDeps, opts: { force?: boolean; log?: JobLog } = {}): Promise<number[]> {
  const token = randomUUID();
  const claimed = await db
    .update(activeCampaignRuns)
    .set({ leaseToken: token, leaseUntil: sql`clock_timestamp() + interval '2 minutes'` })
    .where(
      opts.force
        ? eq(activeCampaignRuns.state, 'running')
        : sql`${activeCampaignRuns.state} = 'running' and (${activeCampaignRuns.leaseUntil} is null or ${activeCampaignRuns.leaseUntil} < clock_timestamp())`,
    )
    .returning({ id: activeCampaignRuns.id });
  if (claimed.length === 0) return [];
  let conn: AcConnection;
  try {
    conn = await connectionOf(db, deps.config);
  } catch {
    for (const c of claimed) {
      await db
        .update(activeCampaignRuns)
        .set({ state: 'failed', error: 'Die Verbindung zu ActiveCampaign ist nicht mehr eingerichtet.', finishedAt: new Date(), leaseToken: null })
        .where(eq(activeCampaignRuns.id, c.id));
    }
    return [];
  }
  for (const c of claimed) {
    await appendLog(db, c.id, 'warn', 'Der vorige Lauf wurde unterbrochen; es geht an der gespeicherten Stelle weiter.');
    void launch(db, deps, conn, c.id, token, opts.log);
  }
  return claimed.map((c) => c.id);
}

const runColumns = {
  id: activeCampaignRuns.id,
  state: activeCampaignRuns.state,
  trigger: activeCampaignRuns.trigger,
  startedAt: activeCampaignRuns.startedAt,
  finishedAt: activeCampaignRuns.finishedAt,
  total: activeCampaignRuns.total,
  done: activeCampaignRuns.done,
  counts: activeCampaignRuns.counts,
  error: activeCampaignRuns.error,
  firstName: users.firstName,
  lastName: users.lastName,
};
type RunSelect = Pick<AcRunRow, 'id' | 'state' | 'trigger' | 'startedAt' | 'finishedAt' | 'total' | 'done' | 'counts' | 'error'> & {
  firstName: string | null;
  lastName: string | null;
};

const toRun = (r: RunSelect): AcRun => ({
  id: r.id,
  state: r.state,
  trigger: r.trigger,
  startedAt: r.startedAt.toISOString(),
  finishedAt: r.finishedAt?.toISOString() ?? null,
  startedBy: r.firstName === null ? null : `${r.firstName} ${r.lastName ?? ''}`.trim(),
  total: r.total,
  done: r.done,
  counts: { ...emptyCounts(), ...r.counts },
  error: r.error,
});

export async function listRuns(db: Db): Promise<{ items: AcRun[] }> {
  const rows = await db
    .select(runColumns)
    .from(activeCampaignRuns)
    .leftJoin(users, eq(users.id, activeCampaignRuns.startedBy))
    .orderBy(desc(activeCampaignRuns.id))
    .limit(50);
  return { items: rows.map(toRun) };
}

export async function getRun(db: Db, id: number): Promise<AcRunDetail> {
  const [r] = await db
    .select({ ...runColumns, log: activeCampaignRuns.log })
    .from(activeCampaignRuns)
    .leftJoin(users, eq(users.id, activeCampaignRuns.startedBy))
    .where(eq(activeCampaignRuns.id, id));
  if (!r) throw fail('common.not_found');
  return { ...toRun(r), log: r.log };
}

type JobLog = { error: (obj: Record<string, unknown>, msg: string) => void; info: (obj: Record<string, unknown>, msg: string) => void };

/** the job in the server process: resumes runs whose process died, starts the nightly run at the configured hour */
export function startActiveCampaignJob(db: Db, deps: AcDeps, log: JobLog, opts: { intervalMs?: number; heartbeats?: JobHeartbeats } = {}) {
  const intervalMs = opts.intervalMs ?? 60_000;
  // each round that went through is a heartbeat (/api/health's `checks.jobs`), also one with nothing to start
  const beat = opts.heartbeats?.register('activecampaign-schedule', intervalMs);
  let busy: Promise<void> | null = null;
  const round = async () => {
    try {
      await resumeStaleRuns(db, deps, { log });
      const settings = await getSettings(db, deps.config);
      const now = new Date();
      if (settings.nightlyHour === null || settings.source === 'none' || berlinHour(now) !== settings.nightlyHour) return beat?.();
      const [last] = await db
        .select({ at: activeCampaignRuns.startedAt })
        .from(activeCampaignRuns)
        .where(eq(activeCampaignRuns.trigger, 'schedule'))
        .orderBy(desc(activeCampaignRuns.id))
        .limit(1);
      if (last && now.getTime() - last.at.getTime() < 20 * 3600_000) return beat?.();
      await startRun(db, deps, 'schedule', { actorUserId: null }, log);
      log.info({}, 'nightly activecampaign run started');
      beat?.();
    } catch (err) {
      // a run already going (409): nothing to do this round, the job itself is fine
      if ((err as { statusCode?: number }).statusCode === 409) beat?.();
      // no connection, a database error: logged, and no heartbeat
      else log.error({ err }, 'activecampaign job round failed');
    }
  };
  const tick = () => {
    if (busy) return;
    busy = round().finally(() => (busy = null));
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    async stop() {
      clearInterval(timer);
      await busy;
    },
  };
}
