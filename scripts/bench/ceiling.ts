// Issue 23's question, measured: how close to the database floor can any booking route of this stack come on this
// machine? Beside the floor (booking-floor.sh, pgbench, 50 clients), the rush's load thread (fetch, 50 in flight,
// 2,000 requests) drives bare Fastify routes in this process, with no session and no zod:
// - `http`: answers at once (HTTP and the load thread alone),
// - `floor-sql`: the floor's own transaction over node-postgres (BEGIN, its six statements, COMMIT),
// - `one-call`: the same work as one call of a PL/pgSQL function (1 round trip),
// - `portal-book`: the portal's own booking (`book()`, server/modules/programme/booking.ts) on the rush's world (500
//   KiTas, 2,000 staff entries, 50 dates of 20 seats) over the portal's pool: the portal's booking without the
//   session, zod and the mail worker, so about the most the portal's route can reach.
// Each with the portal's pool (10 connections) and with 50. A booking of the portal does at least the database work of
// these routes and more besides (session, checks, mails), so their ratio to the floor is about the most it can reach
// here. Prints the floor and one JSON line per route (decisions/s, p99, CPU per request with the kernel's and the load
// thread's share, ratio); the figures go to ledger 0008, never into tests.
import { loadavg } from 'node:os';
import Fastify from 'fastify';
import pg from 'pg';
import { inWorker } from './in-worker';
import { bookingFloor } from './booking-floor';
import { pct } from './rush-world';
import { withBenchWorld } from './kit';
import { withThrowawayPg } from './throwaway-pg';
import type { Db } from '../../server/db/client';
import { book } from '../../server/modules/programme/booking';
import { programmeRateRules } from '../../server/modules/programme/programme-rate-limits';
import { seedRushWorld } from './rush-world';

const REQUESTS = 2000;
const CONCURRENCY = 50;

const schema = `
create table offerings (id int primary key, capacity int not null, version int not null default 1);
create table enrolments (id bigserial primary key, offering_id int not null references offerings(id), person_id bigint not null,
  state text not null, queued_at timestamptz not null default now());
create unique index enrolments_live on enrolments (offering_id, person_id) where state in ('confirmed','waitlisted','attended');
create index on enrolments (offering_id, state);
create table audit (id bigserial primary key, at timestamptz default now(), action text, data jsonb);
create table outbox (id bigserial primary key, created_at timestamptz default now(), recipient text, template text, data jsonb,
  status text default 'pending');
insert into offerings select i, 20 from generate_series(1, 50) i;
create function book(o int, p bigint) returns text language plpgsql as $$
declare cap int; taken int; st text;
begin
  perform set_config('lock_timeout', '3000ms', true), pg_advisory_xact_lock(7411, (p % 500)::int);
  select capacity into cap from offerings where id = o for update;
  select count(*) into taken from enrolments where offering_id = o and state in ('confirmed','attended');
  st := case when taken < cap then 'confirmed' else 'waitlisted' end;
  insert into enrolments (offering_id, person_id, state) values (o, p, st);
  insert into audit (action, data) values ('enrolment.created', jsonb_build_object('offering', o));
  insert into outbox (recipient, template, data) values ('x@example.org', 'booking_confirmed', jsonb_build_object('offering', o));
  return st;
end $$;`;

type Kind = 'http' | 'floor-sql' | 'one-call' | 'portal-book';
type RushRequest = { facilityId: number; personId: number; offeringId: number };

async function route(url: string, kind: Kind, poolMax: number, world: RushRequest[] = [], portal?: Db) {
  const pool = new pg.Pool({ connectionString: url, max: poolMax });
  let next = 0;
  // the throwaway database is dropped with (force) at the end: a connection still closing then is no crash
  pool.on('error', () => undefined);
  const app = Fastify();
  app.post<{ Body: { offeringId: number; personIds: number[] } }>('/book', async (request, reply) => {
    const o = request.body.offeringId;
    const p = request.body.personIds[0]!;
    if (kind === 'http') return reply.code(201).send({ state: 'confirmed' });
    if (kind === 'portal-book') {
      // the next of the rush's requests (the warm-up's are booked again after the tables are emptied)
      const r = world[next++ % world.length]!;
      const res = await book(portal!, {
        facilityId: r.facilityId,
        offeringId: r.offeringId,
        personIds: [r.personId],
        actor: { actorUserId: null, requestId: 'bench', ip: '127.0.0.1' },
        rateLimit: [{ rule: programmeRateRules.bookingPerFacility, key: String(r.facilityId) }],
      });
      return reply.code(201).send(res);
    }
    const client = await pool.connect();
    try {
      if (kind === 'one-call') {
        const r = await client.query('select book($1, $2) as state', [o, p]);
        return reply.code(201).send({ state: r.rows[0].state });
      }
      await client.query('begin');
      await client.query(`select set_config('lock_timeout', '3000ms', true), pg_advisory_xact_lock(7411, ($1::bigint % 500)::int)`, [p]);
      const off = await client.query('select id, capacity from offerings where id = $1 for update', [o]);
      const taken = await client.query(`select count(*)::int as n from enrolments where offering_id = $1 and state in ('confirmed','attended')`, [o]);
      const state = taken.rows[0].n < off.rows[0].capacity ? 'confirmed' : 'waitlisted';
      await client.query('insert into enrolments (offering_id, person_id, state) values ($1, $2, $3) returning id', [o, p, state]);
      await client.query(`insert into audit (action, data) values ('enrolment.created', $1)`, [{ offering: o }]);
      await client.query(`insert into outbox (recipient, template, data) values ('x@example.org', 'booking_confirmed', $1)`, [{ offering: o }]);
      await client.query('commit');
      return reply.code(201).send({ state });
    } catch (err) {
      await client.query('rollback').catch(() => undefined);
      throw err;
    } finally {
      client.release();
    }
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  const load = (requests: number, offset: number) =>
    inWorker<{ totalMs: number; statuses: Record<string, number>; times: number[]; loadCpuMs: number | null }>('./ceiling-client.mjs', {
      url: `${address}/book`,
      concurrency: CONCURRENCY,
      requests,
      offset,
    });
  // a first round unmeasured: the JIT and the pool warm, as the portal's are after its seed
  await load(500, 0);
  if (kind === 'portal-book') {
    await pool.query('truncate offering_enrolments, audit_log, mail_outbox, rate_limit_hits restart identity');
    next = 0;
  } else await pool.query('truncate enrolments, audit, outbox restart identity');
  const cpu = process.cpuUsage();
  const out = await load(REQUESTS, 10_000);
  const used = process.cpuUsage(cpu);
  await app.close();
  const [{ n }] = (await pool.query(`select count(*)::int as n from ${kind === 'portal-book' ? 'offering_enrolments' : 'enrolments'}`)).rows as [
    { n: number },
  ];
  await pool.end();
  out.times.sort((a, b) => a - b);
  return {
    route: kind,
    pool: poolMax,
    perSecond: Math.round(REQUESTS / (out.totalMs / 1000)),
    p99: Math.round(pct(out.times, 99)),
    statuses: out.statuses,
    stored: kind === 'http' ? null : n,
    cpuMsPerRequest: Number(((used.user + used.system) / 1000 / REQUESTS).toFixed(2)),
    systemCpuMsPerRequest: Number((used.system / 1000 / REQUESTS).toFixed(2)),
    loadCpuMsPerRequest: out.loadCpuMs === null ? null : Number((out.loadCpuMs / REQUESTS).toFixed(2)),
  };
}

const f = bookingFloor(50, 2000);
console.log(JSON.stringify({ floor: f }));
await withThrowawayPg(async (url) => {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(schema);
  await admin.end();
  for (const [kind, poolMax] of [
    ['http', 10],
    ['floor-sql', 10],
    ['floor-sql', 50],
    ['one-call', 10],
    ['one-call', 50],
  ] as const) {
    print(await route(url, kind, poolMax));
  }
});
// the portal's booking on a database of the portal's own schema and the rush's world, over the portal's pool (10)
await withThrowawayPg((url) =>
  withBenchWorld('ceiling', url, async ({ db }) => {
    const world = await seedRushWorld(db, { kitas: 500, perKita: 4, events: 50, seats: 20 });
    print(await route(url, 'portal-book', 10, world.requests, db));
  }),
);

function print(r: Awaited<ReturnType<typeof route>>) {
  console.log(
    JSON.stringify({ ...r, ratio: f ? Number((r.perSecond / f.floorTps).toFixed(3)) : null, loadAverage: Number(loadavg()[0]!.toFixed(1)) }),
  );
}
