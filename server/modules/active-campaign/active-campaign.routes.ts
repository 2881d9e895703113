import type { FastifyInstance } from 'fastify';
import {
  acDryRunSchema,
  acListCreateSchema,
  acListSchema,
  acRunDetailSchema,
  acRunListSchema,
  acRunParams,
  acRunSchema,
  acSettingsSchema,
  acSettingsUpdateSchema,
  acTestRequestSchema,
  acTestResultSchema,
} from '../../../src/shared/contracts/active-campaign';
import { untilRequestGone } from '../../lib/request-signal';
import { adminRoute } from '../../lib/route-builders';
import { auditContext } from '../audit/audit';
import type { AcRuntime } from './ac-contact';
import { createList, dryRun, getRun, getSettings, listRuns, saveSettings, startRun, testConnection } from './active-campaign.service';

const tags = ['admin active-campaign'];
const base = '/api/admin/active-campaign';

export type ActiveCampaignRouteOptions = { runtime?: AcRuntime };

/** SPEC §3 "ActiveCampaign": settings, connection test, dry run and the runs; admins only */
export async function activeCampaignRoutes(app: FastifyInstance, opts: ActiveCampaignRouteOptions) {
  const asAdmin = adminRoute(app);
  const deps = { config: app.appConfig, runtime: opts.runtime ?? {} };

  asAdmin.get(`${base}/settings`, {
    schema: { tags, response: { 200: acSettingsSchema } },
    handler: async () => getSettings(app.db, app.appConfig),
  });
  asAdmin.put(`${base}/settings`, {
    errors: [409],
    schema: { tags, body: acSettingsUpdateSchema, response: { 200: acSettingsSchema } },
    handler: async (request) => saveSettings(app.db, app.appConfig, request.body, auditContext(request)),
  });
  asAdmin.post(`${base}/test`, {
    schema: { tags, body: acTestRequestSchema, response: { 200: acTestResultSchema } },
    // the calls stop when the admin's request is gone (and after INTERACTIVE_MS)
    handler: async (request, reply) => testConnection(app.db, { ...deps, signal: untilRequestGone(reply) }, request.body),
  });
  asAdmin.post(`${base}/lists`, {
    errors: [409],
    schema: { tags, body: acListCreateSchema, response: { 201: acListSchema } },
    // a write: it runs to its end (bounded by INTERACTIVE_MS), so a list created is also audited
    handler: async (request, reply) => reply.code(201).send(await createList(app.db, deps, request.body, auditContext(request))),
  });
  asAdmin.post(`${base}/dry-run`, {
    errors: [409],
    schema: { tags, response: { 200: acDryRunSchema } },
    handler: async () => dryRun(app.db, app.appConfig),
  });
  asAdmin.post(`${base}/runs`, {
    errors: [409],
    schema: { tags, response: { 202: acRunSchema } },
    handler: async (request, reply) => {
      const run = await startRun(app.db, deps, 'manual', auditContext(request), request.log);
      return reply.code(202).send(run);
    },
  });
  asAdmin.get(`${base}/runs`, {
    schema: { tags, response: { 200: acRunListSchema } },
    handler: async () => listRuns(app.db),
  });
  asAdmin.get(`${base}/runs/:runId`, {
    schema: { tags, params: acRunParams, response: { 200: acRunDetailSchema } },
    handler: async (request) => getRun(app.db, request.params.runId),
  });
}
