import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { migrationStatus } from '../../db/migrate';
import { publicRoute } from '../../lib/route-builders';
import type { Lifecycle } from '../../lib/lifecycle';
import type { BuildInfo } from '../../lib/version';
import { outboxHealth } from '../mail/outbox-health';

/** a mail older than this still waiting to go out means sending is stuck (SMTP down, worker dead) */
export const MAIL_LAG_LIMIT_SECONDS = 15 * 60;
/** more mails given up on in 24 hours than this fails the mail check: one is a wrong address, many are a broken mail server */
export const MAIL_FAILED_24H_LIMIT = 10;
/** less free space than this in DATA_DIR (uploads, the embedded database, secrets) fails the disk check */
export const MIN_FREE_BYTES = 512 * 1024 * 1024;
/** a check that takes longer than this fails: the endpoint stays cheap also when the database hangs */
const CHECK_TIMEOUT_MS = 3000;

const status = z.enum(['ok', 'fail']);
/** a failing check says why, in German, without personal data */
const message = z.string().optional();
const healthSchema = z.object({
  status,
  checks: z.object({
    lifecycle: z.object({ status, state: z.enum(['starting', 'ready', 'stopping']), message }).optional(),
    database: z.object({ status, message }),
    migrations: z.object({ status, applied: z.number().int().optional(), expected: z.number().int().optional(), message }).optional(),
    mail: z
      .object({
        status,
        pending: z.number().int().optional(),
        oldestPendingSeconds: z.number().int().optional(),
        failedLast24h: z.number().int().optional(),
        message,
      })
      .optional(),
    disk: z.object({ status, freeBytes: z.number().optional(), message }).optional(),
    jobs: z
      .object({
        status,
        items: z.array(
          z.object({
            name: z.string(),
            intervalSeconds: z.number(),
            /** ISO 8601; null: no successful run since the process started */
            lastSuccessAt: z.string().nullable(),
            stale: z.boolean(),
          }),
        ),
        message,
      })
      .optional(),
  }),
  /** package.json's version; the commit when the build or GIT_COMMIT names it (server/lib/version.ts) */
  version: z.object({ package: z.string(), commit: z.string().optional() }).optional(),
});
type Health = z.infer<typeof healthSchema>;
type Check = { status: 'ok' | 'fail'; message?: string };

async function timed<T extends Check>(run: () => Promise<T>, failed: string): Promise<T | Check> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<Check>((resolve) => {
    timer = setTimeout(() => resolve({ status: 'fail', message: `${failed} (keine Antwort nach ${CHECK_TIMEOUT_MS / 1000} s)` }), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([run().catch((): Check => ({ status: 'fail', message: failed })), timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** free bytes on the file system of DATA_DIR (of its nearest existing parent before the first upload) */
async function freeBytes(dataDir: string): Promise<number> {
  let dir = path.resolve(dataDir);
  for (;;) {
    try {
      const s = await fs.statfs(dir);
      return s.bavail * s.bsize;
    } catch (err) {
      const up = path.dirname(dir);
      if ((err as NodeJS.ErrnoException).code !== 'ENOENT' || up === dir) throw err;
      dir = up;
    }
  }
}

/**
 * SPEC §3 and §10 Operations: `GET /api/health` for monitoring (database, migrations, mail outbox, disk, the
 * background jobs' heartbeats; the version and commit) and
 * `GET /api/health?ready` for load balancers (lifecycle and database only). 200 when every check is ok, else 503
 * with the failing check. Public, no personal data, no session lookup needed.
 */
export async function healthRoutes(app: FastifyInstance, opts: { lifecycle: Lifecycle; version: BuildInfo }) {
  /** each job's last successful run; stale past twice its interval (SPEC §10) fails the check, naming the job */
  const jobs = () => {
    const items = app.jobHeartbeats.list().map((j) => ({
      name: j.name,
      intervalSeconds: j.intervalMs / 1000,
      lastSuccessAt: j.lastSuccessAt?.toISOString() ?? null,
      stale: j.stale,
    }));
    const stale = items.filter((j) => j.stale).map((j) => j.name);
    return stale.length === 0
      ? { status: 'ok' as const, items }
      : {
          status: 'fail' as const,
          items,
          message: `Hintergrundjob ohne erfolgreichen Lauf seit über dem Doppelten seines Takts: ${stale.join(', ')}`,
        };
  };

  const database = () =>
    timed(async (): Promise<Check> => {
      await app.db.execute(sql`select 1`);
      return { status: 'ok' };
    }, 'Datenbank nicht erreichbar');

  publicRoute(app).get('/api/health', {
    config: { cacheControl: 'no-store' },
    schema: {
      tags: ['operations'],
      summary: 'Betriebszustand (Monitoring) bzw. Bereitschaft (?ready, Load-Balancer)',
      querystring: z.object({ ready: z.string().max(10).optional() }),
      response: { 200: healthSchema, 503: healthSchema },
    },
    handler: async (request, reply) => {
      let checks: Health['checks'];
      if (request.query.ready !== undefined) {
        const state = opts.lifecycle.state;
        const lifecycle =
          state === 'ready'
            ? { status: 'ok' as const, state }
            : { status: 'fail' as const, state, message: state === 'starting' ? 'Das Portal startet noch.' : 'Das Portal fährt herunter.' };
        checks = { lifecycle, database: await database() };
      } else {
        const [db, migrations, mail, disk] = await Promise.all([
          database(),
          timed(async () => {
            const m = await migrationStatus(app.db);
            return m.current
              ? { status: 'ok' as const, applied: m.applied, expected: m.expected }
              : { status: 'fail' as const, applied: m.applied, expected: m.expected, message: 'Migrationen nicht aktuell' };
          }, 'Migrationsstand nicht lesbar'),
          timed(async () => {
            const o = await outboxHealth(app.db);
            if (o.oldestPendingSeconds > MAIL_LAG_LIMIT_SECONDS)
              return { status: 'fail' as const, ...o, message: `Mails warten seit über ${MAIL_LAG_LIMIT_SECONDS / 60} Minuten auf den Versand` };
            if (o.failedLast24h > MAIL_FAILED_24H_LIMIT)
              return { status: 'fail' as const, ...o, message: `Mehr als ${MAIL_FAILED_24H_LIMIT} Mails in 24 Stunden aufgegeben` };
            return { status: 'ok' as const, ...o };
          }, 'Mail-Warteschlange nicht lesbar'),
          timed(async () => {
            const free = await freeBytes(app.appConfig.dataDir);
            return free < MIN_FREE_BYTES
              ? { status: 'fail' as const, freeBytes: free, message: `weniger als ${MIN_FREE_BYTES / 1024 / 1024} MiB frei in DATA_DIR` }
              : { status: 'ok' as const, freeBytes: free };
          }, 'freier Platz in DATA_DIR nicht lesbar'),
        ]);
        checks = { database: db, migrations, mail, disk, jobs: jobs() };
      }
      const ok = Object.values(checks).every((c) => c?.status === 'ok');
      // ?ready is the load balancer's question: only state and database
      const version = request.query.ready === undefined ? { version: opts.version } : {};
      return reply.status(ok ? 200 : 503).send({ status: ok ? 'ok' : 'fail', checks, ...version });
    },
  });
}
