import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { and, asc, count, desc, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import {
  legacyFieldLabels,
  requiredLegacyFields,
  type LegacyField,
  type LegacyImport,
  type LegacyImportRowDto,
  type LegacyImportSummary,
  type LegacyRowFix,
  type LegacyRowState,
} from '../../../src/shared/contracts/legacy-imports';
import type { Db, DbOrTx } from '../../db/client';
import { fail, type HttpError } from '../../lib/http-error';
import { isCleanText } from '../../../src/shared/contracts/text';
import { isoOrNull } from '../../lib/record-helpers';
import { audit, type Ctx } from '../audit/audit';
import type { ReceivedUpload } from '../documentation/upload-body';
import { deleteImportedFacilities, facilityRefs, insertImportedFacilities } from '../facilities/facility-import';
import { createClosedPastSeasons, deletePastSeasons } from '../seasons/past-seasons';
import { users } from '../users/users.table';
import { facilitiesInUse, seasonsInUse } from './kept-facilities';
import { evaluateRows, redecideDuplicates } from './legacy-evaluate';
import { LEGACY_LIMITS, LegacyFileError, type SheetRow } from './legacy-file';
import {
  legacyImportCreated,
  legacyImportMappings,
  legacyImportRows,
  legacyImports,
  legacyRecords,
  type LegacyImportRow,
} from './legacy-imports.table';
import { parseInThread } from './legacy-parse-pool';
import { planCommit, planCounts } from './legacy-plan';
import { guessColumns, headerKey, regionOfPostalCode, type Columns, type RowValues } from './legacy-rows';

/**
 * The legacy import (issue 24, SPEC §3): upload → preview (rows with state and match) → mapping and hand-fixed
 * matches → commit (one transaction, idempotent) → undo (one transaction, removes exactly what the commit created).
 */
const BATCH = 500;

/** the parse thread's refusal as the catalogue's answer (its arguments: a column or line number, a limit) */
const fileError = (err: unknown): HttpError => {
  if (!(err instanceof LegacyFileError)) return fail('legacy_import.unreadable');
  const [a = 0, b = 0] = err.args;
  switch (err.code) {
    case 'too_many_rows':
      return fail('legacy_import.too_many_rows', [LEGACY_LIMITS.rows]);
    case 'header_too_long':
      return fail('legacy_import.header_too_long', [a, b]);
    case 'header_chars':
      return fail('legacy_import.header_chars', [a]);
    case 'record_too_long':
      return fail('legacy_import.record_too_long', [a, b]);
    case 'cell_too_long':
      return fail('legacy_import.cell_too_long', [a]);
    default:
      return fail(`legacy_import.${err.code}`);
  }
};

async function loadImport(db: DbOrTx, id: number, lock = false): Promise<LegacyImportRow> {
  const q = db.select().from(legacyImports).where(eq(legacyImports.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  if (!row) throw fail('legacy_import.not_found');
  return row;
}

async function insertRows(db: DbOrTx, rows: (typeof legacyImportRows.$inferInsert)[]) {
  for (let at = 0; at < rows.length; at += BATCH) await db.insert(legacyImportRows).values(rows.slice(at, at + BATCH));
}

/** the mapping must name the required fields, each field at most once */
function checkColumns(columns: Columns) {
  const seen = new Set<LegacyField>();
  for (const field of columns) {
    if (!field) continue;
    if (seen.has(field)) throw fail('legacy_import.field_twice', [legacyFieldLabels[field]]);
    seen.add(field);
  }
  const missing = requiredLegacyFields.filter((f) => !seen.has(f));
  if (missing.length > 0) throw fail('legacy_import.field_missing', [missing.map((f) => legacyFieldLabels[f]).join(', ')]);
}

export async function uploadLegacyFile(db: Db, upload: ReceivedUpload | null, fileName: string, ctx: Ctx): Promise<LegacyImport> {
  if (!upload || upload.size === 0) throw fail('legacy_import.empty');
  // the file name becomes the import's name: the rule of typed text (no control or bidi characters)
  if (!isCleanText(fileName)) throw fail('legacy_import.file_name_chars');
  const sheet = await parseInThread({ path: upload.path, fileName }).catch((err: unknown) => {
    throw fileError(err);
  });
  const remembered = await db
    .select()
    .from(legacyImportMappings)
    .where(eq(legacyImportMappings.headerKey, headerKey(sheet.headers)))
    .limit(1);
  const guessed = guessColumns(sheet.headers);
  // a file without two recognisable headers has no header row (or a row of data in its place)
  if (!remembered[0] && guessed.filter(Boolean).length < 2) throw fail('legacy_import.no_header');
  const columns = (remembered[0]?.mapping as Columns | undefined) ?? guessed;
  const sha = createHash('sha256')
    .update(await readFile(upload.path))
    .digest('hex');
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(legacyImports)
      .values({ fileName, fileSha256: sha, headers: sheet.headers, mapping: columns, createdBy: ctx.actorUserId })
      .returning({ id: legacyImports.id });
    await insertRows(tx, await evaluateRows(tx, row!.id, sheet.rows, columns));
    await audit(tx, {
      ...ctx,
      action: 'legacy_import.upload',
      entityType: 'legacy_import',
      entityId: row!.id,
      after: { fileName, rows: sheet.rows.length },
    });
    return row!.id;
  });
  return legacyImportDetail(db, id);
}

/** a changed mapping reads every row again from its stored cells, and is remembered for files with these headers */
export async function updateMapping(db: Db, id: number, columns: Columns, ctx: Ctx): Promise<LegacyImport> {
  await db.transaction(async (tx) => {
    const imp = await loadImport(tx, id, true);
    if (imp.state !== 'preview') throw fail('legacy_import.not_preview');
    if (columns.length !== imp.headers.length)
      throw fail('legacy_import.field_missing', [requiredLegacyFields.map((f) => legacyFieldLabels[f]).join(', ')]);
    checkColumns(columns);
    const stored = await tx
      .select({ rowNo: legacyImportRows.rowNo, cells: legacyImportRows.cells, errors: legacyImportRows.errors, state: legacyImportRows.state })
      .from(legacyImportRows)
      .where(eq(legacyImportRows.importId, id))
      .orderBy(asc(legacyImportRows.rowNo));
    await tx.delete(legacyImportRows).where(eq(legacyImportRows.importId, id));
    // a row the parse thread refused stays refused under any mapping (its bad cell was never stored)
    const sheetRows = stored.map((r): SheetRow => ({ rowNo: r.rowNo, cells: r.cells, ...(r.errors.cells ? { refused: r.errors.cells } : {}) }));
    // a row the admin skipped stays skipped; the file's duplicates are decided again without it
    const skipped = new Set(stored.filter((r) => r.state === 'skipped').map((r) => r.rowNo));
    const evaluated = await evaluateRows(tx, id, sheetRows, columns);
    await insertRows(
      tx,
      evaluated.map((r) => (skipped.has(r.rowNo) ? { ...r, state: 'skipped' as const } : r)),
    );
    if (skipped.size > 0) await redecideDuplicates(tx, id);
    await tx.update(legacyImports).set({ mapping: columns }).where(eq(legacyImports.id, id));
    const key = headerKey(imp.headers);
    await tx
      .insert(legacyImportMappings)
      .values({ headerKey: key, mapping: columns })
      .onConflictDoUpdate({ target: legacyImportMappings.headerKey, set: { mapping: columns, updatedAt: new Date() } });
    await audit(tx, {
      ...ctx,
      action: 'legacy_import.update_mapping',
      entityType: 'legacy_import',
      entityId: id,
      before: imp.mapping,
      after: columns,
    });
  });
  return legacyImportDetail(db, id);
}

/** the row's cells per mapped field: what the form "Zeile korrigieren" shows */
const fieldsOf = (cells: string[], columns: Columns): LegacyImportRowDto['fields'] =>
  Object.fromEntries(columns.flatMap((field, at) => (field ? [[field, cells[at] ?? '']] : [])));

const toRowDto = (
  r: typeof legacyImportRows.$inferSelect,
  refs: Map<number, { id: number; label: string; postalCode: string; city: string }>,
  columns: Columns,
): LegacyImportRowDto => {
  const v = r.values as RowValues;
  return {
    id: r.id,
    rowNo: r.rowNo,
    state: r.state,
    errors: r.errors,
    label: v.label,
    postalCode: v.postalCode,
    city: v.city,
    season: v.seasonLabel ?? v.season,
    enrolledOn: v.enrolledOn,
    awarded: v.awarded,
    fields: fieldsOf(r.cells, columns),
    matchKind: r.matchKind,
    facility: r.facilityId ? (refs.get(r.facilityId) ?? null) : null,
    candidates: r.candidates,
  };
};

export async function legacyImportRowsPage(db: DbOrTx, id: number, q: { state?: LegacyRowState; page: number; pageSize: number }) {
  const imp = await loadImport(db, id);
  const where = and(eq(legacyImportRows.importId, id), q.state ? eq(legacyImportRows.state, q.state) : undefined);
  const [total] = await db.select({ n: count() }).from(legacyImportRows).where(where);
  const rows = await db
    .select()
    .from(legacyImportRows)
    .where(where)
    .orderBy(asc(legacyImportRows.rowNo))
    .limit(q.pageSize)
    .offset((q.page - 1) * q.pageSize);
  const refs = new Map((await facilityRefs(db, [...new Set(rows.flatMap((r) => (r.facilityId ? [r.facilityId] : [])))])).map((f) => [f.id, f]));
  return { items: rows.map((r) => toRowDto(r, refs, imp.mapping as Columns)), total: Number(total?.n ?? 0), page: q.page, pageSize: q.pageSize };
}

/** the admin fixes a row's KiTa: another (existing) KiTa, or null for "neu anlegen" */
export async function fixRowMatch(db: Db, id: number, rowId: number, facilityId: number | null, ctx: Ctx): Promise<LegacyImportRowDto> {
  return db.transaction(async (tx) => {
    const imp = await loadImport(tx, id, true);
    if (imp.state !== 'preview') throw fail('legacy_import.not_preview');
    const [row] = await tx
      .select()
      .from(legacyImportRows)
      .where(and(eq(legacyImportRows.id, rowId), eq(legacyImportRows.importId, id)));
    if (!row) throw fail('legacy_import.not_found');
    const refs = facilityId ? await facilityRefs(tx, [facilityId]) : [];
    if (facilityId && refs.length === 0) throw fail('legacy_import.facility_missing');
    await tx.update(legacyImportRows).set({ facilityId, matchKind: 'manual' }).where(eq(legacyImportRows.id, rowId));
    await redecideDuplicates(tx, id);
    const [updated] = await tx.select().from(legacyImportRows).where(eq(legacyImportRows.id, rowId));
    await audit(tx, {
      ...ctx,
      action: 'legacy_import.fix_match',
      entityType: 'legacy_import',
      entityId: id,
      before: { rowNo: row.rowNo, facilityId: row.facilityId },
      after: { rowNo: row.rowNo, facilityId },
    });
    return toRowDto(updated!, new Map(refs.map((f) => [f.id, f])), imp.mapping as Columns);
  });
}

async function loadRow(tx: DbOrTx, importId: number, rowId: number) {
  const [row] = await tx
    .select()
    .from(legacyImportRows)
    .where(and(eq(legacyImportRows.id, rowId), eq(legacyImportRows.importId, importId)));
  if (!row) throw fail('legacy_import.row_not_found');
  return row;
}

/** a row as the page shows it, after a change: with its KiTa's name */
async function rowDto(tx: DbOrTx, rowId: number, columns: Columns): Promise<LegacyImportRowDto> {
  const [row] = await tx.select().from(legacyImportRows).where(eq(legacyImportRows.id, rowId));
  const refs = row!.facilityId ? await facilityRefs(tx, [row!.facilityId]) : [];
  return toRowDto(row!, new Map(refs.map((f) => [f.id, f])), columns);
}

/**
 * Reads a row of a preview again from its cells, with the rules of the upload (evaluateRows: the messages per field,
 * the season, the match) and decides the file's duplicates again. A KiTa the admin chose by hand stays chosen while
 * the row names the same KiTa (name and PLZ unchanged).
 */
async function reevaluateRow(
  tx: DbOrTx,
  importId: number,
  row: typeof legacyImportRows.$inferSelect,
  cells: string[],
  columns: Columns,
  refused?: string,
) {
  const [next] = await evaluateRows(tx, importId, [{ rowNo: row.rowNo, cells, ...(refused ? { refused } : {}) }], columns);
  const before = row.values as RowValues;
  const after = next!.values as RowValues;
  const keepManual =
    row.matchKind === 'manual' &&
    next!.matchKind !== 'none' &&
    before.label === after.label &&
    before.postalCode === after.postalCode &&
    (row.facilityId === null || (await facilityRefs(tx, [row.facilityId])).length > 0);
  await tx
    .update(legacyImportRows)
    .set({
      cells,
      state: next!.state,
      errors: next!.errors,
      values: next!.values,
      matchKind: keepManual ? 'manual' : next!.matchKind,
      facilityId: keepManual ? row.facilityId : (next!.facilityId ?? null),
      candidates: next!.candidates,
    })
    .where(eq(legacyImportRows.id, row.id));
  await redecideDuplicates(tx, importId);
}

/**
 * "Zeile korrigieren" (issue 34): the admin's cells replace the file's for the fields sent (only fields the mapping
 * uses); the row is read and matched again as at the upload. A cell the parse thread refused is replaced too: the
 * row says now what the admin typed.
 */
export async function correctRow(db: Db, id: number, rowId: number, fields: LegacyRowFix['fields'], ctx: Ctx): Promise<LegacyImportRowDto> {
  return db.transaction(async (tx) => {
    const imp = await loadImport(tx, id, true);
    if (imp.state !== 'preview') throw fail('legacy_import.not_preview');
    const columns = imp.mapping as Columns;
    const row = await loadRow(tx, id, rowId);
    const cells = imp.headers.map((_, at) => row.cells[at] ?? '');
    const changed: Partial<Record<LegacyField, { before: string; after: string }>> = {};
    for (const [field, text] of Object.entries(fields) as [LegacyField, string][]) {
      const at = columns.indexOf(field);
      if (at < 0) throw fail('legacy_import.field_not_mapped', [legacyFieldLabels[field]]);
      if (cells[at] !== text) changed[field] = { before: cells[at]!, after: text };
      cells[at] = text;
    }
    await reevaluateRow(tx, id, row, cells, columns);
    await audit(tx, {
      ...ctx,
      action: 'legacy_import.correct_row',
      entityType: 'legacy_import',
      entityId: id,
      before: { rowNo: row.rowNo, state: row.state, cells: Object.fromEntries(Object.entries(changed).map(([k, v]) => [k, v.before])) },
      after: { rowNo: row.rowNo, cells: Object.fromEntries(Object.entries(changed).map(([k, v]) => [k, v.after])) },
    });
    return rowDto(tx, rowId, columns);
  });
}

/**
 * "Überspringen": the row stays out of the import (state `skipped`, whatever it said); "Wieder aufnehmen" reads it
 * again from its cells, as at the upload.
 */
export async function skipRow(db: Db, id: number, rowId: number, skipped: boolean, ctx: Ctx): Promise<LegacyImportRowDto> {
  return db.transaction(async (tx) => {
    const imp = await loadImport(tx, id, true);
    if (imp.state !== 'preview') throw fail('legacy_import.not_preview');
    const columns = imp.mapping as Columns;
    const row = await loadRow(tx, id, rowId);
    if (skipped === (row.state === 'skipped')) return rowDto(tx, rowId, columns);
    if (skipped) {
      // its messages stay: why the row was left out
      await tx.update(legacyImportRows).set({ state: 'skipped' }).where(eq(legacyImportRows.id, rowId));
      await redecideDuplicates(tx, id);
    } else {
      await reevaluateRow(tx, id, row, row.cells, columns, row.errors.cells);
    }
    await audit(tx, {
      ...ctx,
      action: skipped ? 'legacy_import.skip_row' : 'legacy_import.unskip_row',
      entityType: 'legacy_import',
      entityId: id,
      before: { rowNo: row.rowNo, state: row.state },
    });
    return rowDto(tx, rowId, columns);
  });
}

/**
 * "Importieren": in one transaction, what the plan the preview showed says (legacy-plan.ts): the missing past seasons
 * (closed), the new KiTas and the records. A record of the same KiTa, season and kind that exists already (this file
 * imported twice, or another file) adds nothing.
 */
export async function commitImport(db: Db, id: number, ctx: Ctx & { actorUserId: number }): Promise<LegacyImport> {
  await db.transaction(async (tx) => {
    const imp = await loadImport(tx, id, true);
    if (imp.state !== 'preview') throw fail('legacy_import.not_preview');
    const plan = await planCommit(tx, id);
    const createdSeasons = await createClosedPastSeasons(tx, plan.missingSeasons, ctx);
    const seasonId = new Map([...plan.existingSeasons, ...createdSeasons].map((s) => [s.identifier, s.id]));

    const inputs = [...plan.newKitas.values()].map((v) => ({
      label: v.label,
      postalCode: v.postalCode,
      city: v.city,
      street: v.street,
      operatorName: v.operatorName,
      region: regionOfPostalCode(v.postalCode),
    }));
    const newIds = await insertImportedFacilities(tx, inputs, id, ctx);
    const newIdOf = new Map([...plan.newKitas.keys()].map((k, i) => [k, newIds[i]!]));
    // the rows of a new KiTa (found none, or "neu anlegen" chosen by hand) name it from now on, as created by this
    // import (issue 34: not "neu anlegen" once it exists); undo's delete empties it
    const named = plan.records.flatMap((r) => (r.newKitaKey ? [{ r: r.rowId, f: newIdOf.get(r.newKitaKey)! }] : []));
    if (named.length > 0)
      await tx.execute(
        sql`update legacy_import_rows r set facility_id = (m->>'f')::int, match_kind = 'new'
            from jsonb_array_elements(${JSON.stringify(named)}::jsonb) m where r.id = (m->>'r')::int and r.import_id = ${id}`,
      );
    const created = [
      ...newIds.map((entityId) => ({ importId: id, entityType: 'facility' as const, entityId })),
      ...createdSeasons.map((s) => ({ importId: id, entityType: 'season' as const, entityId: s.id })),
    ];
    for (let at = 0; at < created.length; at += BATCH) await tx.insert(legacyImportCreated).values(created.slice(at, at + BATCH));

    const records = plan.records.map(({ rowId, values: v, facilityId, newKitaKey, kind }) => ({
      importId: id,
      rowId,
      facilityId: facilityId ?? newIdOf.get(newKitaKey!)!,
      seasonId: seasonId.get(v.seasonIdentifier!)!,
      kind,
      enrolledOn: v.enrolledOn,
      topic: v.topic,
      documented: v.documented,
      awardingEvent: v.awardingEvent,
      remark: v.remark,
    }));
    const added = { enrolment: 0, award: 0 };
    for (let at = 0; at < records.length; at += BATCH) {
      const inserted = await tx
        .insert(legacyRecords)
        .values(records.slice(at, at + BATCH))
        .onConflictDoNothing()
        .returning({ kind: legacyRecords.kind });
      for (const r of inserted) added[r.kind] += 1;
    }
    await tx.update(legacyImports).set({ state: 'committed', committedAt: new Date(), committedBy: ctx.actorUserId }).where(eq(legacyImports.id, id));
    await audit(tx, {
      ...ctx,
      action: 'legacy_import.commit',
      entityType: 'legacy_import',
      entityId: id,
      after: { enrolments: added.enrolment, awards: added.award, facilities: newIds.length, seasons: createdSeasons.length },
    });
  });
  return legacyImportDetail(db, id);
}

/**
 * "Import rückgängig machen": removes the import's records, and the KiTas and seasons it created unless they gained
 * other data since (kept-facilities.ts): those stay, and the import names them.
 */
export async function undoImport(db: Db, id: number, ctx: Ctx & { actorUserId: number }): Promise<LegacyImport> {
  await db.transaction(async (tx) => {
    const imp = await loadImport(tx, id, true);
    if (imp.state !== 'committed') throw fail('legacy_import.not_committed');
    const removed = await tx.delete(legacyRecords).where(eq(legacyRecords.importId, id)).returning({ id: legacyRecords.id });
    const created = await tx.select().from(legacyImportCreated).where(eq(legacyImportCreated.importId, id));
    const facilityIds = created.filter((c) => c.entityType === 'facility').map((c) => c.entityId);
    const seasonIds = created.filter((c) => c.entityType === 'season').map((c) => c.entityId);
    const keptIds = await facilitiesInUse(tx, facilityIds, id);
    const kept = (await facilityRefs(tx, [...keptIds])).map((f) => ({ id: f.id, label: f.label }));
    await deleteImportedFacilities(
      tx,
      facilityIds.filter((f) => !keptIds.has(f)),
      id,
      ctx,
    );
    const seasonsKept = await seasonsInUse(tx, seasonIds, id);
    await deletePastSeasons(
      tx,
      seasonIds.filter((s) => !seasonsKept.has(s)),
      ctx,
    );
    await tx.delete(legacyImportCreated).where(eq(legacyImportCreated.importId, id));
    await tx
      .update(legacyImports)
      .set({ state: 'undone', undoneAt: new Date(), undoneBy: ctx.actorUserId, keptFacilities: kept })
      .where(eq(legacyImports.id, id));
    await audit(tx, {
      ...ctx,
      action: 'legacy_import.undo',
      entityType: 'legacy_import',
      entityId: id,
      before: { records: removed.length, facilities: facilityIds.length, seasons: seasonIds.length },
      after: { keptFacilities: kept },
    });
  });
  return legacyImportDetail(db, id);
}

/**
 * "Vorschau verwerfen": an import still in preview is removed with its rows (nothing of it was imported yet); an
 * imported or undone one stays, the history of what was imported.
 */
export async function discardPreview(db: Db, id: number, ctx: Ctx): Promise<void> {
  await db.transaction(async (tx) => {
    const imp = await loadImport(tx, id, true);
    if (imp.state !== 'preview') throw fail('legacy_import.discard_not_preview');
    const [rows] = await tx.select({ n: count() }).from(legacyImportRows).where(eq(legacyImportRows.importId, id));
    await tx.delete(legacyImports).where(eq(legacyImports.id, id));
    await audit(tx, {
      ...ctx,
      action: 'legacy_import.discard',
      entityType: 'legacy_import',
      entityId: id,
      before: { fileName: imp.fileName, rows: Number(rows?.n ?? 0) },
    });
  });
}

/** an import's row without the file's headers and mapping: what the list needs */
type ImportListRow = Omit<LegacyImportRow, 'headers' | 'mapping'> & { createdByName: string | null };

async function toSummaries(db: DbOrTx, imports: ImportListRow[]): Promise<LegacyImportSummary[]> {
  const ids = imports.map((i) => i.id);
  if (ids.length === 0) return [];
  const states = await db
    .select({ importId: legacyImportRows.importId, state: legacyImportRows.state, n: count() })
    .from(legacyImportRows)
    .where(inArray(legacyImportRows.importId, ids))
    .groupBy(legacyImportRows.importId, legacyImportRows.state);
  const records = await db
    .select({ importId: legacyRecords.importId, kind: legacyRecords.kind, n: count() })
    .from(legacyRecords)
    .where(inArray(legacyRecords.importId, ids))
    .groupBy(legacyRecords.importId, legacyRecords.kind);
  const created = await db
    .select({ importId: legacyImportCreated.importId, type: legacyImportCreated.entityType, n: count() })
    .from(legacyImportCreated)
    .where(inArray(legacyImportCreated.importId, ids))
    .groupBy(legacyImportCreated.importId, legacyImportCreated.entityType);
  return imports.map((i) => {
    const n = (state: LegacyRowState) => Number(states.find((s) => s.importId === i.id && s.state === state)?.n ?? 0);
    const c = (type: 'facility' | 'season') => Number(created.find((s) => s.importId === i.id && s.type === type)?.n ?? 0);
    const r = (kind: 'enrolment' | 'award') => Number(records.find((x) => x.importId === i.id && x.kind === kind)?.n ?? 0);
    return {
      id: i.id,
      fileName: i.fileName,
      state: i.state,
      createdAt: i.createdAt.toISOString(),
      createdBy: i.createdByName,
      committedAt: isoOrNull(i.committedAt),
      undoneAt: isoOrNull(i.undoneAt),
      counts: {
        total: n('accepted') + n('error') + n('duplicate') + n('skipped'),
        accepted: n('accepted'),
        error: n('error'),
        duplicate: n('duplicate'),
        skipped: n('skipped'),
      },
      created: { facilities: c('facility'), seasons: c('season'), enrolments: r('enrolment'), awards: r('award') },
      keptFacilities: i.keptFacilities ?? [],
    };
  });
}

const creatorName = sql<string | null>`nullif(trim(${users.firstName} || ' ' || ${users.lastName}), '')`;

/** one import with the file's headers and the mapping (the mapping form) */
export async function legacyImportDetail(db: DbOrTx, id: number): Promise<LegacyImport> {
  const rows = await db
    .select({ i: legacyImports, name: creatorName })
    .from(legacyImports)
    .leftJoin(users, eq(users.id, legacyImports.createdBy))
    .where(eq(legacyImports.id, id));
  const row = rows[0];
  if (!row) throw fail('legacy_import.not_found');
  const [summary] = await toSummaries(db, [{ ...row.i, createdByName: row.name }]);
  // a preview says what its commit will create (the admin confirms it); an imported one says what it created
  const plan = row.i.state === 'preview' ? planCounts(await planCommit(db, id)) : null;
  return { ...summary!, headers: row.i.headers, columns: row.i.mapping as Columns, plan };
}

/**
 * The list "Importe": the newest 200 imports without the file's headers and mapping (file text: only the detail
 * carries it), so the list stays small whatever the files said.
 */
export async function legacyImportHistory(db: DbOrTx): Promise<{ items: LegacyImportSummary[] }> {
  const { headers: _headers, mapping: _mapping, ...listColumns } = getTableColumns(legacyImports);
  const rows = await db
    .select({ ...listColumns, createdByName: creatorName })
    .from(legacyImports)
    .leftJoin(users, eq(users.id, legacyImports.createdBy))
    .orderBy(desc(legacyImports.createdAt), desc(legacyImports.id))
    .limit(200);
  return { items: await toSummaries(db, rows) };
}
