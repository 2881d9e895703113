import type { Readable } from 'node:stream';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import type { DbOrTx } from '../../db/client';
import type { FileStorage } from '../../lib/file-storage';
import { zipNameSegment, zipStream, type ZipEntry } from '../../lib/zip-stream';
import { activeFacilityLabels, findActiveFacility } from '../facilities/facility-scope';
import { formOf, reviewableStates } from './admin-documentation.service';
import { documentationForms } from './documentation.table';
import { documentationPdf, documentationPdfName } from './form-pdf';
import { seasonByIdentifier } from './templates.service';

/** GET …/{seasonIdentifier}/{facilityId}/pdf: the form as a PDF download (404 without a form) */
export async function sendFormPdf(db: DbOrTx, storage: FileStorage, reply: FastifyReply, seasonIdentifier: string, facilityId: number) {
  const { season, form } = await formOf(db, seasonIdentifier, facilityId);
  const facility = await findActiveFacility(db, facilityId);
  return reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${documentationPdfName(facility?.label ?? '', season.identifier)}"`)
    .send(documentationPdf(db, storage, form.id));
}

type Pdf = (db: DbOrTx, storage: FileStorage, formId: number) => Readable;

/**
 * Every form of the season the KiTa has submitted (submitted, approved, returned, rejected), one PDF per KiTa, in
 * KiTa order. Only the ids and names are read up front; each PDF is made when the ZIP pulls its entry, after the
 * previous one went out, so memory holds one form at a time.
 */
export async function* formPdfEntries(db: DbOrTx, storage: FileStorage, seasonId: number, pdf: Pdf = documentationPdf): AsyncGenerator<ZipEntry> {
  const forms = await db
    .select({ id: documentationForms.id, facilityId: documentationForms.facilityId })
    .from(documentationForms)
    .where(and(eq(documentationForms.seasonId, seasonId), inArray(documentationForms.state, [...reviewableStates])))
    .orderBy(asc(documentationForms.id));
  // the KiTas' names in one query (a merged or missing KiTa has none: "KiTa {id}")
  const labels = await activeFacilityLabels(db, forms.map((f) => f.facilityId));
  const named = forms.map((f) => ({ id: f.id, label: labels.get(f.facilityId) ?? `KiTa ${f.facilityId}` }));
  named.sort((a, b) => a.label.localeCompare(b.label, 'de'));
  for (const f of named) yield { name: `${zipNameSegment(f.label)}.pdf`, body: pdf(db, storage, f.id) };
}

/** GET …/{seasonIdentifier}/forms.zip */
export async function sendFormsZip(db: DbOrTx, storage: FileStorage, reply: FastifyReply, seasonIdentifier: string) {
  const season = await seasonByIdentifier(db, seasonIdentifier);
  const zip = zipStream(formPdfEntries(db, storage, season.id));
  zip.on('error', (err) => reply.log.error({ err }, 'forms zip failed'));
  return reply
    .header('content-type', 'application/zip')
    .header('content-disposition', `attachment; filename="dokumentationsboegen-${season.identifier}.zip"`)
    .send(zip);
}
