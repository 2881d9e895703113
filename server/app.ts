import path from 'node:path';
import Fastify, { type FastifyBaseLogger, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { AppConfig } from './config';
import type { Db } from './db/client';
import type { FileStorage } from './lib/file-storage';
import { serializerCompiler } from './lib/json-serializer';
import { withSafeLogging } from './lib/logger';
import { createLifecycle } from './lib/lifecycle';
import { packageRoot } from './lib/package-root';
import { readBuildInfo, readVersion } from './lib/version';
import { createJobHeartbeats, type JobHeartbeats } from './lib/job-heartbeats';
import { accountAdminRoutes } from './modules/accounts/admin.routes';
import { secondFactorAtLogin } from './modules/accounts/login-factor';
import { accountMeRoutes } from './modules/accounts/me.routes';
import { accountPublicRoutes } from './modules/accounts/public.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { sessionContextColumns } from './modules/seasons/session-context';
import { configRoutes } from './modules/config/config.routes';
import { facilityRoutes } from './modules/facilities/facilities.routes';
import { personRoutes } from './modules/persons/persons.routes';
import { adminSeasonRoutes } from './modules/seasons/admin-seasons.routes';
import { enrolmentRoutes } from './modules/seasons/enrolment.routes';
import { programmeSteps } from './modules/programme/checklist-steps';
import { documentationSteps } from './modules/documentation/checklist-steps';
import { teamWorkshopStep } from './modules/team-workshops/team-workshops.service';
import { teamWorkshopRoutes } from './modules/team-workshops/team-workshops.routes';
import { adminFacilityRoutes } from './modules/admin-facilities/admin-facilities.routes';
import { adminPersonRoutes } from './modules/admin-persons/admin-persons.routes';
import { emailListRoutes } from './modules/email-lists/email-lists.routes';
import { adminHomeRoutes } from './modules/admin-home/admin-home.routes';
import { seasonReportRoutes } from './modules/season-report/season-report.routes';
import { programmeAdminRoutes } from './modules/programme/admin.routes';
import { adminDocumentationRoutes } from './modules/documentation/admin-documentation.routes';
import { startReminderJob } from './modules/programme/reminders';
import { programmeStaffRoutes } from './modules/programme/staff.routes';
import { documentationRoutes } from './modules/documentation/documentation.routes';
import { healthRoutes } from './modules/health/health.routes';
import metricsPlugin from './modules/health/metrics';
import { legacyImportRoutes } from './modules/legacy-imports/legacy-imports.routes';
import { activeCampaignRoutes } from './modules/active-campaign/active-campaign.routes';
import { startActiveCampaignJob, stopRuns } from './modules/active-campaign/active-campaign.service';
import type { AcRuntime } from './modules/active-campaign/ac-sync';
import accessPlugin from './plugins/access';
import cacheControlPlugin from './plugins/cache-control';
import dbPlugin from './plugins/db';
import errorHandler, { clientErrorHandler, frameworkErrors } from './plugins/error-handler';
import fileStoragePlugin from './plugins/file-storage';
import jsonBodyPlugin from './plugins/json-body';
import mailPlugin, { type MailPluginOptions } from './plugins/mail';
import openapiPlugin from './plugins/openapi';
import pdfPlugin from './plugins/pdf';
import requestContextPlugin from './plugins/request-context';
import type { PdfRendererOptions } from './lib/pdf-pool';
import securityPlugin from './plugins/security';
import sessionsPlugin from './plugins/sessions';
import spaPlugin from './plugins/spa';
import { sealPlainTotpSecrets } from './modules/accounts/totp';
import { startOrphanSweep } from './modules/documentation/orphan-sweep';
import { seasonTransitionRoutes } from './modules/season-transition/season-transition.routes';
import { retentionRoutes } from './modules/retention/retention.routes';
import { startRetentionJob } from './modules/retention/retention.job';

export const rootDir = packageRoot(import.meta.url);

export type BuildAppOptions = {
  config: AppConfig;
  db: Db;
  logger?: FastifyServerOptions['logger'];
  /** the process's logger (server/index.ts: createLogger), used instead of `logger` */
  loggerInstance?: FastifyBaseLogger;
  /** the jobs' last successful runs (SPEC §10); tests pass one with their own clock */
  heartbeats?: JobHeartbeats;
  /** directory of the built SPA; defaults to <root>/dist */
  distDir?: string;
  /** lets tests add routes (e.g. tiny admin/member routes) inside the guarded app before it is ready */
  extraRoutes?: (app: FastifyInstance) => void | Promise<void>;
  /** mail transport and worker timings; default: SMTP_URL or .eml files in DATA_DIR/mail */
  mail?: MailPluginOptions;
  /** where uploads live; default: FILE_STORAGE (DATA_DIR/uploads or S3); tests pass a memory storage */
  fileStorage?: FileStorage;
  /** the PDF threads' limits (tests shorten the timeout); default: 2 threads, 60 s, 256 MB heap */
  pdf?: PdfRendererOptions;
  /** background jobs of the server process (the programme's reminders); off in tests unless asked */
  jobs?: { reminders?: boolean; reminderIntervalMs?: number; activeCampaign?: boolean; orphanedUploads?: boolean; retention?: boolean };
  /** the ActiveCampaign client's timings (tests and the benchmark shorten retries; production keeps 5 requests/s) */
  activeCampaign?: AcRuntime;
};

/** The whole HTTP app as a plugin tree; index.ts only adds listening and shutdown. */
export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config } = options;
  const version = readVersion(rootDir);
  const app = Fastify({
    // every logged error goes through serializeError: no query parameters, no stray properties
    ...(options.loggerInstance ? { loggerInstance: options.loggerInstance } : { logger: withSafeLogging(options.logger ?? false) }),
    bodyLimit: config.bodyLimit,
    // TRUST_PROXY=1 trusts proxies on loopback and private networks (nginx on the host, a container network): the
    // client is the last address in X-Forwarded-For that is not such a proxy, the one the proxy appended, never the
    // first one, which any client can write (`true` would take that one: anyone could step around the per-address
    // login throttle by writing a new address into the header)
    trustProxy: config.trustProxy ? ['loopback', 'linklocal', 'uniquelocal'] : false,
    genReqId: () => crypto.randomUUID(),
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
    // errors before any route runs (bad percent-encoding, over-long parameters, unparsable HTTP) answer SPEC §3 too
    frameworkErrors,
    clientErrorHandler,
  });
  app.setValidatorCompiler(validatorCompiler);
  // responses: written by functions compiled from the zod response schemas (zod itself where those cannot)
  app.setSerializerCompiler(serializerCompiler);

  await app.register(requestContextPlugin); // first: a crash anywhere in a request is logged with its id
  await app.register(dbPlugin, { db: options.db, config });
  const heartbeats = options.heartbeats ?? createJobHeartbeats();
  app.decorate('jobHeartbeats', heartbeats);
  await app.register(errorHandler);
  await app.register(jsonBodyPlugin);
  await app.register(accessPlugin); // first: its onRoute check must see every later route
  await app.register(cacheControlPlugin); // before the routes too: its onRoute hook gives each its Cache-Control
  await app.register(openapiPlugin, { version });
  await app.register(securityPlugin); // before sessions: a foreign Origin is refused without a DB lookup
  await app.register(sessionsPlugin);
  await app.register(pdfPlugin, options.pdf ?? {});
  await app.register(mailPlugin, options.mail ?? {});
  await app.register(fileStoragePlugin, { storage: options.fileStorage });
  // TOTP secrets of older versions were stored in plain text: seal them before the first request
  app.addHook('onReady', async () => {
    const sealed = await sealPlainTotpSecrets(app.db, config);
    if (sealed > 0) app.log.info({ sealed }, 'TOTP secrets encrypted');
  });

  // starting → ready (the last onReady hook, below) → stopping (SIGTERM in index.ts, or close())
  const lifecycle = createLifecycle();
  app.decorate('lifecycle', lifecycle);
  app.addHook('preClose', async () => lifecycle.stopping());
  // Node's close() ends the idle keep-alive connections once, when it is called; a response still going out then (a
  // download whose stream has not ended) leaves its connection idle afterwards, open until the client closes it or
  // keepAliveTimeout (72 s), and the drain ran into SHUTDOWN_TIMEOUT_SECONDS (exit 1). Each response finished while
  // stopping ends the connections idle by now, its own among them (Fastify's 'idle' option only acts at close()).
  app.addHook('onResponse', (_request, _reply, done) => {
    if (lifecycle.state === 'stopping') app.server.closeIdleConnections();
    done();
  });
  // ...and says so: every answer given while stopping carries `Connection: close`, so the client (nginx) closes the
  // connection itself instead of sending its next request into it while the server closes it, a race in which nginx
  // answers a POST (a booking) with 502, as it never repeats one (deploy/nginx.conf, deploy/rolling-restart.sh)
  app.addHook('onSend', async (_request, reply, payload) => {
    if (lifecycle.state === 'stopping') reply.header('connection', 'close');
    return payload;
  });
  // after access, cache-control and openapi (their onRoute hooks see /api/metrics), before every other route: its
  // onResponse hook counts each request by its route template
  await app.register(metricsPlugin);
  await app.register(healthRoutes, { lifecycle, version: readBuildInfo(rootDir, config.gitCommit) });
  await app.register(configRoutes, { version });
  await app.register(authRoutes, { version, secondFactorAtLogin, contextColumns: sessionContextColumns });
  await app.register(accountPublicRoutes);
  await app.register(accountMeRoutes);
  await app.register(accountAdminRoutes);
  await app.register(facilityRoutes);
  await app.register(personRoutes);
  // the checklist's later steps belong to modules after seasons: passed in, not imported (ADR 0009)
  await app.register(enrolmentRoutes, {
    checklistSteps: { teamWorkshop: teamWorkshopStep, programme: programmeSteps, documentation: documentationSteps },
  });
  await app.register(adminSeasonRoutes);
  // issue 38: the certificate templates' copier joins `templateCopiers` once that module exists (SPEC §8)
  await app.register(seasonTransitionRoutes, { templateCopiers: [] });
  await app.register(adminFacilityRoutes);
  await app.register(adminPersonRoutes);
  await app.register(adminHomeRoutes);
  await app.register(seasonReportRoutes);
  await app.register(teamWorkshopRoutes);
  await app.register(programmeStaffRoutes);
  await app.register(programmeAdminRoutes);
  await app.register(documentationRoutes);
  await app.register(adminDocumentationRoutes);
  await app.register(legacyImportRoutes);
  await app.register(emailListRoutes);
  await app.register(activeCampaignRoutes, { runtime: options.activeCampaign });
  await app.register(retentionRoutes);
  // a sync running in this process stops after its current request (resumed later from its cursor) before the database closes
  app.addHook('onClose', async () => stopRuns());
  if (options.jobs?.activeCampaign) {
    let job: ReturnType<typeof startActiveCampaignJob> | undefined;
    app.addHook('onReady', async () => {
      job = startActiveCampaignJob(app.db, { config, runtime: options.activeCampaign ?? {} }, app.log.child({ module: 'activecampaign' }), {
        heartbeats,
      });
    });
    app.addHook('onClose', async () => job?.stop());
  }
  if (options.jobs?.reminders) {
    let job: ReturnType<typeof startReminderJob> | undefined;
    app.addHook('onReady', async () => {
      job = startReminderJob(app.db, app.log.child({ module: 'programme-reminders' }), { heartbeats, intervalMs: options.jobs?.reminderIntervalMs });
    });
    app.addHook('onClose', async () => job?.stop());
  }
  // issue 25: files a crash left without their row (local storage only; server/modules/documentation/orphan-sweep.ts)
  if (options.jobs?.orphanedUploads && app.appConfig.fileStorage.kind === 'local' && !options.fileStorage) {
    let sweep: ReturnType<typeof startOrphanSweep> | undefined;
    app.addHook('onReady', async () => {
      sweep = startOrphanSweep(app.db, path.resolve(app.appConfig.dataDir, 'uploads'), app.log.child({ module: 'orphaned-uploads' }), { heartbeats });
      await sweep.first;
    });
    app.addHook('onClose', async () => sweep?.stop());
  }
  // issue 38: the nightly retention run (server/modules/retention/retention.job.ts)
  if (options.jobs?.retention) {
    let job: ReturnType<typeof startRetentionJob> | undefined;
    app.addHook('onReady', async () => {
      const log = app.log.child({ module: 'retention' });
      job = startRetentionJob(
        { db: app.db, config, storage: app.fileStorage, log: (err) => log.warn({ err }, 'retention: a stored file could not be deleted') },
        log,
        { heartbeats },
      );
    });
    app.addHook('onClose', async () => job?.stop());
  }
  if (options.extraRoutes) await app.register(async (scope) => options.extraRoutes!(scope));

  await app.register(spaPlugin, { distDir: options.distDir ?? path.join(rootDir, 'dist') });
  // after every other onReady hook (TOTP sealing, mail worker, reminders): only then does ?ready say ok
  app.addHook('onReady', async () => lifecycle.ready());
  return app;
}

/** For scripts/bench and similar: a ready app listening on a port (0 = any free one). */
export async function startApp(options: BuildAppOptions & { port?: number; host?: string }) {
  const app = await buildApp(options);
  const address = await app.listen({ port: options.port ?? options.config.port, host: options.host ?? options.config.host });
  return { app, address };
}
