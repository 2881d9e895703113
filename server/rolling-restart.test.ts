import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb, queryRows, type DbHandle } from './db/client';
import { packageRoot } from './lib/package-root';
import { sessionQueries } from './modules/auth/sessions.queries';
import { inDays } from './modules/documentation/test-helpers';
import { buildServer, startBuiltServer, type BuiltServer } from './testing/built-server';
import { addMember, createFacility, createSeason, createUser, enrol } from './testing/factories';
import { freePort, multiInstanceSkipReason, startNginx, type Nginx } from './testing/nginx';
import { adminQuery, withDatabase } from './testing/test-db-template';

/**
 * Issue 39, "rolling restart without errors": deploy/rolling-restart.sh, run as written, restarts two compiled
 * servers on one PostgreSQL behind Debian's nginx (the sample's upstream and proxy block, server/testing/nginx.ts)
 * while a steady mix of bookings, documentation autosaves and reads (20 requests/s) goes through nginx. The script's
 * restart command stands in for `systemctl restart`: it asks this test (the supervisor of the two processes) to stop
 * an instance with SIGTERM, wait for its exit and start it again on the same port.
 */
const root = packageRoot(import.meta.url);
const adminUrl = process.env.DATABASE_URL;
const skipReason = multiInstanceSkipReason('server/rolling-restart.test.ts');
const dbName = `kita_roll_${randomBytes(6).toString('hex')}`;
const databaseUrl = adminUrl ? withDatabase(adminUrl, dbName) : '';
const timeout = 240_000;
/** the bookings come from 12 KiTas (each under its own daily booking limit, none waiting long for its KiTa's lock)
 * for 8 dates; each KiTa has more persons than the load can use up (one booking each) */
const KITAS = 12;
const PERSONS_PER_KITA = 150;
const DATES = 8;
/** the load's bound: 20 requests/s for at most 90 s */
const MAX_REQUESTS = 1800;
const INTERVAL_MS = 50;

let outDir: string;
let dataDir: string;
let handle: DbHandle;
let nginx: Nginx;
let supervisor: http.Server;
let supervisorUrl: string;
const instances = new Map<string, { port: number; server: BuiltServer }>();
/** exit codes of the processes the restarts stopped */
const stopExits: (number | null)[] = [];
let instanceEnv: Record<string, string>;
/** the KiTas, each with its member's session and the persons not yet booked; the first one's form takes the autosaves */
const kitas: { id: number; cookie: string; persons: number[] }[] = [];
let offeringIds: number[];

const start = (port: number) => startBuiltServer(outDir, { ...instanceEnv, PORT: String(port) });

beforeAll(async () => {
  if (skipReason) return;
  outDir = buildServer('test-rolling');
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kita-roll-'));
  await adminQuery(adminUrl!, `create database ${dbName}`);
  instanceEnv = {
    DATABASE_URL: databaseUrl,
    DATA_DIR: dataDir,
    TRUST_PROXY: '1',
    TOTP_KEY: randomBytes(32).toString('base64'),
    ADMIN_EMAIL: 'chefin@verband.example',
    ADMIN_PASSWORD: 'Sehr-Geheim-2026-Portal',
  };
  const ports = [await freePort(), await freePort()];
  const servers = await Promise.all(ports.map(start));
  ports.forEach((port, i) => instances.set(String(i + 1), { port, server: servers[i]! }));

  handle = await openDb({ databaseUrl });
  const season = await createSeason(handle.db, { isCurrent: true, allowDocumentation: true, documentationDeadline: inDays(30) });
  const sessions = sessionQueries({ db: handle.db });
  for (let k = 0; k < KITAS; k++) {
    const facility = await createFacility(handle.db);
    const member = await createUser(handle.db);
    await addMember(handle.db, facility.id, member.id);
    await enrol(handle.db, facility.id, season.id);
    await handle.db.execute(sql`insert into persons (facility_id, first_name, last_name, position, email)
      select ${facility.id}, 'Person', 'Nr' || j, 'pädagogische Fachkraft', 'person' || ${facility.id} || '-' || j || '@rollen.example'
      from generate_series(1, ${PERSONS_PER_KITA}::int) j`);
    const persons = await queryRows<{ id: number }>(handle.db, `select id from persons where facility_id = ${facility.id} order by id`);
    const session = await sessions.create(member.id, { ip: '127.0.0.1', userAgent: 'test' }, { idleMinutes: 60, maxHours: 2 });
    kitas.push({ id: facility.id, cookie: `__Host-kita_session=${session.token}`, persons: persons.map((r) => r.id) });
  }
  await handle.db.execute(sql`insert into training_modules (season_id, title) values (${season.id}, 'Einsteiger')`);
  await handle.db
    .execute(sql`insert into offerings (kind, season_id, module_id, title, starts_at, ends_at, place, region, capacity, state, registration_opens_at)
    select 'training', ${season.id}, m.id, 'Termin ' || i, now() + interval '30 days', now() + interval '30 days 6 hours', 'Nürnberg', 'Mittelfranken', ${KITAS * PERSONS_PER_KITA}, 'published', now() - interval '1 day'
    from training_modules m, generate_series(1, ${DATES}::int) i`);
  offeringIds = (await queryRows<{ id: number }>(handle.db, `select id from offerings where title like 'Termin %' order by id`)).map((r) => r.id);

  // the supervisor, as systemd for `systemctl restart`: SIGTERM, wait for the exit, start again; answers when it listens
  supervisor = http.createServer((req, res) => {
    let name = '';
    req.on('data', (c: Buffer) => (name += c.toString()));
    req.on('end', () => {
      const instance = instances.get(name);
      if (!instance) return void res.writeHead(404).end(`no instance ${name}\n`);
      instance.server.child.kill('SIGTERM');
      void instance.server.exited
        .then((code) => {
          stopExits.push(code);
          return start(instance.port);
        })
        .then(
          (server) => {
            instance.server = server;
            res.writeHead(200).end();
          },
          (err: Error) => res.writeHead(500).end(`${err.message}\n`),
        );
    });
  });
  await new Promise<void>((resolve) => supervisor.listen(0, '127.0.0.1', resolve));
  supervisorUrl = `http://127.0.0.1:${(supervisor.address() as { port: number }).port}`;

  nginx = await startNginx([...instances.values()].map((i) => i.server.url));
}, timeout);

afterAll(async () => {
  if (skipReason) return;
  await nginx?.stop();
  supervisor?.close();
  for (const i of instances.values()) if (i.server.child.exitCode === null) i.server.child.kill('SIGKILL');
  await handle?.close();
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
  await adminQuery(adminUrl!, `drop database if exists ${dbName} with (force)`);
}, timeout);

type Sent = { kind: 'booking' | 'autosave' | 'read'; what: string; status: number; body: unknown; upstream: string };

async function call(kind: Sent['kind'], what: string, urlPath: string, init: RequestInit = {}, cookie = kitas[0]!.cookie): Promise<Sent> {
  const headers = new Headers(init.headers);
  headers.set('cookie', cookie);
  if (typeof init.body === 'string') headers.set('content-type', 'application/json');
  try {
    const res = await fetch(`${nginx.url}${urlPath}`, { ...init, headers });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON: keep the text
    }
    return { kind, what, status: res.status, body, upstream: res.headers.get('x-kita-upstream') ?? '' };
  } catch (err) {
    // no answer at all (the connection to nginx failed): a failed request too
    return { kind, what, status: 0, body: (err as Error).message, upstream: '' };
  }
}

/** runs deploy/rolling-restart.sh as the README gives it, with the supervisor's restart command */
function rollingRestart(): Promise<{ code: number | null; output: string }> {
  const args = [
    path.join(root, 'deploy', 'rolling-restart.sh'),
    '--restart-command',
    `curl -fsS ${supervisorUrl}/restart -d`,
    ...[...instances].map(([name, i]) => `${name}=http://127.0.0.1:${i.port}`),
  ];
  const child = spawn('bash', args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout.on('data', (c: Buffer) => (output += c.toString()));
  child.stderr.on('data', (c: Buffer) => (output += c.toString()));
  return new Promise((resolve) => child.on('exit', (code) => resolve({ code, output })));
}

describe.skipIf(skipReason)(`deploy/rolling-restart.sh behind nginx${skipReason ? ` (skipped: ${skipReason})` : ''}`, () => {
  for (const run of [1, 2]) {
    it(
      `given bookings, autosaves and reads at 20/s through nginx, when the script restarts both instances (run ${run}), fails none, loses none and doubles none`,
      async () => {
        const form = `/api/facilities/${kitas[0]!.id}/documentation`;
        let version = ((await call('read', 'form', form)).body as { version: number }).version;
        let saving = false;
        let lastSaved = '';
        const sent: Promise<Sent>[] = [];
        let restartDone = false;
        const restart = rollingRestart().finally(() => (restartDone = true));

        // one request every 50 ms, whatever the answers take: a booking, an autosave (one at a time, each on the
        // version the last one answered), a read of the session and of the form, in turn
        for (let n = 0; n < MAX_REQUESTS && !restartDone; n++) {
          const turn = n % 4;
          if (turn === 0) {
            const kita = kitas[(n / 4) % KITAS]!;
            const personId = kita.persons.shift()!;
            const offeringId = offeringIds[(n / 4) % DATES]!;
            sent.push(
              call(
                'booking',
                `${offeringId}/${personId}`,
                `/api/facilities/${kita.id}/enrolments`,
                { method: 'POST', body: JSON.stringify({ offeringId, personIds: [personId] }) },
                kita.cookie,
              ),
            );
          } else if (turn === 1 && !saving) {
            saving = true;
            const title = `Lauf ${run} Nr ${n}`;
            sent.push(
              call('autosave', title, form, { method: 'PUT', body: JSON.stringify({ baseVersion: version, answers: { projekttitel: title } }) }).then(
                (a) => {
                  if (a.status === 200) {
                    version = (a.body as { version: number }).version;
                    lastSaved = title;
                  }
                  saving = false;
                  return a;
                },
              ),
            );
          } else {
            sent.push(call('read', turn === 2 ? 'loginstatus' : 'form', turn === 2 ? '/api/loginstatus' : form));
          }
          await new Promise((r) => setTimeout(r, INTERVAL_MS));
        }
        const { code, output } = await restart;
        const answers = await Promise.all(sent);

        const expected = { booking: 201, autosave: 200, read: 200 } as const;
        const failed = answers.filter((a) => a.status !== expected[a.kind]);
        const bookings = answers.filter((a) => a.kind === 'booking');
        // the figures for the operations notes
        console.info(
          `rolling restart run ${run}: ${failed.length} failed of ${answers.length} requests (${bookings.length} bookings, ` +
            `${answers.filter((a) => a.kind === 'autosave').length} autosaves, ${answers.filter((a) => a.kind === 'read').length} reads); ` +
            `${answers.filter((a) => a.upstream.includes(',')).length} passed on by nginx to the other instance`,
        );
        expect(code, output).toBe(0);
        expect(output).toMatch(/all 2 instances restarted/);
        // the restarted processes stopped cleanly: requests in flight answered, exit 0
        expect(stopExits.slice(-2)).toEqual([0, 0]);
        expect(
          failed.map((f) => `${f.kind} ${f.what}: ${f.status} ${JSON.stringify(f.body).slice(0, 200)}`),
          nginx.errorLog(),
        ).toEqual([]);

        // 0 lost, 0 doubled: every booking answered 201 is stored once, and no other one sent is stored
        const booked = bookings.filter((a) => a.status === 201).map((a) => a.what);
        const stored = await queryRows<{ what: string; n: number }>(
          handle.db,
          `select offering_id || '/' || person_id as what, count(*)::int as n from offering_enrolments
           where person_id in (${bookings.map((b) => Number(b.what.split('/')[1])).join(',')}) group by 1`,
        );
        expect(stored.filter((s) => s.n !== 1)).toEqual([]);
        expect(stored.map((s) => s.what).sort()).toEqual([...booked].sort());
        // the last autosave answered 200 is what the form holds
        const form2 = await call('read', 'form', form);
        expect(form2.body).toMatchObject({ version, answers: { projekttitel: lastSaved } });

        // both restarted instances serve again through nginx
        const after: Sent[] = [];
        for (let i = 0; i < 12 && new Set(after.map((a) => a.upstream)).size < 2; i++)
          after.push(await call('read', 'loginstatus', '/api/loginstatus'));
        expect(new Set(after.map((a) => a.upstream)).size).toBe(2);
      },
      timeout,
    );
  }
});
