import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { desc, eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { acSettingsSchema, acTestResultSchema, defaultAcTagNames } from '../../../src/shared/contracts/active-campaign';
import type { OutboundPolicy } from '../../lib/outbound-http';
import { startActiveCampaignStub, type ActiveCampaignStub } from '../../testing/active-campaign-stub';
import { facilityFixture } from '../../testing/facility-fixture';
import { parseAnswer } from '../../testing/parse-answer';
import { createTestWorld } from '../../testing/test-world';
import { auditLog } from '../audit/audit.table';
import { MAX_PAGES } from './ac-api';
import { testConnection, type AcDeps } from './active-campaign.service';

// issue 33: the ActiveCampaign URL an admin types was a way into the server's network. Every recipe of the issue is
// a test here, against local servers on 127.0.0.1 (and ::1) that count each connection they get: a refused address
// must leave the count at 0.

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => void;
type Seen = { method: string; path: string; token: string | undefined };

/** a local server that counts connections and records requests; what it answers is set per test */
async function countingServer(host = '127.0.0.1') {
  const state = { connections: 0, seen: [] as Seen[], handler: ((_req, res) => res.writeHead(404).end()) as Handler };
  const server = http.createServer((req, res) => {
    state.seen.push({ method: req.method!, path: req.url!, token: req.headers['api-token'] as string | undefined });
    state.handler(req, res);
  });
  server.on('connection', () => state.connections++);
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: host.includes(':') ? `http://[${host}]:${port}` : `http://${host}:${port}`,
    get connections() {
      return state.connections;
    },
    get seen() {
      return state.seen;
    },
    answer(handler: Handler) {
      state.handler = handler;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
type CountingServer = Awaited<ReturnType<typeof countingServer>>;

const json = (res: http.ServerResponse, status: number, body: unknown) =>
  res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));

const base = '/api/admin/active-campaign';
const ENV_KEY = 'env-key-1234';
/** in these tests the stand-ins on 127.0.0.1 count as public: what the address check lets through (the only such injection) */
const loopbackAsPublic: OutboundPolicy = { protocols: ['http:', 'https:'], allowAddress: (a) => a === '127.0.0.1' };

const closers: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const c of closers) await c();
});

const w = createTestWorld(async () => {
  // the operator's address (trusted as given) is `env`; `victim` stands for a service inside the server's network,
  // `typed` for an address an admin types; `stub` is a stand-in of ActiveCampaign outside the environment
  const env = await countingServer();
  const victim = await countingServer();
  const victim6 = await countingServer('::1');
  const typed = await countingServer();
  const stub: ActiveCampaignStub = await startActiveCampaignStub({ ratePerSecond: 1000 });
  closers.push(env.close, victim.close, victim6.close, typed.close, stub.close);
  const f = await facilityFixture({ env: { ACTIVECAMPAIGN_URL: env.url, ACTIVECAMPAIGN_KEY: ENV_KEY } });
  /** the service as the route calls it, with the address check of `policy` and a fast limiter */
  const deps = (policy?: OutboundPolicy): AcDeps => ({
    config: f.t.config,
    runtime: { ratePerSecond: 1000, backoffBaseMs: 5, timeoutMs: 5000, outboundPolicy: policy },
  });
  return { ...f, env, victim, victim6, typed, stub, deps };
});

const testAsAdmin = async (payload: Record<string, unknown>) =>
  parseAnswer(acTestResultSchema, await w.call('admin', { method: 'POST', url: `${base}/test`, payload }));
const settings = async () => parseAnswer(acSettingsSchema, await w.call('admin', { method: 'GET', url: `${base}/settings` }));
const save = async (body: { url: string; key?: string }) =>
  w.call('admin', {
    method: 'PUT',
    url: `${base}/settings`,
    payload: { listId: '1', listName: 'Newsletter', tagNames: defaultAcTagNames, nightlyHour: null, version: (await settings()).version, ...body },
  });
const all = (s: CountingServer) => s.connections;

describe('an address an admin types', () => {
  it('given loopback, 0.0.0.0, a decimal IP, [::1], localhost, the metadata address, 10.x or http://, when tested or used for a new list, it is refused in German and no connection reaches the server', async () => {
    const p = w.victim.port;
    const refused = [
      [`http://127.0.0.1:${p}/internal/secret#`, 'https://'],
      [`https://127.0.0.1:${p}/internal/secret#`, 'öffentlichen Adresse'],
      [`https://0.0.0.0:${p}/`, 'öffentlichen Adresse'],
      [`https://2130706433:${p}/`, 'öffentlichen Adresse'],
      [`https://[::1]:${w.victim6.port}/`, 'öffentlichen Adresse'],
      [`https://[::ffff:127.0.0.1]:${p}/`, 'öffentlichen Adresse'],
      [`https://localhost:${p}/`, 'öffentlichen Adresse'],
      ['https://169.254.169.254/latest/meta-data#', 'öffentlichen Adresse'],
      [`https://10.0.0.7:${p}/`, 'öffentlichen Adresse'],
    ] as const;
    for (const [url, says] of refused) {
      const result = await testAsAdmin({ url, key: 'k' });
      expect(result, url).toMatchObject({ ok: false, lists: [] });
      expect(result.message, url).toContain(says);
      const list = await w.call('admin', { method: 'POST', url: `${base}/lists`, payload: { url, key: 'k', name: 'Neu' } });
      expect(list.statusCode, url).toBe(409);
      expect(list.json().reason.message, url).toContain(says);
    }
    expect(all(w.victim)).toBe(0);
    expect(all(w.victim6)).toBe(0);
  });

  it('given a URL with a path, ? and #, only its origin is used: every request goes to /api/3/… and the answer names no remote text', async () => {
    const result = await testConnection(w.db, w.deps(loopbackAsPublic), { url: `${w.stub.url}/internal/secret?x=1#`, key: w.stub.key });
    expect(result.ok).toBe(true);
    expect(result.message).toBe('Verbindung steht: 2 Listen gefunden.');
    expect(result.lists.map((l) => l.name)).toEqual(['Newsletter KiTa-Portal', 'Presse']);
    expect(w.stub.requests.length).toBeGreaterThan(0);
    for (const r of w.stub.requests) expect(r.path).toMatch(/^\/api\/3\/(users\/me|lists\?limit=100&offset=0)$/);
  });

  it('given a server that redirects to loopback, the redirect is not followed and the key never arrives there', async () => {
    w.typed.answer((_req, res) => res.writeHead(302, { Location: `${w.victim.url}/internal/secret` }).end());
    const result = await testConnection(w.db, w.deps(loopbackAsPublic), { url: w.typed.url, key: 'geheimer-schluessel' });
    expect(result).toMatchObject({ ok: false, lists: [] });
    expect(result.message).toContain('leitet auf eine andere Adresse weiter');
    expect(all(w.victim)).toBe(0);
    // the operator's address is not followed either
    w.env.answer((_req, res) => res.writeHead(302, { Location: `${w.victim.url}/internal/secret` }).end());
    expect((await testAsAdmin({ url: w.env.url, key: 'k' })).message).toContain('leitet auf eine andere Adresse weiter');
    expect(all(w.victim)).toBe(0);
  });

  it('given answers with remote text (an account e-mail, a refusal body, no JSON, a closed port), the German message names none of it and never "fetch failed"', async () => {
    const deps = w.deps(loopbackAsPublic);
    w.typed.answer((req, res) =>
      req.url === '/api/3/users/me'
        ? json(res, 200, { user: { email: 'BOESE<script>@example.org' } })
        : json(res, 200, { lists: [null, { id: '7', name: { html: 'BOESE' } }], meta: { total: '2' } }),
    );
    const ok = await testConnection(w.db, deps, { url: w.typed.url, key: 'k' });
    expect(ok.ok).toBe(true);
    expect(ok.message).not.toContain('BOESE');
    // an entry that is no list is left out, a name that is no text stays empty
    expect(ok.lists).toEqual([{ id: '7', name: '' }]);
    w.typed.answer((_req, res) => res.writeHead(400, 'GEHEIM-Status', { 'Content-Type': 'text/plain' }).end('GEHEIM-Antwort'));
    const bad = await testConnection(w.db, deps, { url: w.typed.url, key: 'k' });
    expect(bad.ok).toBe(false);
    expect(bad.message).not.toMatch(/GEHEIM|400/);
    expect(bad.message).toContain('Der Server hat nicht wie ActiveCampaign geantwortet');
    w.typed.answer((_req, res) => json(res, 422, { errors: [{ title: 'GEHEIM-Fehler' }] }));
    const refused = await testConnection(w.db, deps, { url: w.typed.url, key: 'k' });
    expect(refused.message).not.toMatch(/GEHEIM|422/);
    expect(refused.message).toContain('als ungültig abgelehnt');
    w.typed.answer((_req, res) => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<h1>GEHEIM-Seite</h1>'));
    const html = await testConnection(w.db, deps, { url: w.typed.url, key: 'k' });
    expect(html.message).not.toContain('GEHEIM');
    expect(html.message).toContain('Der Server hat nicht wie ActiveCampaign geantwortet');
    const closed = await countingServer();
    await closed.close();
    const gone = await testConnection(w.db, deps, { url: closed.url, key: 'k' });
    expect(gone.message).toContain('Die Verbindung zu ActiveCampaign ist fehlgeschlagen');
    expect(gone.message).not.toContain('fetch failed');
  });

  it('given a 6 MB answer, reading stops at the bound and the message says the answer was too large', async () => {
    const huge = JSON.stringify({ user: { email: 'x'.repeat(6 * 1024 * 1024) } });
    w.typed.answer((_req, res) => res.writeHead(200, { 'Content-Type': 'application/json' }).end(huge));
    const result = await testConnection(w.db, w.deps(loopbackAsPublic), { url: w.typed.url, key: 'k' });
    expect(result.ok).toBe(false);
    expect(result.message).toContain('größer als erlaubt');
    expect(result.message.length).toBeLessThan(400);
  });

  it('given meta.total 100000000 with full pages, the lists are read at most MAX_PAGES times and the test ends with a German message', async () => {
    let pages = 0;
    w.typed.answer((req, res) => {
      if (req.url === '/api/3/users/me') return json(res, 200, { user: {} });
      pages++;
      json(res, 200, { lists: Array.from({ length: 100 }, (_, i) => ({ id: String(i), name: `L${i}` })), meta: { total: '100000000' } });
    });
    const result = await testConnection(w.db, w.deps(loopbackAsPublic), { url: w.typed.url, key: 'k' });
    expect(result).toMatchObject({ ok: false, lists: [] });
    expect(result.message).toContain('mehr als 10.000 Einträge');
    expect(pages).toBe(MAX_PAGES);
  });

  it('given an endless paging answer, when the admin request is gone, the calls stop: the request in flight is aborted and no further one is sent', async () => {
    // the operator's address (trusted), through the real route on a real socket
    let lists = 0;
    let arrived!: () => void;
    const heldArrived = new Promise<void>((resolve) => (arrived = resolve));
    const heldClosed = new Promise<void>((resolve) => {
      w.env.answer((req, res) => {
        if (req.url === '/api/3/users/me') return json(res, 200, { user: {} });
        if (++lists < 3)
          return json(res, 200, { lists: Array.from({ length: 100 }, (_, i) => ({ id: String(i), name: `L${i}` })), meta: { total: '100000000' } });
        // the third page is held open until the caller gives up on it
        res.on('close', () => resolve());
        arrived();
      });
    });
    const address = await w.t.app.listen({ port: 0, host: '127.0.0.1' });
    const admin = http.request(`${address}${base}/test`, {
      method: 'POST',
      headers: { cookie: w.cookies.admin!, 'content-type': 'application/json' },
    });
    admin.on('error', () => {});
    admin.end(JSON.stringify({ url: w.env.url, key: 'k' }));
    await heldArrived;
    admin.destroy();
    await heldClosed;
    // nothing further is sent: a call that ended otherwise (its own timeout) would be retried after its backoff (≤ 625 ms)
    await new Promise((r) => setTimeout(r, 1500));
    expect(lists).toBe(3);
  });
});

describe('the stored key and a new address', () => {
  it("given the environment's key and a first save with another origin and no key, the key is not taken over: the test asks for it and nothing reaches the new address", async () => {
    const res = await save({ url: w.typed.url, key: '' });
    expect(res.statusCode).toBe(200);
    expect(await settings()).toMatchObject({ source: 'saved', url: w.typed.url, keySet: false, keyLast4: '' });
    const [entry] = await w.db.select().from(auditLog).where(eq(auditLog.action, 'active_campaign_settings.update')).orderBy(desc(auditLog.id));
    expect(entry!.after).toMatchObject({ url: w.typed.url, urlOriginChanged: true, keyCleared: true });
    const before = w.typed.seen.length;
    const tested = await testConnection(w.db, w.deps(loopbackAsPublic), {});
    expect(tested).toMatchObject({ ok: false, lists: [] });
    expect(tested.message).toContain('Bitte gib den API-Schlüssel für die neue Adresse ein');
    expect((await testAsAdmin({})).message).toContain('Bitte gib den API-Schlüssel für die neue Adresse ein');
    expect(w.typed.seen.length).toBe(before);
    expect((await w.call('admin', { method: 'POST', url: `${base}/runs` })).statusCode).toBe(409);
    expect(w.typed.seen.filter((s) => s.token === ENV_KEY)).toEqual([]);
  });

  it('given a stored key, saving another origin without a key clears it (audited); a test with a new URL and no key sends nothing there', async () => {
    expect((await save({ url: w.typed.url, key: 'typed-key-9876' })).statusCode).toBe(200);
    // the same origin with another path keeps the key
    expect((await save({ url: `${w.typed.url}/api/3`, key: '' })).statusCode).toBe(200);
    expect(await settings()).toMatchObject({ keySet: true, keyLast4: '9876' });
    // a test with another URL and no key: the stored key does not go there
    const asked = await testConnection(w.db, w.deps(loopbackAsPublic), { url: w.victim.url });
    expect(asked.message).toContain('Bitte gib den API-Schlüssel für die neue Adresse ein');
    const list = await w.call('admin', { method: 'POST', url: `${base}/lists`, payload: { url: w.victim.url, name: 'Neu' } });
    expect(list.statusCode).toBe(400);
    expect(list.json().reason.fields.key).toContain('für die neue Adresse');
    // saving the other origin without a key clears the stored one
    expect((await save({ url: w.victim.url, key: '' })).statusCode).toBe(200);
    expect(await settings()).toMatchObject({ url: w.victim.url, keySet: false, keyLast4: '' });
    const [entry] = await w.db.select().from(auditLog).where(eq(auditLog.action, 'active_campaign_settings.update')).orderBy(desc(auditLog.id));
    expect(entry!.before).toMatchObject({ url: `${w.typed.url}/api/3` });
    expect(entry!.after).toMatchObject({ url: w.victim.url, urlOriginChanged: true, keyCleared: true });
    const tested = await testConnection(w.db, w.deps(loopbackAsPublic), {});
    expect(tested.message).toContain('Bitte gib den API-Schlüssel für die neue Adresse ein');
    expect(all(w.victim)).toBe(0);
    // saving again without a key: the key is required
    const again = await save({ url: w.victim.url, key: '' });
    expect(again.statusCode).toBe(400);
    expect(again.json().reason.fields.key).toBe('Bitte gib den API-Schlüssel an.');
  });
});
