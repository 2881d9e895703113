import type { Readable } from 'node:stream';
import { eq } from 'drizzle-orm';
import { documentationStateLabels, type AnswerValue, type Answers, type DocumentationState } from '../../../src/shared/contracts/documentation';
import type { Question, Section } from '../../../src/shared/contracts/documentation-template';
import type { DbOrTx } from '../../db/client';
import { germanDateTime } from '../../lib/export-format';
import type { FileStorage } from '../../lib/file-storage';
import type { PdfDocModel, PdfImage } from '../../lib/pdf';
import type { PdfRenderer } from '../../lib/pdf-pool';
import { germanDate } from '../../../src/shared/berlin-date';
import { findActiveFacility } from '../facilities/facility-scope';
import { seasonQueries } from '../seasons/seasons.queries';
import { documentationForms as forms } from './documentation.table';
import { formFileRows } from './form.queries';
import { effectiveTemplate } from './templates.service';
import { asciiSlug } from '../../../src/shared/ascii-slug';

/**
 * One KiTa's documentation form as a PDF: attached to the submission mail (staff side) and downloaded by admins and
 * the jury, alone or in the season's ZIP (doc-jury-server imports it).
 *
 * API:
 * - `documentationPdf(db, storage, renderer, formId): Promise<Buffer>` — the form of that id as a PDF. The form, its
 *   season's template and its photos are read here, the PDF is rendered in a worker thread (`app.pdf`), so a photo
 *   pdfkit cannot decode rejects (PdfRenderError) instead of ending the server. Rendered from the season's effective
 *   template and the answers as stored now; JPEG and PNG photos are embedded, other files (PDF, WebP) are listed by
 *   name.
 * - `formPdfModel(input): PdfDocModel` — the same without I/O (tests, other callers that have the data): choices as
 *   their labels, dates as DD.MM.YYYY, file questions as the file names (+ photos) and the consent as "Ja"/"Nein",
 *   answers of questions no longer in the template in a last section "Weitere Angaben".
 * - `documentationPdfName(facilityLabel, seasonIdentifier)` — a file name for downloads and attachments.
 */

export type FormPdfFile = { questionKey: string; name: string; contentType: string; image: PdfImage | null };
export type FormPdfInput = {
  facility: { label: string; postalCode?: string | null; city?: string | null };
  season: { label: string };
  state: DocumentationState;
  submittedAt: Date | null;
  sections: Section[];
  answers: Answers;
  files: FormPdfFile[];
  /** "Erstellt am …" at the end; default now */
  generatedAt?: Date;
};

const when = (d: Date) => `${germanDateTime(d).replace(' ', ', ')} Uhr`;

/** a plain answer as text; choices and dates need their question (see answerText) */
function plain(value: AnswerValue | undefined): string | string[] | null {
  if (value === undefined || value === null) return null;
  if (typeof value === 'number') return String(value);
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value;
  return value.consent ? 'Ja' : 'Nein';
}

function answerText(q: Question, value: AnswerValue | undefined): string | string[] | null {
  switch (q.kind) {
    case 'single_choice':
      return typeof value === 'string' && value !== '' ? (q.options.find((o) => o.value === value)?.label ?? value) : null;
    case 'multi_choice':
      return Array.isArray(value) ? value.map((v) => q.options.find((o) => o.value === v)?.label ?? v) : null;
    case 'date':
      return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? germanDate(value) : plain(value);
    case 'files':
      return null; // the files themselves, below
    default:
      return plain(value);
  }
}

export function formPdfModel(input: FormPdfInput): PdfDocModel {
  const known = new Set<string>();
  const sections: PdfDocModel['sections'] = input.sections.map((s) => ({
    title: s.title,
    items: s.questions.flatMap((q) => {
      known.add(q.key);
      if (q.kind !== 'files') return [{ label: q.label, value: answerText(q, input.answers[q.key]) }];
      const files = input.files.filter((f) => f.questionKey === q.key);
      const item = { label: q.label, value: files.map((f) => f.name), images: files.flatMap((f) => (f.image ? [f.image] : [])) };
      if (!q.consentLabel) return [item];
      const consent = (input.answers[q.key] as { consent?: boolean } | null | undefined)?.consent === true;
      return [item, { label: q.consentLabel, value: files.length === 0 ? null : consent ? 'Ja' : 'Nein' }];
    }),
  }));
  // answers and files of questions removed from the template after the KiTa gave them: still part of its form
  const orphans = [
    ...Object.entries(input.answers)
      .filter(([k]) => !known.has(k))
      .map(([k, v]) => ({ label: k, value: plain(v) })),
    ...[...new Set(input.files.filter((f) => !known.has(f.questionKey)).map((f) => f.questionKey))].map((k) => ({
      label: k,
      value: input.files.filter((f) => f.questionKey === k).map((f) => f.name),
    })),
  ];
  if (orphans.length > 0) sections.push({ title: 'Weitere Angaben (Fragen, die nicht mehr in der Vorlage stehen)', items: orphans });

  const place = [input.facility.postalCode, input.facility.city].filter(Boolean).join(' ');
  return {
    title: 'Dokumentationsbogen',
    subtitle: `${input.facility.label} – ${input.season.label}`,
    meta: [
      { label: 'KiTa', value: input.facility.label },
      ...(place ? [{ label: 'Ort', value: place }] : []),
      { label: 'KiTa-Jahr', value: input.season.label },
      { label: 'Status', value: documentationStateLabels[input.state] },
      ...(input.submittedAt ? [{ label: 'Eingereicht am', value: when(input.submittedAt) }] : []),
    ],
    sections,
    notice: `Erstellt am ${when(input.generatedAt ?? new Date())}.`,
  };
}

/** "dokumentationsbogen-kinderhaus-sonnenschein-2026-27.pdf" */
export function documentationPdfName(facilityLabel: string, seasonIdentifier: string) {
  const slug = asciiSlug(facilityLabel, '-', 60, true);
  return `dokumentationsbogen-${slug || 'kita'}-${seasonIdentifier}.pdf`;
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

async function loadInput(db: DbOrTx, storage: FileStorage, formId: number): Promise<FormPdfInput> {
  const [form] = await db.select().from(forms).where(eq(forms.id, formId)).limit(1);
  if (!form) throw new Error(`documentation form ${formId} not found`);
  const [facility, season, template, rows] = await Promise.all([
    findActiveFacility(db, form.facilityId),
    seasonQueries({ db }).byId(form.seasonId),
    effectiveTemplate(db, form.seasonId),
    formFileRows(db, formId),
  ]);
  // one photo after the other: at most a few MB each in memory at a time while loading
  const files: FormPdfFile[] = [];
  for (const r of rows) {
    let image: PdfImage | null = null;
    if (r.contentType === 'image/jpeg' || r.contentType === 'image/png') {
      const body = await storage.get(r.storageKey);
      if (body) image = { data: await readAll(body), mime: r.contentType };
    }
    files.push({ questionKey: r.questionKey, name: r.name, contentType: r.contentType, image });
  }
  return {
    facility: { label: facility?.label ?? '', postalCode: facility?.postalCode, city: facility?.city },
    season: { label: season?.label ?? '' },
    state: form.state,
    submittedAt: form.submittedAt,
    sections: template.sections,
    answers: form.answers,
    files,
  };
}

/**
 * The form's PDF, rendered in the app's PDF threads (`app.pdf`). Rejects with a PdfRenderError when the PDF cannot be
 * built (a broken photo crashed its thread, it took too long): callers answer a German error, leave the attachment out
 * or put a note into the ZIP. A missing form or a storage failure rejects with that error instead.
 */
export async function documentationPdf(db: DbOrTx, storage: FileStorage, renderer: PdfRenderer, formId: number): Promise<Buffer> {
  return renderer.render(formPdfModel(await loadInput(db, storage, formId)));
}
