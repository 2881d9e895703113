import type { FastifyInstance } from 'fastify';
import { berlinToday } from '../../../src/shared/berlin-date';
import { seasonReportParamsSchema, seasonReportSchema } from '../../../src/shared/contracts/season-report';
import { adminRoute } from '../../lib/route-builders';
import { seasonReport } from './season-report.service';
import { seasonReportXlsx } from './season-report.xlsx';

const tags = ['season report'];
const base = '/api/admin/season-report/:seasonIdentifier';

/** the season report /verwaltung/auswertung (issue 22): its figures and their XLSX; admins only */
export async function seasonReportRoutes(app: FastifyInstance) {
  const asAdmin = adminRoute(app);
  asAdmin.get(base, {
    schema: { tags, params: seasonReportParamsSchema, response: { 200: seasonReportSchema } },
    handler: async (request) => seasonReport(app.db, request.params.seasonIdentifier),
  });
  asAdmin.get(`${base}/export.xlsx`, {
    schema: { tags, params: seasonReportParamsSchema, response: {} },
    handler: async (request, reply) => {
      const report = await seasonReport(app.db, request.params.seasonIdentifier);
      const file = await seasonReportXlsx(report);
      return reply
        .header('cache-control', 'no-store')
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="auswertung-${report.season.identifier}-${berlinToday()}.xlsx"`)
        .send(file);
    },
  });
}
