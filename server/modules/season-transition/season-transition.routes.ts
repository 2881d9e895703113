import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { idParam } from '../../../src/shared/contracts/common';
import { prepareNextAnswerSchema, prepareNextInputSchema } from '../../../src/shared/contracts/season-transition';
import { adminRoute } from '../../lib/route-builders';
import { auditContext } from '../audit/audit';
import { prepareNextSeason, type TemplateCopier } from './season-transition.service';

const tags = ['admin seasons'];

/** issue 38: "Nächstes KiTa-Jahr vorbereiten"; `templateCopiers`: later modules' templates (certificates), passed in by app.ts */
export async function seasonTransitionRoutes(app: FastifyInstance, opts: { templateCopiers?: TemplateCopier[] }) {
  adminRoute(app).post('/api/admin/seasons/:seasonId/prepare-next', {
    errors: [409],
    schema: { tags, params: z.object({ seasonId: idParam }), body: prepareNextInputSchema, response: { 200: prepareNextAnswerSchema } },
    handler: async (request) => prepareNextSeason(app.db, request.params.seasonId, request.body, auditContext(request), opts.templateCopiers ?? []),
  });
}
