import type { FastifyBaseLogger, FastifyInstance, FastifyServerOptions } from 'fastify';
import type { AppConfig } from '../config';
import type { Db } from '../db/client';
import type { MailPluginOptions } from '../plugins/mail';
import type { AcRuntime } from '../modules/active-campaign/ac-contact';
import type { FileStorage } from './file-storage';
import type { JobHeartbeats } from './job-heartbeats';
import type { Lifecycle } from './lifecycle';
import type { PdfRendererOptions } from './pdf-pool';
import type { BuildInfo } from './version';

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

/** what buildApp hands each module's register() */
export type ModuleContext = {
  options: BuildAppOptions;
  /** the package version (GET /api/config) and the build (GET /api/health) */
  version: string;
  buildInfo: BuildInfo;
  lifecycle: Lifecycle;
  heartbeats: JobHeartbeats;
};

export type ServerModule = { register?: (app: FastifyInstance, context: ModuleContext) => Promise<void> };

/**
 * A module's place in the app: `server/modules/<module>/module.ts` default-exports `serverModule(register)`, where
 * register adds the module's routes (app.register), its hooks and its background jobs to the root app. buildApp loads
 * every module of scripts/module-boundaries.cjs's serverLayers in that order, so a new module is registered by its
 * line there (docs/modules.md). A module with nothing to register (a library such as users or audit) exports
 * `serverModule()`.
 */
export const serverModule = (register?: ServerModule['register']): ServerModule => ({ register });
