import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import {
  acDryRunSchema,
  acListSchema,
  acRunDetailSchema,
  acRunListSchema,
  acRunSchema,
  acSettingsSchema,
  acTestResultSchema,
  defaultAcTagNames,
} from '../../../src/shared/contracts/active-campaign';
import { maxPerSecond, startActiveCampaignStub, type ActiveCampaignStub } from '../../testing/active-campaign-stub';
import { facilityFixture } from '../../testing/facility-fixture';
import { addMember, createUser, enrol } from '../../testing/factories';
import { loginAs } from '../../testing/login-as';
import { parseAnswer } from '../../testing/parse-answer';
import { createTestWorld } from '../../testing/test-world';
import { persons } from '../persons/persons.table';
import { users } from '../users/users.table';
import { auditLog } from '../audit/audit.table';
import { activeCampaignRuns, activeCampaignSettings } from './active-campaign.table';
import { createAcClient, sleep } from './ac-client';
import { getRun, resumeStaleRuns, settleRuns, startRun, type AcDeps } from './active-campaign.service';

const base = '/api/admin/active-campaign';
const t = defaultAcTagNames;
const stubs: ActiveCampaignStub[] = [];
afterAll(async () => {
  for (const s of stubs) await s.close();
});

const w = createTestWorld(async () => {
  // the stand-in is the operator's address (ACTIVECAMPAIGN_URL, trusted as given); no key in the environment
  const stub = await startActiveCampaignStub();
  stubs.push(stub);
  const f = await facilityFixture({ env: { ACTIVECAMPAIGN_URL: stub.url } });
  await enrol(f.db, f.facility.id, f.season.id);
  // consenting: the member (Leitung of an enrolled KiTa), a colleague, someone of the other KiTa
  await f.db.update(users).set({ newsletter: true }).where(eq(users.id, f.users.member.id));
  await f.db
    .insert(persons)
    .values({ facilityId: f.facility.id, firstName: 'Maria', lastName: 'Mitglied', position: 'Leitung', userId: f.users.member.id });
  const colleague = await createUser(f.db, { firstName: 'Klara', lastName: 'Kollegin', newsletter: true });
  await addMember(f.db, f.facility.id, colleague.id);
  const other = await createUser(f.db, { firstName: 'Olga', lastName: 'Ost', newsletter: true });
  await addMember(f.db, f.otherFacility.id, other.id);
  // not consenting: declined, undecided, deactivated
  await createUser(f.db, { newsletter: false });
  await createUser(f.db, { newsletter: null, newsletterDecidedAt: null });
  await createUser(f.db, { newsletter: true, deactivatedAt: new Date() });
  const jury = await createUser(f.db, { isJury: true });
  const juryCookie = await loginAs(f.t.app, jury);
  // every request's moment of sending, as the client sees it: the limiter's own spacing (the stub's arrival times,
  // in this same process, also carry the event loop's delays of a loaded runner)
  const sent: number[] = [];
  const deps: AcDeps = { config: f.t.config, runtime: { timeoutMs: 1500, backoffBaseMs: 20, onSend: (at) => sent.push(at) } };
  return { ...f, stub, colleague, other, juryCookie, deps, sent };
});

const consenting = () => [w.users.member.email, w.colleague.email, w.other.email].map((e) => e.toLowerCase()).sort();
const settings = async () => parseAnswer(acSettingsSchema, await w.call('admin', { method: 'GET', url: `${base}/settings` }));
const save = async (body: Record<string, unknown>) => {
  const current = await settings();
  return w.call('admin', {
    method: 'PUT',
    url: `${base}/settings`,
    payload: {
      url: current.url || w.stub.url,
      listId: '1',
      listName: 'Newsletter KiTa-Portal',
      tagNames: t,
      nightlyHour: null,
      version: current.version,
      ...body,
    },
  });
};
/** "Jetzt synchronisieren" and wait for this process's runner */
const runSync = async () => {
  const res = await w.call('admin', { method: 'POST', url: `${base}/runs` });
  expect(res.statusCode).toBe(202);
  const run = parseAnswer(acRunSchema, res, 202);
  await settleRuns();
  return parseAnswer(acRunDetailSchema, await w.call('admin', { method: 'GET', url: `${base}/runs/${run.id}` }));
};

describe('ActiveCampaign settings and permissions', () => {
  it('given anonymous, staff and jury callers, every route answers 401, 403, 403', async () => {
    const routes = [
      ['GET', `${base}/settings`],
      ['PUT', `${base}/settings`],
      ['POST', `${base}/test`],
      ['POST', `${base}/lists`],
      ['POST', `${base}/dry-run`],
      ['POST', `${base}/runs`],
      ['GET', `${base}/runs`],
      ['GET', `${base}/runs/1`],
    ] as const;
    for (const [method, url] of routes) {
      expect((await w.call('anonymous', { method, url, payload: {} })).statusCode, `${method} ${url}`).toBe(401);
      expect((await w.call('member', { method, url, payload: {} })).statusCode, `${method} ${url}`).toBe(403);
      expect((await w.t.app.inject({ method, url, payload: {}, headers: { cookie: w.juryCookie } })).statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it('given nothing configured, the settings say so and a run or dry run answers 409 with how to connect', async () => {
    const s = await settings();
    // ACTIVECAMPAIGN_URL without a key: not connected, the form starts with the operator's address
    expect(s).toMatchObject({ source: 'none', keySet: false, keyLast4: '', url: w.stub.url });
    const res = await w.call('admin', { method: 'POST', url: `${base}/runs` });
    expect(res.statusCode).toBe(409);
    expect(res.json().reason.message).toContain('API-URL und API-Schlüssel');
    expect((await w.call('admin', { method: 'POST', url: `${base}/dry-run` })).statusCode).toBe(409);
  });

  it('given a URL and key, the connection test lists the account lists; a wrong key says so in German', async () => {
    const ok = parseAnswer(
      acTestResultSchema,
      await w.call('admin', { method: 'POST', url: `${base}/test`, payload: { url: w.stub.url, key: w.stub.key } }),
    );
    expect(ok.ok).toBe(true);
    expect(ok.lists.map((l) => l.name)).toContain('Newsletter KiTa-Portal');
    const bad = parseAnswer(
      acTestResultSchema,
      await w.call('admin', { method: 'POST', url: `${base}/test`, payload: { url: w.stub.url, key: 'falsch' } }),
    );
    expect(bad).toMatchObject({ ok: false, lists: [] });
    expect(bad.message).toContain('API-Schlüssel');
  });

  it('given the account of the connection test, a new list is created there through the client, audited, and then listed', async () => {
    const before = w.stub.requests.length;
    const res = await w.call('admin', {
      method: 'POST',
      url: `${base}/lists`,
      payload: { url: w.stub.url, key: w.stub.key, name: ' Elternbrief Süd ' },
    });
    const list = parseAnswer(acListSchema, res, 201);
    expect(list.name).toBe('Elternbrief Süd');
    expect(w.stub.lists().find((l) => l.id === list.id)).toMatchObject({ name: 'Elternbrief Süd', stringid: 'elternbrief-sud' });
    // one request of the shared budget, the documented body
    const sent = w.stub.requests.slice(before).filter((r) => r.method === 'POST' && r.path === '/api/3/lists');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.body).toMatchObject({ list: { name: 'Elternbrief Süd', stringid: 'elternbrief-sud', sender_url: expect.any(String) } });
    const [entry] = await w.db.select().from(auditLog).where(eq(auditLog.action, 'active_campaign_list.create'));
    expect(entry).toMatchObject({ entityType: 'active_campaign_list', entityId: list.id, after: list });
    const tested = parseAnswer(
      acTestResultSchema,
      await w.call('admin', { method: 'POST', url: `${base}/test`, payload: { url: w.stub.url, key: w.stub.key } }),
    );
    expect(tested.lists).toContainEqual(list);
  });

  it('given a list name ActiveCampaign already has (422), a wrong key, or no name, the answer says so in German', async () => {
    const dup = await w.call('admin', { method: 'POST', url: `${base}/lists`, payload: { url: w.stub.url, key: w.stub.key, name: 'presse' } });
    expect(dup.statusCode).toBe(409);
    expect(w.stub.requests.at(-1)).toMatchObject({ method: 'POST', path: '/api/3/lists', status: 422 });
    expect(dup.json().reason).toMatchObject({
      code: 'list_name_taken',
      fields: { name: expect.stringContaining('schon eine Liste mit diesem Namen') },
    });
    const bad = await w.call('admin', { method: 'POST', url: `${base}/lists`, payload: { url: w.stub.url, key: 'falsch', name: 'Neu' } });
    expect(bad.statusCode).toBe(409);
    expect(bad.json().reason.message).toContain('API-Schlüssel');
    const empty = await w.call('admin', { method: 'POST', url: `${base}/lists`, payload: { url: w.stub.url, key: w.stub.key, name: '  ' } });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().reason.fields.name).toBe('Bitte gib einen Namen für die Liste an.');
    expect(w.stub.lists().filter((l) => l.name.toLowerCase() === 'presse')).toHaveLength(1);
  });

  it('given saved settings, the key is stored encrypted and only its last 4 characters come back', async () => {
    const res = await save({ url: w.stub.url, key: w.stub.key });
    expect(res.statusCode).toBe(200);
    expect(res.body).not.toContain(w.stub.key);
    const s = await settings();
    expect(s).toMatchObject({ source: 'saved', keySet: true, keyLast4: w.stub.key.slice(-4), listId: '1' });
    const [row] = await w.db.select().from(activeCampaignSettings);
    expect(row!.keySealed).not.toContain(w.stub.key);
    expect(row!.keySealed.startsWith('v1.')).toBe(true);
    // saving again without a key keeps the stored one; a stale version is refused
    expect((await save({})).statusCode).toBe(200);
    expect((await save({ version: 0 })).statusCode).toBe(409);
    expect((await settings()).keyLast4).toBe(w.stub.key.slice(-4));
  });
});

describe('ActiveCampaign sync against the stub', () => {
  it('given the consenting accounts, the dry run shows them to add and sends nothing', async () => {
    const before = w.stub.requests.length;
    const diff = parseAnswer(acDryRunSchema, await w.call('admin', { method: 'POST', url: `${base}/dry-run` }));
    expect(diff).toMatchObject({ toAdd: 3, toUpdate: 0, toUnsubscribe: 0 });
    expect(diff.changes.map((c) => c.email).sort()).toEqual(consenting());
    expect(w.stub.requests.length).toBe(before);
  });

  it('given a first run, exactly the consenting contacts are added with names, KiTa, region and tags, at ≤ 5 requests a second', async () => {
    const from = Date.now();
    // started like the route does, with the test's runtime: it reports each request's moment of sending
    const started = await startRun(w.db, w.deps, 'manual', { actorUserId: w.users.admin.id });
    await settleRuns();
    const run = await getRun(w.db, started.id);
    expect(run.state).toBe('finished');
    expect(run.counts).toMatchObject({ added: 3, updated: 0, unsubscribed: 0 });
    expect(run.done).toBe(3);
    expect(
      w.stub
        .contacts()
        .map((c) => c.email)
        .sort(),
    ).toEqual(consenting());
    const m = w.users.member.email.toLowerCase();
    expect(w.stub.contactByEmail(m)).toMatchObject({ firstName: 'Maria', lastName: 'Mitglied' });
    expect(w.stub.fieldOf(m, 'KITA')).toBe('Kinderhaus Sonnenschein');
    expect(w.stub.fieldOf(m, 'REGIERUNGSBEZIRK')).toBe('Oberbayern');
    expect(w.stub.tagsOf(m)).toEqual([t.managed, t.enrolled, `${t.functionPrefix} Leitung`, `${t.regionPrefix} Oberbayern`].sort());
    expect(w.stub.tagsOf(w.other.email)).toEqual([t.managed, `${t.regionPrefix} Schwaben`].sort());
    expect(w.stub.listStatusOf(m)).toBe('1');
    expect(maxPerSecond(w.sent.filter((at) => at >= from))).toBeLessThanOrEqual(5);
    expect(run.log.at(-1)!.message).toContain('Fertig');
  });

  it('given unchanged data, a second run writes nothing', async () => {
    const writes = w.stub.writes().length;
    const run = await runSync();
    expect(run.state).toBe('finished');
    expect(run.counts).toMatchObject({ added: 0, updated: 0, unsubscribed: 0, unchanged: 3, tagsAdded: 0, tagsRemoved: 0 });
    expect(w.stub.writes().length).toBe(writes);
    const diff = parseAnswer(acDryRunSchema, await w.call('admin', { method: 'POST', url: `${base}/dry-run` }));
    expect(diff).toMatchObject({ toAdd: 0, toUpdate: 0, toUnsubscribe: 0, unchanged: 3 });
  });

  it('given a contact unsubscribed in ActiveCampaign, a change of the person updates only the field and never re-subscribes', async () => {
    w.stub.unsubscribe(w.colleague.email);
    await w.db.update(users).set({ lastName: 'Kollegin-Neu' }).where(eq(users.id, w.colleague.id));
    const writes = w.stub.writes().length;
    const run = await runSync();
    expect(run.counts).toMatchObject({ updated: 1, keptUnsubscribed: 1, added: 0 });
    expect(w.stub.contactByEmail(w.colleague.email)!.lastName).toBe('Kollegin-Neu');
    expect(w.stub.listStatusOf(w.colleague.email)).toBe('2');
    const newWrites = w.stub.writes().slice(writes);
    expect(newWrites.map((r) => r.path)).toEqual(['/api/3/contact/sync']);
  });

  it('given a withdrawn consent, the next run unsubscribes the contact (and keeps it otherwise)', async () => {
    await w.db.update(users).set({ newsletter: false }).where(eq(users.id, w.other.id));
    const run = await runSync();
    expect(run.counts).toMatchObject({ unsubscribed: 1, untagged: 0 });
    expect(w.stub.listStatusOf(w.other.email)).toBe('2');
    expect(w.stub.tagsOf(w.other.email)).toContain(t.managed);
    const writes = w.stub.writes().length;
    await runSync();
    expect(w.stub.writes().length).toBe(writes);
  });

  it('given a deleted account, the contact is unsubscribed and loses every tag of the portal', async () => {
    const gone = await createUser(w.db, { firstName: 'Gerd', lastName: 'Gelöscht', newsletter: true });
    await addMember(w.db, w.facility.id, gone.id);
    await runSync();
    expect(w.stub.listStatusOf(gone.email)).toBe('1');
    await w.db.delete(users).where(eq(users.id, gone.id));
    const run = await runSync();
    expect(run.counts).toMatchObject({ unsubscribed: 1, untagged: 1 });
    expect(w.stub.listStatusOf(gone.email)).toBe('2');
    expect(w.stub.tagsOf(gone.email)).toEqual([]);
  });

  it('given two starts at once, one run starts and the other answers 409', async () => {
    const [a, b] = await Promise.all([
      w.call('admin', { method: 'POST', url: `${base}/runs` }),
      w.call('admin', { method: 'POST', url: `${base}/runs` }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([202, 409]);
    expect([a, b].find((r) => r.statusCode === 409)!.json().reason.message).toContain('läuft schon');
    await settleRuns();
    const list = parseAnswer(acRunListSchema, await w.call('admin', { method: 'GET', url: `${base}/runs` }));
    expect(list.items.every((r) => r.state !== 'running')).toBe(true);
  });

  it('given injected 5xx answers and a timeout, the run retries and finishes', async () => {
    const someone = await createUser(w.db, { firstName: 'Rita', lastName: 'Retry', newsletter: true });
    w.stub.failNext(500, 503);
    w.stub.hangNext(1);
    const run = await startRun(w.db, w.deps, 'manual', { actorUserId: w.users.admin.id });
    await settleRuns();
    const done = await getRun(w.db, run.id);
    expect(done.state).toBe('finished');
    expect(w.stub.requests.some((r) => r.status === 503)).toBe(true);
    expect(w.stub.listStatusOf(someone.email)).toBe('1');
  });

  it('given a runner killed mid-run, a new runner resumes from the cursor and sends no contact twice', async () => {
    const many = [];
    for (let i = 0; i < 6; i++) many.push(await createUser(w.db, { firstName: `Neu${i}`, lastName: 'Kontakt', newsletter: true }));
    const kill = new AbortController();
    let syncs = 0;
    w.stub.onRequest((r) => {
      if (r.path === '/api/3/contact/sync' && ++syncs === 3) kill.abort();
    });
    const run = await startRun(w.db, { ...w.deps, signal: kill.signal }, 'manual', { actorUserId: w.users.admin.id });
    await settleRuns();
    w.stub.onRequest(undefined);
    const [mid] = await w.db.select().from(activeCampaignRuns).where(eq(activeCampaignRuns.id, run.id));
    expect(mid!.state).toBe('running');
    // a second start meanwhile is refused: the interrupted run is still the one
    expect((await w.call('admin', { method: 'POST', url: `${base}/runs` })).statusCode).toBe(409);
    expect(await resumeStaleRuns(w.db, w.deps, { force: true })).toEqual([run.id]);
    await settleRuns();
    const done = await getRun(w.db, run.id);
    expect(done.state).toBe('finished');
    expect(done.log.some((l) => l.message.includes('fortgesetzt'))).toBe(true);
    for (const u of many) {
      // written: what the stub accepted; a 429 of the account's rate limit (a busy machine's jitter) was retried, not written twice
      const sends = w.stub.requests.filter(
        (r) =>
          r.path === '/api/3/contact/sync' &&
          r.status >= 200 &&
          r.status < 300 &&
          r.body?.contact &&
          (r.body.contact as { email: string }).email === u.email.toLowerCase(),
      );
      expect(
        sends.length,
        `${u.email}: ${JSON.stringify(w.stub.requests.filter((r) => JSON.stringify(r.body ?? {}).includes(u.email.toLowerCase())).map((r) => [r.path, r.status]))}`,
      ).toBe(1);
      expect(w.stub.listStatusOf(u.email)).toBe('1');
    }
  });

  it('given a key ActiveCampaign refuses (403), the run stops as failed with a German message', async () => {
    expect((await save({ key: 'abgelaufener-schluessel' })).statusCode).toBe(200);
    const run = await runSync();
    expect(run.state).toBe('failed');
    expect(run.error).toContain('Zugriff verweigert');
    const list = parseAnswer(acRunListSchema, await w.call('admin', { method: 'GET', url: `${base}/runs` }));
    expect(list.items[0]).toMatchObject({ state: 'failed' });
    expect((await w.call('admin', { method: 'GET', url: `${base}/runs/999999` })).statusCode).toBe(404);
  });
});

describe('the shared request budget', () => {
  it('given a reservation whose answer comes back late (a busy process), the next request still waits a full spacing: never six in a second', async () => {
    // the third reservation's answer arrives 300 ms late: its request goes out after its slot. The next reservation
    // must not take "now" and go out right behind it
    let reservations = 0;
    const isReservation = (query: unknown) =>
      ((query as { queryChunks?: { value?: unknown }[] }).queryChunks ?? []).some(
        (c) => Array.isArray(c.value) && c.value.join('').includes('insert into'),
      );
    const db = new Proxy(w.db, {
      get(target, prop, receiver) {
        if (prop !== 'execute') return Reflect.get(target, prop, receiver) as unknown;
        return async (query: Parameters<typeof target.execute>[0]) => {
          const answer = await target.execute(query);
          if (isReservation(query) && ++reservations === 3) await sleep(300);
          return answer;
        };
      },
    });
    const sent: number[] = [];
    const client = createAcClient({ url: w.stub.url, key: w.stub.key, trusted: true, db, onSend: (at) => sent.push(at) });
    for (let i = 0; i < 9; i++) expect((await client.call('GET', '/users/me')).status).toBe(200);
    expect(maxPerSecond(sent)).toBeLessThanOrEqual(5);
    // and none answered 429 and was sent again
    expect(sent).toHaveLength(9);
  });
});
