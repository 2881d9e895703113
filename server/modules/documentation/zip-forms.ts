import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyReply } from 'fastify';
import type { DbOrTx } from '../../db/client';
import type { FileStorage } from '../../lib/file-storage';
import { fail } from '../../lib/http-error';
import { PdfRenderError, type PdfRenderer } from '../../lib/pdf-pool';
import { zipNameSegment, zipStream, type ZipEntry } from '../../lib/zip-stream';
import { activeFacilityLabels, findActiveFacility } from '../facilities/facility-scope';
import { formOf, reviewableStates, type Caller } from './admin-documentation.service';
import { documentationForms } from './documentation.table';
import { documentationPdf, documentationPdfName } from './form-pdf';
import { seasonByIdentifier } from './templates.service';

export type PdfDeps = { db: DbOrTx; storage: FileStorage; renderer: PdfRenderer; log: Pick<FastifyBaseLogger, 'warn'> };

/** the log line of a PDF that could not be built: the form's id and why, nothing about the KiTa or its people */
const logPdfFailure = (log: PdfDeps['log'], formId: number, err: PdfRenderError, where: string) =>
  log.warn({ formId, reason: err.reason, detail: err.message.slice(0, 300) }, `documentation PDF could not be built (${where})`);

/** GET …/{seasonIdentifier}/{facilityId}/pdf: the form as a PDF download (404 without a form, 409 when it cannot be built) */
export async function sendFormPdf(deps: PdfDeps, reply: FastifyReply, seasonIdentifier: string, facilityId: number, caller: Pick<Caller, 'isAdmin'>) {
  const { season, form } = await formOf(deps.db, seasonIdentifier, facilityId, false, caller);
  const facility = await findActiveFacility(deps.db, facilityId);
  let pdf: Buffer;
  try {
    pdf = await documentationPdf(deps.db, deps.storage, deps.renderer, form.id);
  } catch (err) {
    if (!(err instanceof PdfRenderError)) throw err;
    logPdfFailure(deps.log, form.id, err, 'download');
    throw fail('documentation.pdf_failed');
  }
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${documentationPdfName(facility?.label ?? '', season.identifier)}"`)
    .send(pdf);
}

type Pdf = (formId: number) => Promise<Buffer>;
type Made = { ok: true; pdf: Buffer } | { ok: false; err: unknown };

/** the ZIP's entry in place of a PDF that could not be built */
export const pdfMissingText = (label: string) =>
  `Der Dokumentationsbogen der KiTa „${label}“ ließ sich nicht als PDF erstellen (vielleicht ist ein Foto beschädigt oder zu groß).\r\n` +
  'Im Portal kannst du dir den Bogen mit seinen Antworten und Fotos ansehen.\r\n';

/**
 * Every form of the season the KiTa has submitted (submitted, approved, returned, rejected), one PDF per KiTa, in
 * KiTa order. Only the ids and names are read up front. Each PDF is made while the previous entry is written (one
 * ahead, so the two PDF threads overlap with the ZIP's compression), so memory holds at most two forms at a time.
 * A PDF that cannot be built (PdfRenderError) becomes a short text file "<KiTa> – PDF fehlt.txt" saying so, and the
 * ZIP goes on; any other failure (database, storage) breaks the ZIP off.
 */
export async function* formPdfEntries(deps: PdfDeps, seasonId: number, pdf?: Pdf): AsyncGenerator<ZipEntry> {
  const make: Pdf = pdf ?? ((formId) => documentationPdf(deps.db, deps.storage, deps.renderer, formId));
  const forms = await deps.db
    .select({ id: documentationForms.id, facilityId: documentationForms.facilityId })
    .from(documentationForms)
    .where(and(eq(documentationForms.seasonId, seasonId), inArray(documentationForms.state, [...reviewableStates])))
    .orderBy(asc(documentationForms.id));
  // the KiTas' names in one query (a merged or missing KiTa has none: "KiTa {id}")
  const labels = await activeFacilityLabels(
    deps.db,
    forms.map((f) => f.facilityId),
  );
  const named = forms.map((f) => ({ id: f.id, label: labels.get(f.facilityId) ?? `KiTa ${f.facilityId}` }));
  named.sort((a, b) => a.label.localeCompare(b.label, 'de'));
  // settled, never rejected: a render waiting ahead must not become an unhandled rejection when the ZIP stops early
  const start = (formId: number): Promise<Made> =>
    make(formId).then(
      (p) => ({ ok: true, pdf: p }),
      (err: unknown) => ({ ok: false, err }),
    );
  let ahead: Promise<Made> | undefined;
  for (let i = 0; i < named.length; i++) {
    const f = named[i]!;
    const made = await (ahead ?? start(f.id));
    const next = named[i + 1];
    ahead = next ? start(next.id) : undefined;
    if (made.ok) {
      yield { name: `${zipNameSegment(f.label)}.pdf`, body: made.pdf };
    } else if (made.err instanceof PdfRenderError) {
      logPdfFailure(deps.log, f.id, made.err, 'season ZIP');
      yield { name: `${zipNameSegment(f.label)} – PDF fehlt.txt`, body: Buffer.from(pdfMissingText(f.label), 'utf8') };
    } else {
      throw made.err;
    }
  }
}

/** GET …/{seasonIdentifier}/forms.zip */
export async function sendFormsZip(deps: PdfDeps, reply: FastifyReply, seasonIdentifier: string) {
  const season = await seasonByIdentifier(deps.db, seasonIdentifier);
  const zip = zipStream(formPdfEntries(deps, season.id));
  zip.on('error', (err) => reply.log.error({ err }, 'forms zip failed'));
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="dokumentationsboegen-${season.identifier}.zip"`)
    .send(zip);
}
