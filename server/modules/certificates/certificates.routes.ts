import type { Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  adminCertificatesAnswerSchema,
  certificateListQuerySchema,
  certificateTemplateInputSchema,
  certificateTemplateSchema,
  facilityCertificatesAnswerSchema,
  issueCertificatesAnswerSchema,
  issueCertificatesInputSchema,
  normaliseCheckCode,
  seasonParamsSchema,
  verifyAnswerSchema,
  verifyQuerySchema,
} from '../../../src/shared/contracts/certificates';
import { idParam } from '../../../src/shared/contracts/common';
import type { CertificateDocModel } from '../../lib/certificate-pdf';
import { fail } from '../../lib/http-error';
import { PdfRenderError } from '../../lib/pdf-pool';
import { adminRoute, memberRoute, publicRoute } from '../../lib/route-builders';
import { auditContext } from '../audit/audit';
import { isReceivedUpload, uploadBody } from '../documentation/upload-body';
import { activeFacility } from '../facilities/facility-scope';
import { rateLimiter, tooManyRequests, type RateRule } from '../rate-limit/rate-limit';
import { attendedEnrolmentsOf, awardCandidates } from './facts';
import { issueAwards, pendingAwards } from './issue.service';
import {
  adminCertificates,
  attendanceCertificatesOf,
  certificateById,
  certificateDocModel,
  certificateOfFacility,
  facilityCertificates,
  pdfFileName,
  previewRow,
  singleTitle,
  tooManyForBatch,
  verifyCode,
} from './read.service';
import { IMAGE_MAX_BYTES, saveTemplate, seasonByIdentifier, storeTemplateImage, templateImage, templateOfSeason } from './templates.service';
import { printedAward, seasonYears } from './printed';
import type { CertificateRow } from './certificates.table';

/**
 * SPEC §8's API. The public check counts unknown codes per client address: at most 30 in 10 minutes, then 429 for
 * every check from that address until the window frees a slot (a known code does not count: its reservation is given
 * back). Guessing 1,000 codes thus takes at least five and a half hours from one address; a code has 60 random bits.
 */
export const verifyRule: RateRule = { bucket: 'certificate-verify-ip', limit: 30, windowMs: 10 * 60_000 };
const BATCH_MAX = 1000;

const tags = ['certificates'];
const adminTags = ['admin certificates'];
const certificateParams = z.object({ certificateId: idParam });
const facilityCertificateParams = z.object({ facilityId: idParam, certificateId: idParam });
const facilityParams = z.object({ facilityId: idParam });
const offeringParams = z.object({ offeringId: idParam });
const previewQuerySchema = z.object({ seasonIdentifier: seasonParamsSchema.shape.seasonIdentifier });
const imageParams = z.object({ imageId: z.string().regex(/^[a-z0-9-]{1,80}$/, 'Ungültiges Bild.') });

export async function certificateRoutes(app: FastifyInstance) {
  const asAdmin = adminRoute(app);
  const asMember = memberRoute(app);
  const issuer = app.appConfig.programmeName;
  const publicUrl = app.appConfig.publicUrl;

  async function sendPdf(reply: FastifyReply, rows: CertificateRow[], title: string, fileName: string) {
    let pdf: Readable;
    try {
      const model: CertificateDocModel = await certificateDocModel(app.db, rows, publicUrl, title);
      // streamed: the answer starts with the first pages; a failure after them ends the download unfinished
      pdf = await app.pdf.streamCertificates(model, { timeoutMs: 120_000 });
    } catch (err) {
      if (!(err instanceof PdfRenderError)) throw err;
      reply.log.error({ err: { message: err.message, reason: err.reason }, certificates: rows.length }, 'certificate PDF failed');
      throw fail('certificates.pdf_failed');
    }
    pdf.once('error', (err: Error) =>
      reply.log.error(
        { err: { message: err.message, reason: err instanceof PdfRenderError ? err.reason : undefined }, certificates: rows.length },
        'certificate PDF failed while streaming',
      ),
    );
    return reply.header('content-type', 'application/pdf').header('content-disposition', `attachment; filename="${fileName}"`).send(pdf);
  }

  // the season's template
  const templateUrl = '/api/admin/certificate-templates/:seasonIdentifier';
  asAdmin.get(templateUrl, {
    schema: { tags: adminTags, params: seasonParamsSchema, response: { 200: certificateTemplateSchema } },
    handler: async (request) => templateOfSeason(app.db, request.params.seasonIdentifier),
  });
  asAdmin.put(templateUrl, {
    errors: [409],
    schema: { tags: adminTags, params: seasonParamsSchema, body: certificateTemplateInputSchema, response: { 200: certificateTemplateSchema } },
    handler: async (request) => saveTemplate(app.db, request.params.seasonIdentifier, request.body, auditContext(request)),
  });
  asAdmin.get('/api/admin/certificate-images/:imageId', {
    config: { cacheControl: 'private, no-store' },
    schema: { tags: adminTags, params: imageParams, response: {} },
    handler: async (request, reply) => {
      const image = await templateImage(app.db, request.params.imageId);
      if (!image) throw fail('common.not_found');
      return reply.header('content-type', image.contentType).header('x-content-type-options', 'nosniff').send(image.bytes);
    },
  });
  await app.register(imageUploadRoutes);

  // the certificates
  asAdmin.get('/api/admin/certificates', {
    schema: { tags: adminTags, querystring: certificateListQuerySchema, response: { 200: adminCertificatesAnswerSchema } },
    handler: async (request) => {
      const { seasonIdentifier, awardingEventId, kind } = request.query;
      const season = await seasonByIdentifier(app.db, seasonIdentifier);
      const items = (await adminCertificates(app.db, season, kind, awardingEventId)).map(({ row: _row, ...item }) => item);
      const pending = kind === 'award' ? await pendingAwards(app.db, season, awardingEventId, issuer) : 0;
      return { items, pending };
    },
  });
  asAdmin.post('/api/admin/certificates/issue', {
    schema: { tags: adminTags, body: issueCertificatesInputSchema, response: { 200: issueCertificatesAnswerSchema } },
    handler: async (request) => issueAwards(app.db, request.body.seasonIdentifier, request.body.awardingEventId, issuer, auditContext(request)),
  });
  asAdmin.get('/api/admin/certificates/batch.pdf', {
    config: { cacheControl: 'private, no-store' },
    schema: { tags: adminTags, querystring: certificateListQuerySchema, response: {} },
    handler: async (request, reply) => {
      const { seasonIdentifier, awardingEventId, kind } = request.query;
      const season = await seasonByIdentifier(app.db, seasonIdentifier);
      const rows = (await adminCertificates(app.db, season, kind, awardingEventId)).map((i) => i.row);
      if (rows.length > BATCH_MAX) throw tooManyForBatch();
      const years = seasonYears(season.identifier);
      const what = kind === 'award' ? 'Urkunden' : 'Teilnahmebescheinigungen';
      return sendPdf(
        reply,
        rows,
        `${what} KiTa-Jahr ${years}`,
        `${kind === 'award' ? 'urkunden' : 'teilnahmebescheinigungen'}-${season.identifier}.pdf`,
      );
    },
  });
  // "Vorschau": the template as the editor holds it, saved or not (issue 37), with the first KiTa's data; writes nothing
  asAdmin.post('/api/admin/certificates/preview.pdf', {
    config: { cacheControl: 'private, no-store' },
    schema: { tags: adminTags, querystring: previewQuerySchema, body: certificateTemplateInputSchema, response: {} },
    handler: async (request, reply) => {
      const season = await seasonByIdentifier(app.db, request.query.seasonIdentifier);
      const [first] = await awardCandidates(app.db, season, undefined);
      if (!first) throw fail('certificates.no_preview');
      const { heading, body, signatures, logoId } = request.body;
      const printed = printedAward({ heading, body, signatures, logoId }, first, issuer);
      const row = previewRow(printed, season.id);
      return sendPdf(reply, [row], `Vorschau: ${singleTitle(row)}`, `urkunde-vorschau-${season.identifier}.pdf`);
    },
  });
  asAdmin.get('/api/admin/certificates/:certificateId.pdf', {
    config: { cacheControl: 'private, no-store' },
    schema: { tags: adminTags, params: certificateParams, response: {} },
    handler: async (request, reply) => {
      const row = await certificateById(app.db, request.params.certificateId);
      return sendPdf(reply, [row], singleTitle(row), pdfFileName(row));
    },
  });
  asAdmin.get('/api/admin/offerings/:offeringId/attendance-certificates.pdf', {
    config: { cacheControl: 'private, no-store' },
    schema: { tags: adminTags, params: offeringParams, response: {} },
    handler: async (request, reply) => {
      const rows = await attendanceCertificatesOf(app.db, await attendedEnrolmentsOf(app.db, request.params.offeringId));
      if (rows.length === 0) throw fail('certificates.no_attendance');
      const first = rows[0]!.printed;
      const title = `Teilnahmebescheinigungen: ${first.kind === 'attendance' ? first.offeringTitle : ''}`;
      return sendPdf(reply, rows, title, `teilnahmebescheinigungen-termin-${request.params.offeringId}.pdf`);
    },
  });

  // the KiTa's staff
  asMember.get('/api/facilities/:facilityId/certificates', {
    schema: { tags, params: facilityParams, response: { 200: facilityCertificatesAnswerSchema } },
    handler: async (request) => {
      await activeFacility(app.db, request.params.facilityId);
      return { certificates: await facilityCertificates(app.db, request.params.facilityId) };
    },
  });
  asMember.get('/api/facilities/:facilityId/certificates/:certificateId.pdf', {
    config: { cacheControl: 'private, no-store' },
    schema: { tags, params: facilityCertificateParams, response: {} },
    handler: async (request, reply) => {
      await activeFacility(app.db, request.params.facilityId);
      const row = await certificateOfFacility(app.db, request.params.facilityId, request.params.certificateId);
      return sendPdf(reply, [row], singleTitle(row), pdfFileName(row));
    },
  });

  // anyone holding a certificate
  const limiter = rateLimiter({ db: app.db });
  publicRoute(app).get('/api/certificates/verify', {
    errors: [404, 429],
    config: { cacheControl: 'no-store' },
    schema: { tags, querystring: verifyQuerySchema, response: { 200: verifyAnswerSchema } },
    handler: async (request) => {
      // reserved before the look-up, given back when the code is known: a burst never checks more than the limit
      const reservation = await limiter.reserve([{ rule: verifyRule, key: request.ip }]);
      if (!reservation.ok) throw tooManyRequests(reservation.until);
      const code = normaliseCheckCode(request.query.code);
      const answer = code ? await verifyCode(app.db, code) : null;
      if (!answer) throw fail('certificates.unknown_code');
      await limiter.release(reservation.ids);
      return answer;
    },
  });
}

/** the template's images in their own scope: the octet-stream parser and its limits exist for this route only */
async function imageUploadRoutes(app: FastifyInstance) {
  uploadBody(app, { access: 'admin', maxBytes: IMAGE_MAX_BYTES, tooLarge: () => fail('certificates.image_too_large') });
  adminRoute(app).post('/api/admin/certificate-images', {
    errors: [413, 429],
    schema: {
      tags: adminTags,
      response: { 201: z.object({ id: z.string(), width: z.number().int(), height: z.number().int() }) },
    },
    handler: async (request, reply) => {
      const upload = isReceivedUpload(request.body) ? request.body : null;
      return reply.code(201).send(await storeTemplateImage(app.db, upload, request.user.id));
    },
  });
}
