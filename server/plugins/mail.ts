import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { onMailSuppressed } from '../modules/mail/outbox';
import { createMailWorker, type MailWorker, type MailWorkerOptions } from '../modules/mail/worker';
import { fileTransport, smtpTransport, type MailTransport } from '../modules/mail/transport';
import type { AttachmentSources } from '../modules/mail/templates';

declare module 'fastify' {
  interface FastifyInstance {
    /** `attachmentSources`: modules register builders of attachments made at send time (e.g. the documentation PDF) */
    mail: { worker: MailWorker; transport: MailTransport; attachmentSources: AttachmentSources };
  }
}

export type MailPluginOptions = {
  /** replaces SMTP / .eml files (tests use a memory or a test-SMTP transport) */
  transport?: MailTransport;
  /** worker timings (tests shorten the backoff) */
  worker?: Pick<MailWorkerOptions, 'intervalMs' | 'leaseMs' | 'batchSize' | 'backoffBaseMs' | 'maxBackoffMs' | 'maxAttempts' | 'now'>;
  /** false: the worker is built but not started (drain() still sends) */
  start?: boolean;
};

/** The outbox worker lives as long as the app: started when ready, drained and stopped on close. */
async function mailPlugin(app: FastifyInstance, opts: MailPluginOptions) {
  const config = app.appConfig;
  const log = app.log.child({ module: 'mail' });
  const transport =
    opts.transport ??
    (config.smtpUrl
      ? smtpTransport(config.smtpUrl)
      : fileTransport(path.resolve(config.dataDir, 'mail'), (o, m) => log.info(o, m), config.production));
  const attachmentSources: AttachmentSources = new Map();
  const worker = createMailWorker({
    db: app.db,
    config,
    transport,
    log: { info: (o, m) => log.info(o, m), warn: (o, m) => log.warn(o, m), error: (o, m) => log.error(o, m) },
    ...opts.worker,
    attachmentSources,
    heartbeats: app.jobHeartbeats,
  });
  app.decorate('mail', { worker, transport, attachmentSources });
  // a mail the budget held back is a line in the log (no address: the outbox row has it, for the record)
  const offSuppressed = onMailSuppressed((m) =>
    log.warn({ mailId: m.id, template: m.template, facilityId: m.facilityId, reason: m.reason }, 'mail over budget, not sent'),
  );
  if (opts.start !== false) app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => {
    offSuppressed();
    await worker.stop();
  });
}

export default fp(mailPlugin, { name: 'mail', dependencies: ['db'] });
