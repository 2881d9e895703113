import { Readable } from 'node:stream';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyReply } from 'fastify';
import { documentationStateLabels, type AnswerValue } from '../../../src/shared/contracts/documentation';
import type { Question, Section } from '../../../src/shared/contracts/documentation-template';
import { queryRows, type DbOrTx } from '../../db/client';
import { csvExcel, type Column } from '../../lib/export-format';
import { xlsxStream } from '../../lib/xlsx-stream';
import { facilities } from '../facilities/facilities.table';
import { reviewableStates } from './admin-documentation.service';
import { effectiveTemplate, seasonByIdentifier } from './templates.service';
import { documentationFiles, documentationForms, type DocumentationFormRow } from './documentation.table';

type Row = {
  form: DocumentationFormRow;
  kita: { label: string; postalCode: string; city: string; region: string };
  /** names of the form's files per question key */
  files: Record<string, string[]>;
};

const BATCH = 500;

/** one cell of an answer, as a reader of the spreadsheet expects it (labels, not option keys; numbers as numbers) */
export function answerCell(q: Question, value: AnswerValue | undefined, files: string[]): string | number | null {
  switch (q.kind) {
    case 'number':
      return typeof value === 'number' ? value : null;
    case 'single_choice':
      return typeof value === 'string' ? (q.options.find((o) => o.value === value)?.label ?? value) : null;
    case 'multi_choice':
      return Array.isArray(value) ? value.map((v) => q.options.find((o) => o.value === v)?.label ?? v).join(', ') : null;
    case 'files':
      return files.length === 0 ? null : `${files.length}: ${files.join(', ')}`;
    case 'date':
    case 'text':
    case 'long_text':
      return typeof value === 'string' && value !== '' ? value : null;
  }
}

/** an answer whose question left the template: its value as plain text */
const orphanCell = (value: AnswerValue | undefined): string | number | null => {
  if (value === undefined || value === null || value === '') return null;
  if (typeof value === 'number' || typeof value === 'string') return value;
  if (Array.isArray(value)) return value.join(', ');
  return value.consent ? 'Einwilligung bestätigt' : 'Einwilligung nicht bestätigt';
};

export function answerColumns(sections: Section[], orphanKeys: string[]): Column<Row>[] {
  const fixed: Column<Row>[] = [
    { header: 'KiTa', value: (r) => r.kita.label, width: 36 },
    { header: 'PLZ', value: (r) => r.kita.postalCode },
    { header: 'Ort', value: (r) => r.kita.city },
    { header: 'Regierungsbezirk', value: (r) => r.kita.region },
    { header: 'Status', value: (r) => documentationStateLabels[r.form.state] },
    { header: 'Eingereicht am', value: (r) => r.form.submittedAt, kind: 'datetime' },
  ];
  const questions: Column<Row>[] = sections.flatMap((s) =>
    s.questions.map((q): Column<Row> => ({
      header: q.label,
      value: (r) => answerCell(q, r.form.answers[q.key], r.files[q.key] ?? []),
      kind: q.kind === 'date' ? 'date' : q.kind === 'number' ? 'number' : 'text',
      width: q.kind === 'long_text' ? 60 : 24,
    })),
  );
  const orphans: Column<Row>[] = orphanKeys.map((key) => ({ header: key, value: (r) => orphanCell(r.form.answers[key]), width: 24 }));
  return [...fixed, ...questions, ...orphans];
}

/** every started form of the season in KiTa order, in keyset batches, with its KiTa and its files' names */
async function* batches(db: DbOrTx, seasonId: number, submittedOnly: boolean): AsyncGenerator<Row[]> {
  let last: { sort: string; id: number } | undefined;
  for (;;) {
    const rows = await db
      .select({
        form: documentationForms,
        kita: { label: facilities.label, postalCode: facilities.postalCode, city: facilities.city, region: facilities.region },
        sort: facilities.labelSort,
      })
      .from(documentationForms)
      .innerJoin(facilities, eq(facilities.id, documentationForms.facilityId))
      .where(
        and(
          eq(documentationForms.seasonId, seasonId),
          submittedOnly ? and(inArray(documentationForms.state, [...reviewableStates]), isNotNull(documentationForms.submittedAt)) : undefined,
          last ? sql`(${facilities.labelSort}, ${documentationForms.id}) > (${last.sort}, ${last.id})` : undefined,
        ),
      )
      .orderBy(asc(facilities.labelSort), asc(documentationForms.id))
      .limit(BATCH);
    if (rows.length === 0) return;
    const files = await db
      .select({ formId: documentationFiles.formId, questionKey: documentationFiles.questionKey, name: documentationFiles.name })
      .from(documentationFiles)
      .where(
        inArray(
          documentationFiles.formId,
          rows.map((r) => r.form.id),
        ),
      )
      .orderBy(asc(documentationFiles.uploadedAt), asc(documentationFiles.id));
    const byForm = new Map<number, Record<string, string[]>>();
    for (const f of files) {
      const perQuestion = byForm.get(f.formId) ?? {};
      (perQuestion[f.questionKey] ??= []).push(f.name);
      byForm.set(f.formId, perQuestion);
    }
    yield rows.map((r) => ({ form: r.form, kita: r.kita, files: byForm.get(r.form.id) ?? {} }));
    if (rows.length < BATCH) return;
    const end = rows[rows.length - 1]!;
    last = { sort: end.sort ?? '', id: end.form.id };
  }
}

/** answer keys of the season's forms that no question of the template has (kept, shown after the questions) */
async function orphanKeysOf(db: DbOrTx, seasonId: number, sections: Section[]): Promise<string[]> {
  const inTemplate = new Set(sections.flatMap((s) => s.questions.map((q) => q.key)));
  const rows = await queryRows<{ key: string }>(
    db,
    sql`select distinct jsonb_object_keys(${documentationForms.answers}) as key from ${documentationForms} where ${documentationForms.seasonId} = ${seasonId}`,
  );
  return rows
    .map((r) => r.key)
    .filter((k) => !inTemplate.has(k))
    .sort();
}

/** GET /api/admin/documentation/:seasonIdentifier/answers.csv|xlsx: streamed, SPEC §3 CSV rules */
/** `submittedOnly`: the jury's export leaves out forms never submitted (drafts), like its list and detail */
export async function sendAnswersExport(
  db: DbOrTx,
  reply: FastifyReply,
  seasonIdentifier: string,
  format: 'csv' | 'xlsx',
  opts: { submittedOnly: boolean } = { submittedOnly: false },
) {
  const season = await seasonByIdentifier(db, seasonIdentifier);
  const sections = (await effectiveTemplate(db, season.id)).sections;
  const columns = answerColumns(sections, await orphanKeysOf(db, season.id, sections));
  // the first batch before the first byte: a failing query still answers an error, not a cut download
  const rows = batches(db, season.id, opts.submittedOnly);
  const first = await rows.next();
  const all = (async function* () {
    if (!first.done) yield first.value;
    yield* rows;
  })();
  reply
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="dokumentationsboegen-${season.identifier}.${format}"`);
  if (format === 'csv') return reply.header('content-type', 'text/csv; charset=utf-8').send(Readable.from(csvExcel(columns, all)));
  const stream = xlsxStream('Antworten', columns, all, (err) => reply.log.error({ err }, 'answers xlsx export failed'));
  return reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(stream);
}
