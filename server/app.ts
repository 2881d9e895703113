import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { serializerCompiler } from './lib/json-serializer';
import { withSafeLogging } from './lib/logger';
import { createLifecycle } from './lib/lifecycle';
import { packageRoot } from './lib/package-root';
import { readBuildInfo, readVersion } from './lib/version';
import { createJobHeartbeats } from './lib/job-heartbeats';
import type { BuildAppOptions, ServerModule } from './lib/server-module';
import { serverLayers } from '../scripts/module-boundaries.cjs';
import { secondFactorAtLogin } from './modules/accounts/login-factor';
import { authRoutes } from './modules/auth/auth.routes';
import { sessionContextColumns } from './modules/seasons/session-context';
import { enrolmentRoutes } from './modules/seasons/enrolment.routes';
import { programmeSteps } from './modules/programme/checklist-steps';
import { documentationSteps } from './modules/documentation/checklist-steps';
import { certificateStep } from './modules/certificates/checklist-step';
import { teamWorkshopStep } from './modules/team-workshops/team-workshops.service';
import metricsPlugin from './modules/health/metrics';
import accessPlugin from './plugins/access';
import cacheControlPlugin from './plugins/cache-control';
import dbPlugin from './plugins/db';
import errorHandler, { clientErrorHandler, frameworkErrors } from './plugins/error-handler';
import fileStoragePlugin from './plugins/file-storage';
import jsonBodyPlugin from './plugins/json-body';
import mailPlugin from './plugins/mail';
import openapiPlugin from './plugins/openapi';
import pdfPlugin from './plugins/pdf';
import requestContextPlugin from './plugins/request-context';
import securityPlugin from './plugins/security';
import sessionsPlugin from './plugins/sessions';
import spaPlugin from './plugins/spa';

export const rootDir = packageRoot(import.meta.url);

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
  // starting → ready (the last onReady hook, below) → stopping (SIGTERM in index.ts, or close())
  const lifecycle = createLifecycle();
  app.decorate('lifecycle', lifecycle);
  let closing = false;
  app.addHook('preClose', async () => {
    lifecycle.stopping();
    closing = true;
  });
  // Node's close() ends the idle keep-alive connections once, when it is called; a response still going out then (a
  // download whose stream has not ended) leaves its connection idle afterwards, open until the client closes it or
  // keepAliveTimeout (72 s), and the drain ran into SHUTDOWN_TIMEOUT_SECONDS (exit 1). Each response finished while
  // closing ends the connections idle by now, its own among them (Fastify's 'idle' option only acts at close()). Not
  // before close(): while SIGTERM's drain waits (index.ts), the clients close their idle connections themselves.
  app.addHook('onResponse', (_request, _reply, done) => {
    if (closing) app.server.closeIdleConnections();
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
  // the login routes and the enrolment routes get parts of modules above theirs, passed in here (ADR 0009)
  await app.register(authRoutes, { version, secondFactorAtLogin, contextColumns: sessionContextColumns });
  await app.register(enrolmentRoutes, {
    checklistSteps: { teamWorkshop: teamWorkshopStep, programme: programmeSteps, documentation: documentationSteps, certificate: certificateStep },
  });
  // every module in the order of its layer (scripts/module-boundaries.cjs): its routes, hooks and jobs (module.ts)
  const context = { options, version, buildInfo: readBuildInfo(rootDir, config.gitCommit), lifecycle, heartbeats };
  for (const name of serverLayers) {
    const loaded = (await import(`./modules/${name}/module.ts`).catch((cause: unknown) => {
      throw new Error(`server/modules/${name}/module.ts could not be loaded: every module in serverLayers has one (docs/modules.md)`, { cause });
    })) as { default: ServerModule };
    await loaded.default.register?.(app, context);
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
