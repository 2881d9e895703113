import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, queryRows, type DbHandle } from './db/client';
import { sessionQueries } from './modules/auth/sessions.queries';
import { inDays } from './modules/documentation/test-helpers';
import { buildServer, startBuiltServer, type BuiltServer } from './testing/built-server';
import { addMember, createFacility, createSeason, createUser, enrol, type TestUser } from './testing/factories';
import { fixtureFiles } from './testing/fixture-files';
import { multiInstanceSkipReason, startNginx, type Nginx } from './testing/nginx';
import { startSmtp } from './testing/smtp';
import { adminQuery, withDatabase } from './testing/test-db-template';

/**
 * Issue 25, "two instances behind one address": two compiled server processes on one PostgreSQL database behind
 * Debian's nginx (the shipped proxy settings, server/testing/nginx.ts), everything through nginx's one address, which
 * names the instance that answered. The processes hold no state another needs: sessions, the login throttle, bookings,
 * the mail outbox and the reminders live in PostgreSQL, uploads in the shared DATA_DIR (docs/operations.md, "Rolling restart and two instances").
 * PostgreSQL only: PGlite serves one process.
 */
const adminUrl = process.env.DATABASE_URL;
const skipReason = multiInstanceSkipReason('server/two-instances.test.ts');
const dbName = `kita_two_${randomBytes(6).toString('hex')}`;
const databaseUrl = adminUrl ? withDatabase(adminUrl, dbName) : '';
/** one DATA_DIR for both: the uploads (and secrets) they share */
let dataDir: string;
const timeout = 180_000;

// the world: a KiTa whose member logs in and works; an account for the throttle; the rush; due reminders
const RUSH_KITAS = 40;
const RUSH_PERSONS = 4;
const RUSH_DATES = 8;
const RUSH_SEATS = 10;
const REMINDERS = 120;

let outDir: string;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let handle: DbHandle;
let instances: BuiltServer[] = [];
let nginx: Nginx;
/** what the first start of both at once on the empty database left, checked in the first test */
let firstStart: { started: string[]; exits: (number | null)[]; outputs: string[] };
let member: TestUser;
let facilityId: number;
let throttled: TestUser;

const env = (smtpUrl: string) => ({
  DATABASE_URL: databaseUrl,
  DATA_DIR: dataDir,
  // nodemailer's pooled connections (an option of the URL): the stand-in greets each new connection after 100 ms
  SMTP_URL: `${smtpUrl}/?pool=true`,
  TRUST_PROXY: '1',
  // several servers share one key (docs/operations.md, "Rolling restart and two instances")
  TOTP_KEY: randomBytes(32).toString('base64'),
  ADMIN_EMAIL: 'chefin@verband.example',
  ADMIN_PASSWORD: 'Sehr-Geheim-2026-Portal',
});
let instanceEnv: Record<string, string>;
const startBoth = () => [startBuiltServer(outDir, instanceEnv), startBuiltServer(outDir, instanceEnv)];
const stopBoth = async () => {
  for (const s of instances) s.child.kill('SIGTERM');
  return Promise.all(instances.map((s) => s.exited));
};

/** the rush's and the reminders' world, in SQL (hundreds of rows) */
async function seedMany(db: DbHandle['db'], seasonId: number) {
  await db.execute(sql`insert into training_modules (season_id, title) values (${seasonId}, 'Einsteiger')`);
  for (const [prefix, count] of [
    ['Rush', RUSH_KITAS],
    ['Erinnerung', REMINDERS / 5],
  ] as const) {
    await db.execute(sql`insert into facilities (label, kind, postal_code, city, region)
      select ${prefix} || '-KiTa ' || i, 'Kindergarten', '90402', 'Nürnberg', 'Mittelfranken' from generate_series(1, ${count}::int) i`);
    await db.execute(sql`insert into season_enrolments (facility_id, season_id, accepted_terms_at)
      select id, ${seasonId}, now() from facilities where label like ${prefix} || '-KiTa %'`);
    await db.execute(sql`insert into persons (facility_id, first_name, last_name, position, email)
      select f.id, 'Person', 'Nr' || j, 'pädagogische Fachkraft', lower(${prefix}) || f.id || '-' || j || '@zwei.example'
      from facilities f, generate_series(1, ${prefix === 'Rush' ? RUSH_PERSONS : 5}::int) j where f.label like ${prefix} || '-KiTa %'`);
  }
  await db.execute(sql`insert into users (email, password_hash, first_name, last_name, activated_at, privacy_policy_version, privacy_policy_accepted_at, newsletter, newsletter_decided_at)
    select 'mitglied' || f.id || '@zwei.example', 'x', 'Mitglied', 'Nr' || f.id, now(), (select version from privacy_policy_versions order by published_at desc limit 1), now(), false, now()
    from facilities f where f.label like 'Rush-KiTa %'`);
  await db.execute(sql`insert into facility_members (facility_id, user_id)
    select f.id, u.id from facilities f join users u on u.email = 'mitglied' || f.id || '@zwei.example'`);
  // the rush: dates that opened a second ago
  await db.execute(sql`insert into offerings (kind, season_id, module_id, title, starts_at, ends_at, place, region, capacity, state, registration_opens_at)
    select 'training', ${seasonId}, m.id, 'Termin ' || i, now() + interval '30 days', now() + interval '30 days 6 hours', 'Nürnberg', 'Mittelfranken', ${RUSH_SEATS}, 'published', now() - interval '1 second'
    from training_modules m, generate_series(1, ${RUSH_DATES}::int) i`);
  // the reminders: a date in two days with reminders three days before, every person of those KiTas confirmed
  await db.execute(sql`insert into offerings (kind, season_id, module_id, title, starts_at, ends_at, place, region, capacity, state, reminder_days)
    select 'training', ${seasonId}, m.id, 'Bald', now() + interval '2 days', now() + interval '2 days 6 hours', 'Nürnberg', 'Mittelfranken', ${REMINDERS}, 'published', 3
    from training_modules m`);
  await db.execute(sql`insert into offering_enrolments (offering_id, facility_id, person_id, state, confirmed_at)
    select (select id from offerings where title = 'Bald'), p.facility_id, p.id, 'confirmed', now()
    from persons p join facilities f on f.id = p.facility_id where f.label like 'Erinnerung-KiTa %'`);
}

beforeAll(async () => {
  if (skipReason) return;
  outDir = buildServer('test-two');
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kita-two-'));
  await adminQuery(adminUrl!, `create database ${dbName}`);
  smtp = await startSmtp();
  instanceEnv = env(smtp.url);

  // both at once on the empty database: they migrate and create the first admin one after the other
  const first = await Promise.allSettled(startBoth());
  instances = first.flatMap((r) => (r.status === 'fulfilled' ? [r.value] : []));
  const exits = await stopBoth();
  firstStart = {
    started: first.map((r) => (r.status === 'fulfilled' ? 'started' : String(r.reason))),
    exits,
    outputs: instances.map((s) => s.output()),
  };

  handle = await openDb({ databaseUrl });
  const season = await createSeason(handle.db, { isCurrent: true, allowDocumentation: true, documentationDeadline: inDays(30) });
  const facility = await createFacility(handle.db);
  member = await createUser(handle.db);
  await addMember(handle.db, facility.id, member.id);
  await enrol(handle.db, facility.id, season.id);
  facilityId = facility.id;
  throttled = await createUser(handle.db);
  await seedMany(handle.db, season.id);

  // both again at once: each runs a round of the due reminders when it starts
  instances = await Promise.all(startBoth());
  nginx = await startNginx(instances.map((s) => s.url));
}, timeout);

afterAll(async () => {
  if (skipReason) return;
  await nginx?.stop();
  for (const s of instances) if (s.child.exitCode === null) s.child.kill('SIGKILL');
  await handle?.close();
  await smtp?.close();
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
  await adminQuery(adminUrl!, `drop database if exists ${dbName} with (force)`);
}, timeout);

type Answer = { status: number; upstream: string; body: unknown; headers: Headers };

/** one request through nginx; `upstream` is the instance that answered (host:port) */
async function call(urlPath: string, init: RequestInit & { cookie?: string } = {}): Promise<Answer> {
  const headers = new Headers(init.headers);
  if (init.cookie) headers.set('cookie', init.cookie);
  if (typeof init.body === 'string') headers.set('content-type', 'application/json');
  const res = await fetch(`${nginx.url}${urlPath}`, { ...init, headers });
  const text = await res.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // not JSON: keep the text
  }
  return { status: res.status, upstream: res.headers.get('x-kita-upstream') ?? '', body, headers: res.headers };
}

const hosts = () => instances.map((s) => new URL(s.url).host);
const sessionCookie = (a: Answer) =>
  a.headers
    .getSetCookie()
    .find((c) => /kita_session=/.test(c))!
    .split(';')[0]!;
const codeOf = (body: unknown) => (body as { reason?: { code?: string } }).reason?.code;

/** repeats `fn` until both instances have answered (nginx takes turns, so a few calls), at most 12 times */
async function throughBoth(fn: () => Promise<Answer>): Promise<Answer[]> {
  const answers: Answer[] = [];
  for (let i = 0; i < 12 && new Set(answers.map((a) => a.upstream)).size < 2; i++) answers.push(await fn());
  expect(new Set(answers.map((a) => a.upstream))).toEqual(new Set(hosts()));
  return answers;
}

describe.skipIf(skipReason)(`two instances behind nginx on one PostgreSQL${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  it('given both started at once on an empty database, both started, migrated once, made one first admin and stopped with exit 0', async () => {
    expect(firstStart.started).toEqual(['started', 'started']);
    expect(firstStart.exits).toEqual([0, 0]);
    const journal = JSON.parse(fs.readFileSync(path.join(outDir, 'migrations', 'meta', '_journal.json'), 'utf8')) as { entries: unknown[] };
    const [applied] = await queryRows<{ n: number }>(handle.db, 'select count(*)::int as n from drizzle.__drizzle_migrations');
    expect(applied!.n).toBe(journal.entries.length);
    const admins = await queryRows<{ email: string }>(handle.db, 'select email from users where is_admin');
    expect(admins).toEqual([{ email: 'chefin@verband.example' }]);
    expect(firstStart.outputs.join('\n').match(/first administrator created/g)).toHaveLength(1);
  });

  it('given a login through one instance, works through the other, and a logout through one ends the session on both', async () => {
    const login = await call('/api/login', { method: 'POST', body: JSON.stringify({ email: member.email, password: member.password }) });
    expect(login.status).toBe(200);
    const cookie = sessionCookie(login);
    const statuses = await throughBoth(() => call('/api/loginstatus', { cookie }));
    for (const s of statuses) expect(s.body).toMatchObject({ loggedin: true, user: { email: member.email } });
    expect(statuses.some((s) => s.upstream !== login.upstream)).toBe(true);

    // autosaves alternate between the instances, each on the version the other one answered
    const form = `/api/facilities/${facilityId}/documentation`;
    let version = ((await call(form, { cookie })).body as { version: number }).version;
    const saves: Answer[] = [];
    for (let n = 1; n <= 4; n++) {
      const save = await call(form, {
        method: 'PUT',
        cookie,
        body: JSON.stringify({ baseVersion: version, answers: { projekttitel: `Titel ${n}` } }),
      });
      expect(save.status).toBe(200);
      version = (save.body as { version: number }).version;
      saves.push(save);
    }
    expect(new Set(saves.map((s) => s.upstream))).toEqual(new Set(hosts()));
    for (const a of await throughBoth(() => call(form, { cookie }))) expect(a.body).toMatchObject({ answers: { projekttitel: 'Titel 4' } });

    const logout = await call('/api/logout', { method: 'DELETE', cookie });
    expect(logout.status).toBe(200);
    for (const s of await throughBoth(() => call('/api/loginstatus', { cookie }))) expect(s.body).toMatchObject({ loggedin: false });
  });

  it('given wrong passwords through both instances, counts them once: after five the right one is refused on either', async () => {
    const guess = (password: string) => call('/api/login', { method: 'POST', body: JSON.stringify({ email: throttled.email, password }) });
    const wrong: Answer[] = [];
    for (let i = 0; i < 5; i++) wrong.push(await guess(`Falsch-${i}-Passwort`));
    expect(wrong.map((w) => w.status)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(wrong.map((w) => w.upstream))).toEqual(new Set(hosts()));
    // five across both: the account's limit (five per 15 minutes) is used up on each instance
    const refused = await throughBoth(() => guess(throttled.password));
    for (const r of refused) expect([r.status, codeOf(r.body)]).toEqual([429, 'too_many_attempts']);
  });

  it(
    'given a booking rush split over both instances, books no date over its seats, no one twice, and numbers each waiting list 1…n',
    async () => {
      const members = await queryRows<{ user_id: number; facility_id: number }>(
        handle.db,
        `select m.user_id, m.facility_id from facility_members m join facilities f on f.id = m.facility_id where f.label like 'Rush-KiTa %'`,
      );
      const sessions = sessionQueries({ db: handle.db });
      const cookieOf = new Map<number, string>();
      for (const m of members) {
        const s = await sessions.create(m.user_id, { ip: '127.0.0.1', userAgent: 'test' }, { idleMinutes: 60, maxHours: 2 });
        cookieOf.set(m.facility_id, `__Host-kita_session=${s.token}`);
      }
      const persons = await queryRows<{ id: number; facility_id: number }>(
        handle.db,
        `select p.id, p.facility_id from persons p join facilities f on f.id = p.facility_id where f.label like 'Rush-KiTa %' order by p.id`,
      );
      const dates = (await queryRows<{ id: number }>(handle.db, `select id from offerings where title like 'Termin %' order by id`)).map((r) => r.id);
      const requests = persons.map((p, i) => ({ ...p, offeringId: dates[i % dates.length]! }));
      for (let i = requests.length - 1; i > 0; i--) {
        const j = Math.floor(Math.random() * (i + 1));
        [requests[i], requests[j]] = [requests[j]!, requests[i]!];
      }

      // 40 at a time, in no particular order
      const answers: (Answer & { offeringId: number })[] = [];
      let next = 0;
      await Promise.all(
        Array.from({ length: 40 }, async () => {
          for (let r = requests[next++]; r; r = requests[next++]) {
            const a = await call(`/api/facilities/${r.facility_id}/enrolments`, {
              method: 'POST',
              cookie: cookieOf.get(r.facility_id)!,
              body: JSON.stringify({ offeringId: r.offeringId, personIds: [r.id] }),
            });
            answers.push({ ...a, offeringId: r.offeringId });
          }
        }),
      );

      const byInstance = new Map(hosts().map((h) => [h, answers.filter((a) => a.upstream === h).length]));
      for (const n of byInstance.values()) expect(n).toBeGreaterThan(requests.length / 4);
      // every answer is a booking or the rush's "try again" (a lock waited too long), nothing else
      for (const a of answers) if (a.status !== 201) expect([a.status, codeOf(a.body)]).toEqual([409, 'rush']);
      const booked = answers.filter((a) => a.status === 201);
      expect(booked.length).toBeGreaterThan(requests.length * 0.9);

      const stored = await queryRows<{ offering_id: number; state: string; n: number }>(
        handle.db,
        `select offering_id, state, count(*)::int as n from offering_enrolments where offering_id in (${dates.join(',')}) group by 1, 2`,
      );
      const count = (id: number, state: string) => stored.find((s) => s.offering_id === id && s.state === state)?.n ?? 0;
      for (const id of dates) {
        const answered = booked
          .filter((a) => a.offeringId === id)
          .map((a) => (a.body as { results: { state: string; waitlistPosition: number | null }[] }).results[0]!);
        // 0 overbooked: the seats filled exactly, the rest waiting
        expect(count(id, 'confirmed'), `date ${id}`).toBe(Math.min(RUSH_SEATS, answered.length));
        expect(count(id, 'confirmed') + count(id, 'waitlisted'), `date ${id}`).toBe(answered.length);
        expect(answered.filter((r) => r.state === 'confirmed')).toHaveLength(count(id, 'confirmed'));
        // the positions the two instances answered: 1…n, none twice, none left out
        const positions = answered.flatMap((r) => (r.state === 'waitlisted' ? [r.waitlistPosition] : [])).sort((x, y) => x! - y!);
        expect(positions, `date ${id}`).toEqual(Array.from({ length: count(id, 'waitlisted') }, (_, i) => i + 1));
      }
      const [doubles] = await queryRows<{ n: number }>(
        handle.db,
        `select count(*)::int as n from (select 1 from offering_enrolments where state <> 'cancelled' group by offering_id, person_id having count(*) > 1) d`,
      );
      expect(doubles!.n).toBe(0);
    },
    timeout,
  );

  it('given an upload through one instance, serves the file through both (shared DATA_DIR/uploads)', async () => {
    const login = await call('/api/login', { method: 'POST', body: JSON.stringify({ email: member.email, password: member.password }) });
    const cookie = sessionCookie(login);
    const form = `/api/facilities/${facilityId}/documentation`;
    const query = new URLSearchParams({ questionKey: 'weitere_dokumente', name: 'bericht.pdf' });
    const upload = await call(`${form}/files?${query}`, {
      method: 'POST',
      cookie,
      headers: { 'content-type': 'application/octet-stream' },
      body: new Uint8Array(fixtureFiles.pdf.buffer),
    });
    expect(upload.status, nginx.errorLog()).toBe(201);
    const { id } = upload.body as { id: number };
    const downloads = await throughBoth(async () => {
      const res = await fetch(`${nginx.url}${form}/files/${id}`, { headers: { cookie } });
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(bytes.equals(fixtureFiles.pdf.buffer)).toBe(true);
      return { status: res.status, upstream: res.headers.get('x-kita-upstream') ?? '', body: null, headers: res.headers };
    });
    for (const d of downloads) expect(d.status).toBe(200);
  });

  it(
    'given the mails of all this and the reminders due when both started, sends each mail once and each reminder once',
    async () => {
      // the two mail workers share the outbox (FOR UPDATE SKIP LOCKED): wait until it is empty
      for (let i = 0; ; i++) {
        const [open] = await queryRows<{ n: number }>(handle.db, `select count(*)::int as n from mail_outbox where status in ('pending', 'sending')`);
        if (open!.n === 0) break;
        if (i > 600) throw new Error(`${open!.n} mails still waiting`);
        await new Promise((r) => setTimeout(r, 100));
      }
      const rows = await queryRows<{ message_id: string; template: string; status: string }>(
        handle.db,
        'select message_id, template, status from mail_outbox',
      );
      expect(rows.filter((r) => r.status !== 'sent')).toEqual([]);
      // the SMTP server got every outbox row's Message-ID exactly once
      const received = smtp.received.map((m) => /^<([^@>]+)@/.exec(m.messageId)?.[1]);
      expect(received.length).toBe(new Set(received).size);
      expect(new Set(received)).toEqual(new Set(rows.map((r) => r.message_id)));

      const reminded = await queryRows<{ n: number }>(
        handle.db,
        `select count(*)::int as n from offering_enrolments where reminder_sent_at is not null`,
      );
      expect(reminded[0]!.n).toBe(REMINDERS);
      expect(rows.filter((r) => r.template === 'programme-reminder')).toHaveLength(REMINDERS);
      // the booking mails: one per booking answered 201 (the rush) and none for the others
      expect(rows.filter((r) => r.template !== 'programme-reminder').length).toBeGreaterThan(RUSH_KITAS * RUSH_PERSONS * 0.9);
    },
    timeout,
  );

  it('given SIGTERM to both behind nginx, both stop with exit 0', async () => {
    expect(await stopBoth()).toEqual([0, 0]);
  });
});
