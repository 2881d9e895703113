import { and, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { facilitiesByPostalCodes, similarFacilities, type FacilityRef } from '../facilities/facility-import';
import { currentSeasonStartYear, seasonsByIdentifiers } from '../seasons/past-seasons';
import type { SheetRow } from './legacy-file';
import { legacyImportRows, legacyImports, legacyRecords } from './legacy-imports.table';
import { normaliseName, readRow, type Columns, type RowValues } from './legacy-rows';

/**
 * A file's rows through a mapping (issue 24): each read (legacy-rows.ts), matched to a KiTa — exact by postal code and
 * normalised name, else the most similar KiTas of that postal code (trigram, the best one chosen until the admin picks
 * another), else "neu anlegen" — and given its state: Fehler (a message per cell), doppelt (the same KiTa and season as
 * an earlier row, or imported before), else übernommen. A handful of queries for the whole file, none per row.
 */
export type EvaluatedRow = typeof legacyImportRows.$inferInsert;

const dayFormat = new Intl.DateTimeFormat('de-DE', { timeZone: 'Europe/Berlin', day: '2-digit', month: '2-digit', year: 'numeric' });

/** what the row will record: its enrolment, and its award when the file says so */
export const kindsOf = (v: Pick<RowValues, 'awarded'>): ('enrolment' | 'award')[] => (v.awarded ? ['enrolment', 'award'] : ['enrolment']);

/** the KiTa a row stands for: an existing one by id, a new one by postal code and normalised name */
export const targetKey = (facilityId: number | null, v: Pick<RowValues, 'postalCode' | 'label'>) =>
  facilityId ? `f${facilityId}` : `n${v.postalCode}|${normaliseName(v.label)}`;

export async function evaluateRows(db: DbOrTx, importId: number, sheetRows: SheetRow[], columns: Columns): Promise<EvaluatedRow[]> {
  // a row the parse thread refused (a cell too long or with control characters) says that only: its other messages
  // would be about the cell it kept empty
  const read = sheetRows.map((r) => {
    const { values, errors } = readRow(r.cells, columns);
    return { ...r, values, errors: r.refused ? { cells: r.refused } : errors };
  });

  // seasons: a known one, or an unknown past one the commit creates closed; a future one is an error
  const identifiers = [...new Set(read.flatMap((r) => (r.values.seasonIdentifier ? [r.values.seasonIdentifier] : [])))];
  const known = new Map((await seasonsByIdentifiers(db, identifiers)).map((s) => [s.identifier, s]));
  const currentStart = await currentSeasonStartYear(db);
  for (const r of read) {
    const v = r.values;
    if (!v.seasonIdentifier || known.has(v.seasonIdentifier) || currentStart === null) continue;
    if (v.seasonStartYear! >= currentStart)
      r.errors.season = `Das KiTa-Jahr ${v.seasonLabel} gibt es noch nicht; alte Daten gehören zu vergangenen KiTa-Jahren. Korrigiere das KiTa-Jahr oder überspringe die Zeile.`;
  }

  // matching: exact first (postal code + normalised name), then trigram candidates for the rest
  const matchable = read.filter((r) => !r.errors.label && !r.errors.postalCode);
  const byPostalCode = new Map<string, FacilityRef[]>();
  for (const f of await facilitiesByPostalCodes(db, [...new Set(matchable.map((r) => r.values.postalCode))])) {
    byPostalCode.set(f.postalCode, [...(byPostalCode.get(f.postalCode) ?? []), f]);
  }
  const exact = new Map<number, number>();
  const rest: { key: number; postalCode: string; label: string }[] = [];
  const restKeys = new Set<string>();
  for (const r of matchable) {
    const name = normaliseName(r.values.label);
    const hit = (byPostalCode.get(r.values.postalCode) ?? []).find((f) => normaliseName(f.label) === name);
    if (hit) exact.set(r.rowNo, hit.id);
    else {
      // one similarity lookup per distinct KiTa of the file, not per row (a KiTa appears once a season)
      const key = `${r.values.postalCode}|${name}`;
      if (!restKeys.has(key) && name) rest.push({ key: r.rowNo, postalCode: r.values.postalCode, label: name });
      restKeys.add(key);
    }
  }
  const similar = await similarFacilities(db, rest);
  const candidatesByName = new Map<string, NonNullable<ReturnType<typeof similar.get>>>();
  for (const item of rest) candidatesByName.set(`${item.postalCode}|${item.label}`, similar.get(item.key) ?? []);

  // what earlier imports recorded for the KiTas matched here: a row of those is doppelt
  const facilityIds = [...new Set([...exact.values(), ...[...similar.values()].flatMap((c) => c.map((x) => x.id))])];
  const imported = new Map<string, Date>();
  if (facilityIds.length > 0) {
    const rows = await db
      .select({ facilityId: legacyRecords.facilityId, seasonId: legacyRecords.seasonId, kind: legacyRecords.kind, at: legacyImports.committedAt })
      .from(legacyRecords)
      .innerJoin(legacyImports, eq(legacyImports.id, legacyRecords.importId))
      .where(and(inArray(legacyRecords.facilityId, facilityIds), eq(legacyImports.state, 'committed')));
    for (const r of rows) imported.set(`${r.facilityId}|${r.seasonId}|${r.kind}`, r.at ?? new Date());
  }

  const firstRowOf = new Map<string, number>();
  return read.map((r): EvaluatedRow => {
    const v = r.values;
    let matchKind: EvaluatedRow['matchKind'] = 'none';
    let facilityId: number | null = null;
    let candidates: EvaluatedRow['candidates'] = [];
    if (!r.errors.label && !r.errors.postalCode) {
      const hit = exact.get(r.rowNo);
      candidates = hit ? [] : (candidatesByName.get(`${v.postalCode}|${normaliseName(v.label)}`) ?? []);
      if (hit) [matchKind, facilityId] = ['exact', hit];
      else if (candidates.length > 0) [matchKind, facilityId] = ['candidate', candidates[0]!.id];
      else matchKind = 'new';
    }
    const errors = { ...r.errors };
    let state: EvaluatedRow['state'] = Object.keys(errors).length > 0 ? 'error' : 'accepted';
    if (state === 'accepted') {
      const season = known.get(v.seasonIdentifier!);
      const key = `${targetKey(facilityId, v)}|${v.seasonIdentifier}`;
      const first = firstRowOf.get(key);
      const before = facilityId && season ? kindsOf(v).map((k) => imported.get(`${facilityId}|${season.id}|${k}`)) : [];
      if (first !== undefined) {
        state = 'duplicate';
        errors.row = `Doppelt: dieselbe KiTa im selben KiTa-Jahr wie Zeile ${first}.`;
      } else if (before.length > 0 && before.every(Boolean)) {
        state = 'duplicate';
        errors.row = `Schon importiert (Import vom ${dayFormat.format(before[0]!)}).`;
      } else firstRowOf.set(key, r.rowNo);
    }
    return { importId, rowNo: r.rowNo, cells: r.cells, state, errors, values: v, matchKind, facilityId, candidates };
  });
}

/**
 * After a match fixed by hand, the in-file duplicates are decided again: the first row of a KiTa and season is
 * übernommen, the later ones doppelt. Rows "schon importiert" and rows in error keep their state.
 */
export async function redecideDuplicates(db: DbOrTx, importId: number): Promise<void> {
  const rows = await db
    .select({
      id: legacyImportRows.id,
      rowNo: legacyImportRows.rowNo,
      facilityId: legacyImportRows.facilityId,
      values: legacyImportRows.values,
      state: legacyImportRows.state,
      errors: legacyImportRows.errors,
    })
    .from(legacyImportRows)
    .where(and(eq(legacyImportRows.importId, importId), inArray(legacyImportRows.state, ['accepted', 'duplicate'])))
    .orderBy(legacyImportRows.rowNo);
  const firstRowOf = new Map<string, number>();
  for (const r of rows) {
    if (r.errors.row?.startsWith('Schon importiert')) continue;
    const v = r.values as RowValues;
    const key = `${targetKey(r.facilityId, v)}|${v.seasonIdentifier}`;
    const first = firstRowOf.get(key);
    const next: { state: 'accepted' | 'duplicate'; errors: Record<string, string> } =
      first === undefined
        ? { state: 'accepted', errors: {} }
        : { state: 'duplicate', errors: { row: `Doppelt: dieselbe KiTa im selben KiTa-Jahr wie Zeile ${first}.` } };
    if (first === undefined) firstRowOf.set(key, r.rowNo);
    if (next.state !== r.state || (next.errors.row ?? '') !== (r.errors.row ?? ''))
      await db.update(legacyImportRows).set(next).where(eq(legacyImportRows.id, r.id));
  }
}
