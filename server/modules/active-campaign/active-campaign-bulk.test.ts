import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { defaultAcTagNames } from '../../../src/shared/contracts/active-campaign';
import { startActiveCampaignStub, type ActiveCampaignStub } from '../../testing/active-campaign-stub';
import { facilityFixture } from '../../testing/facility-fixture';
import { addMember, createUser, enrol } from '../../testing/factories';
import { createTestWorld } from '../../testing/test-world';
import { users } from '../users/users.table';
import { activeCampaignContacts, activeCampaignRuns } from './active-campaign.table';
import { getRun, resumeStaleRuns, saveSettings, settleRuns, startRun, type AcDeps } from './active-campaign.service';

// issue 21: a first sync of many new contacts goes through ActiveCampaign's bulk importer (about 1 request per
// contact instead of 5), contacts the account knows keep the single calls (and "never re-subscribe"), and a kill at
// any point of an import followed by a restart sends nobody twice and loses nobody. Against the local stub only.

const t = defaultAcTagNames;
const stubs: ActiveCampaignStub[] = [];
afterAll(async () => {
  for (const s of stubs) await s.close();
});

const w = createTestWorld(async () => {
  // the bulk importer's path is what is measured here; the 5-per-second limit is the other file's test
  const stub = await startActiveCampaignStub({ ratePerSecond: 50, importDelayMs: 40 });
  stubs.push(stub);
  // the stand-in is the operator's address (ACTIVECAMPAIGN_URL, trusted as given)
  const f = await facilityFixture({ env: { ACTIVECAMPAIGN_URL: stub.url } });
  await enrol(f.db, f.facility.id, f.season.id);
  await saveSettings(
    f.db,
    f.t.config,
    { url: stub.url, key: stub.key, listId: '1', listName: 'Newsletter KiTa-Portal', tagNames: t, nightlyHour: null, version: 0 },
    { actorUserId: f.users.admin.id },
  );
  const deps: AcDeps = { config: f.t.config, runtime: { ratePerSecond: 50, timeoutMs: 1500, backoffBaseMs: 20, importPollMs: 30 } };
  return { ...f, stub, deps };
});

/** `n` consenting accounts, members of the enrolled KiTa */
async function consenting(n: number, name: string) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const u = await createUser(w.db, { firstName: `${name}${i}`, lastName: 'Neu', newsletter: true });
    await addMember(w.db, w.facility.id, u.id);
    out.push(u);
  }
  return out;
}

const run = async (deps: AcDeps = w.deps) => {
  const started = await startRun(w.db, deps, 'manual', { actorUserId: w.users.admin.id });
  await settleRuns();
  return started.id;
};
const sinceIndex = (from: number) => w.stub.requests.slice(from);
const paths = (rs: { method: string; path: string }[]) => rs.map((r) => `${r.method} ${r.path.split('?')[0]}`);
/** every address of every bulk import, counted */
const importedTimes = (email: string) => w.stub.imports().filter((b) => b.emails.includes(email.toLowerCase())).length;

describe('ActiveCampaign bulk import', () => {
  it('given 30 new consenting accounts, the first run imports them in one bulk import at about 1 request per contact', async () => {
    const fresh = await consenting(30, 'Bulk');
    const from = w.stub.requests.length;
    const done = await getRun(w.db, await run());
    expect(done.state).toBe('finished');
    expect(done.counts).toMatchObject({ added: 30, updated: 0, keptUnsubscribed: 0 });
    expect(w.stub.imports()).toHaveLength(1);
    expect(w.stub.imports()[0]!.emails.sort()).toEqual(fresh.map((u) => u.email.toLowerCase()).sort());
    // the documented request shape
    const post = sinceIndex(from).find((r) => r.path === '/api/3/import/bulk_import' && r.method === 'POST')!;
    const first = (post.body!.contacts as Record<string, unknown>[]).find((c) => c.email === fresh[0]!.email.toLowerCase());
    expect(first).toMatchObject({
      first_name: 'Bulk0',
      last_name: 'Neu',
      subscribe: [{ listid: 1 }],
      fields: [
        { id: expect.any(Number), value: 'Kinderhaus Sonnenschein' },
        { id: expect.any(Number), value: 'Oberbayern' },
      ],
    });
    for (const u of fresh) {
      expect(w.stub.contactByEmail(u.email)).toMatchObject({ lastName: 'Neu' });
      expect(w.stub.listStatusOf(u.email)).toBe('1');
      expect(w.stub.fieldOf(u.email, 'REGIERUNGSBEZIRK')).toBe('Oberbayern');
      expect(w.stub.tagsOf(u.email)).toEqual([t.managed, t.enrolled, `${t.regionPrefix} Oberbayern`].sort());
    }
    // counted by the stub: one look-up per address, then the import and its state; no single write per contact
    const sent = paths(sinceIndex(from));
    expect(sent.filter((p) => p === 'GET /api/3/contacts')).toHaveLength(30);
    expect(sent.filter((p) => p === 'POST /api/3/import/bulk_import')).toHaveLength(1);
    expect(sent.filter((p) => /contact\/sync|contactLists|contactTags/.test(p))).toEqual([]);
    const perContact = sent.filter((p) => !/\/(tags|fields|fieldRels)$/.test(p)).length / 30;
    expect(perContact).toBeLessThan(1.2);
    expect(done.counts.requests).toBe(sent.length);
    const [pending] = await w.db.select().from(activeCampaignContacts).where(isNotNull(activeCampaignContacts.importBatch));
    expect(pending).toBeUndefined();
  });

  it('given unchanged data after the import, a second run sends no write', async () => {
    const writes = w.stub.writes().length;
    const done = await getRun(w.db, await run());
    expect(done.counts).toMatchObject({ added: 0, updated: 0, unchanged: 30 });
    expect(w.stub.writes().length).toBe(writes);
  });

  it('given a change of an imported contact, it is found by e-mail (its id was not known) and only the field is written', async () => {
    const [one] = await w.db.select().from(users).where(eq(users.firstName, 'Bulk3'));
    await w.db.update(users).set({ lastName: 'Geändert' }).where(eq(users.id, one!.id));
    const writes = w.stub.writes().length;
    const done = await getRun(w.db, await run());
    expect(done.counts).toMatchObject({ updated: 1, added: 0 });
    expect(
      w.stub
        .writes()
        .slice(writes)
        .map((r) => r.path),
    ).toEqual(['/api/3/contact/sync']);
    const [row] = await w.db.select().from(activeCampaignContacts).where(eq(activeCampaignContacts.email, one!.email.toLowerCase()));
    expect(row!.contactId).toBe(w.stub.contactByEmail(one!.email)!.id);
  });

  it('given a mixed run, the account knows two addresses: they keep the single calls and the unsubscribed one stays unsubscribed', async () => {
    const fresh = await consenting(12, 'Mix');
    const [gone, known] = await consenting(2, 'Bekannt');
    w.stub.addContact(gone!.email, { firstName: 'Alt', lastName: 'Abgemeldet', listStatus: '2' });
    w.stub.addContact(known!.email, { firstName: 'Alt', lastName: 'Aktiv' });
    const imports = w.stub.imports().length;
    const done = await getRun(w.db, await run());
    expect(done.state).toBe('finished');
    expect(done.counts).toMatchObject({ added: 12, updated: 2, keptUnsubscribed: 1 });
    const batches = w.stub.imports().slice(imports);
    expect(batches).toHaveLength(1);
    expect(batches[0]!.emails.sort()).toEqual(fresh.map((u) => u.email.toLowerCase()).sort());
    expect(w.stub.listStatusOf(gone!.email)).toBe('2');
    expect(w.stub.contactByEmail(gone!.email)).toMatchObject({ firstName: 'Bekannt0', lastName: 'Neu' });
    expect(w.stub.tagsOf(gone!.email)).toContain(t.managed);
    expect(w.stub.listStatusOf(known!.email)).toBe('1');
    expect(w.stub.tagsOf(known!.email)).toContain(t.managed);
    for (const u of fresh) expect(w.stub.listStatusOf(u.email)).toBe('1');
  });

  it('given a runner killed right after the import was queued, a restart waits for the queue, finds the contacts and sends nobody twice', async () => {
    const fresh = await consenting(15, 'KillNach');
    const kill = new AbortController();
    w.stub.holdImports(true);
    w.stub.onRequest((r) => {
      if (r.method === 'POST' && r.path === '/api/3/import/bulk_import') kill.abort();
    });
    const id = await run({ ...w.deps, signal: kill.signal });
    w.stub.onRequest(undefined);
    const [mid] = await w.db.select().from(activeCampaignRuns).where(eq(activeCampaignRuns.id, id));
    expect(mid!.state).toBe('running');
    const marked = await w.db.select().from(activeCampaignContacts).where(isNotNull(activeCampaignContacts.importBatch));
    expect(marked.map((r) => r.email).sort()).toEqual(fresh.map((u) => u.email.toLowerCase()).sort());
    // the import is still in ActiveCampaign's queue when the new runner starts; it is processed a little later
    setTimeout(() => w.stub.holdImports(false), 300);
    expect(await resumeStaleRuns(w.db, w.deps, { force: true })).toEqual([id]);
    await settleRuns();
    const done = await getRun(w.db, id);
    expect(done.state).toBe('finished');
    for (const u of fresh) {
      expect(importedTimes(u.email), u.email).toBe(1);
      expect(w.stub.listStatusOf(u.email)).toBe('1');
      expect(w.stub.requests.some((r) => r.path === '/api/3/contact/sync' && JSON.stringify(r.body).includes(u.email.toLowerCase()))).toBe(false);
    }
    expect(await w.db.select().from(activeCampaignContacts).where(isNotNull(activeCampaignContacts.importBatch))).toEqual([]);
  });

  it('given a runner killed after recording the import while it is lost on its way, a restart imports those contacts once', async () => {
    const fresh = await consenting(15, 'KillVor');
    const emails = new Set(fresh.map((u) => u.email.toLowerCase()));
    const kill = new AbortController();
    let looked = 0;
    // the import after the last look-up gets lost on its way (the stub never takes it in) and the runner dies meanwhile
    w.stub.onRequest((r) => {
      const email = new URL(r.path, 'http://x').searchParams.get('email');
      if (email && emails.has(email) && ++looked === fresh.length) w.stub.hangNext(1);
      if (r.status === 0 && r.path === '/api/3/import/bulk_import') kill.abort();
    });
    const imports = w.stub.imports().length;
    const id = await run({ ...w.deps, signal: kill.signal });
    w.stub.onRequest(undefined);
    expect(w.stub.imports().length).toBe(imports);
    const marked = await w.db.select().from(activeCampaignContacts).where(isNotNull(activeCampaignContacts.importBatch));
    expect(marked).toHaveLength(15);
    await resumeStaleRuns(w.db, w.deps, { force: true });
    await settleRuns();
    expect((await getRun(w.db, id)).state).toBe('finished');
    for (const u of fresh) {
      expect(importedTimes(u.email), u.email).toBe(1);
      expect(w.stub.listStatusOf(u.email)).toBe('1');
    }
  });

  it('given an import answered with 503, it is not sent again: what arrived is looked up and the rest goes one by one', async () => {
    const fresh = await consenting(12, 'Unklar');
    const emails = new Set(fresh.map((u) => u.email.toLowerCase()));
    let looked = 0;
    w.stub.onRequest((r) => {
      const email = new URL(r.path, 'http://x').searchParams.get('email');
      if (email && emails.has(email) && ++looked === fresh.length) w.stub.failNext(503);
    });
    const imports = w.stub.imports().length;
    const done = await getRun(w.db, await run());
    w.stub.onRequest(undefined);
    expect(done.state).toBe('finished');
    expect(done.log.some((l) => l.message.includes('keine klare Antwort'))).toBe(true);
    // the stub's 503 did nothing: no import, the twelve were created by single calls, each once
    expect(w.stub.imports().length).toBe(imports);
    for (const u of fresh) {
      expect(w.stub.listStatusOf(u.email)).toBe('1');
      expect(
        w.stub.requests.filter((r) => r.path === '/api/3/contact/sync' && r.status === 200 && JSON.stringify(r.body).includes(u.email.toLowerCase())),
      ).toHaveLength(1);
    }
  });
});
