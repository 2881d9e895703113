import { createHash, timingSafeEqual } from 'node:crypto';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import { Gauge, Histogram, Registry } from 'prom-client';
import { z } from 'zod';
import { fail } from '../../lib/http-error';
import { publicRoute } from '../../lib/route-builders';
import { outboxHealth } from '../mail/outbox-health';

/** the route label of a request no route matched (a 404): never its URL, which may carry ids or addresses */
export const UNMATCHED_ROUTE = '(unmatched)';

const sha256 = (text: string) => createHash('sha256').update(text).digest();

/** `Authorization: Bearer <token>` compared in constant time (both sides hashed first: equal length, no early exit) */
function bearerMatches(header: string | undefined, token: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? '';
  return timingSafeEqual(sha256(given), sha256(token));
}

/**
 * SPEC §10 `GET /api/metrics` (Prometheus text, prom-client): requests by route template and status, the event
 * loop's delay, the database pool, the mail outbox and each background job's last successful run. One registry per
 * app (buildApp runs many times in one test process: prom-client's global registry would collide). Not public: only
 * with METRICS_TOKEN as a bearer token; without one configured the endpoint does not exist (404).
 */
async function metricsPlugin(app: FastifyInstance) {
  const registry = new Registry();

  const requests = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP requests by method, route template (never the raw URL) and status: duration in seconds; _count is the number of requests',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    requests.observe(
      { method: request.method, route: request.routeOptions.url ?? UNMATCHED_ROUTE, status_code: String(reply.statusCode) },
      reply.elapsedTime / 1000,
    );
    done();
  });

  // the event loop's delay since the last scrape: how long ready work waited (CPU-bound code, a busy machine)
  const loop = monitorEventLoopDelay({ resolution: 20 });
  loop.enable();
  app.addHook('onClose', async () => loop.disable());
  new Gauge({
    name: 'nodejs_eventloop_delay_seconds',
    help: 'Event loop delay since the last scrape (quantile 0.5, 0.9, 0.99 and max), seconds',
    labelNames: ['quantile'] as const,
    registers: [registry],
    collect() {
      const s = (ns: number) => (Number.isFinite(ns) ? ns / 1e9 : 0);
      for (const q of [50, 90, 99]) this.set({ quantile: String(q / 100) }, s(loop.percentile(q)));
      this.set({ quantile: 'max' }, s(loop.max));
      loop.reset();
    },
  });

  // PostgreSQL: node-postgres's pool counts. PGlite is one embedded connection whose queue is not visible: no pool
  // figures are reported for it rather than made-up ones (kita_db_info says which driver runs)
  const client = (app.db as unknown as { $client: unknown }).$client;
  const pool = client instanceof pg.Pool ? client : undefined;
  new Gauge({ name: 'kita_db_info', help: 'The database driver in use (1)', labelNames: ['driver'] as const, registers: [registry] }).set(
    { driver: pool ? 'pg' : 'pglite' },
    1,
  );
  if (pool) {
    new Gauge({
      name: 'kita_db_pool_connections',
      help: 'PostgreSQL pool connections by state (in_use, idle)',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
        this.set({ state: 'idle' }, pool.idleCount);
      },
    });
    new Gauge({
      name: 'kita_db_pool_waiting',
      help: 'Queries waiting for a free PostgreSQL pool connection',
      registers: [registry],
      collect() {
        this.set(pool.waitingCount);
      },
    });
  }

  // the mail outbox: one query on its indexes, as /api/health reads it; an unreadable outbox reports nothing
  let outbox: ReturnType<typeof outboxHealth> | undefined;
  const readOutbox = () => (outbox ??= outboxHealth(app.db).finally(() => setImmediate(() => (outbox = undefined))));
  const outboxGauge = (name: string, help: string, pick: (o: Awaited<ReturnType<typeof outboxHealth>>) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        this.reset();
        const o = await readOutbox().catch(() => undefined);
        if (o) this.set(pick(o));
      },
    });
  outboxGauge('kita_mail_outbox_pending', 'Mails waiting to go out (pending or being sent)', (o) => o.pending);
  outboxGauge(
    'kita_mail_outbox_oldest_pending_age_seconds',
    'Age of the oldest mail waiting to go out, seconds (0: none waits)',
    (o) => o.oldestPendingSeconds,
  );
  outboxGauge('kita_mail_outbox_failed_last_24h', 'Mails given up on in the last 24 hours', (o) => o.failedLast24h);

  // the jobs' heartbeats (server/lib/job-heartbeats.ts); a job without a success since the start has no timestamp
  new Gauge({
    name: 'kita_job_last_success_timestamp_seconds',
    help: "Each background job's last successful run, Unix time",
    labelNames: ['job'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const j of app.jobHeartbeats.list()) if (j.lastSuccessAt) this.set({ job: j.name }, j.lastSuccessAt.getTime() / 1000);
    },
  });
  new Gauge({
    name: 'kita_job_interval_seconds',
    help: "Each background job's interval, seconds (stale past twice this)",
    labelNames: ['job'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const j of app.jobHeartbeats.list()) this.set({ job: j.name }, j.intervalMs / 1000);
    },
  });
  new Gauge({
    name: 'kita_job_stale',
    help: '1 when a background job had no successful run for over twice its interval (what fails /api/health)',
    labelNames: ['job'] as const,
    registers: [registry],
    collect() {
      this.reset();
      for (const j of app.jobHeartbeats.list()) this.set({ job: j.name }, j.stale ? 1 : 0);
    },
  });

  publicRoute(app).get('/api/metrics', {
    config: { cacheControl: 'no-store' },
    errors: [401, 404],
    schema: {
      tags: ['operations'],
      summary: 'Messwerte im Prometheus-Textformat (nur mit Authorization: Bearer <METRICS_TOKEN>)',
      response: { 200: z.string() },
    },
    handler: async (request, reply) => {
      const token = app.appConfig.metricsToken;
      if (!token) throw fail('common.not_found');
      if (!bearerMatches(request.headers.authorization, token)) {
        reply.header('www-authenticate', 'Bearer');
        throw fail('health.metrics_token');
      }
      return reply.header('content-type', registry.contentType).send(await registry.metrics());
    },
  });
}

export default fp(metricsPlugin, { name: 'metrics', dependencies: ['db'] });
