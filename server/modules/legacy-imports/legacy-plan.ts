import { and, asc, eq, inArray } from 'drizzle-orm';
import type { LegacyCommitCounts } from '../../../src/shared/contracts/legacy-imports';
import type { DbOrTx } from '../../db/client';
import { facilityRefs } from '../facilities/facility-import';
import { seasonsByIdentifiers } from '../seasons/past-seasons';
import { kindsOf, targetKey } from './legacy-evaluate';
import { legacyImportRows, legacyRecords } from './legacy-imports.table';
import type { RowValues } from './legacy-rows';

/**
 * What "Importieren" will create (issue 34, CONVENTIONS habit 24): the preview counts it and the commit carries it
 * out, from this one plan, so the numbers the admin confirms are the numbers the commit reports.
 * - seasons: each season the good rows name that does not exist yet (created closed);
 * - KiTas: one per postal code and name among the good rows matched to no (living) KiTa, however many rows name it;
 * - records: an enrolment per good row, an award where the row says so; a record of the same KiTa, season and kind
 *   that exists already (another file, or an earlier row of this one) adds nothing and is not counted.
 */
type PlannedRecord = { rowId: number; values: RowValues; facilityId: number | null; newKitaKey: string | null; kind: 'enrolment' | 'award' };

type CommitPlan = {
  existingSeasons: { identifier: string; id: number }[];
  missingSeasons: { identifier: string; label: string; startYear: number }[];
  /** new KiTas by their key (targetKey), with the values of the first row that names each */
  newKitas: Map<string, RowValues>;
  /** the records to insert; `adds` says whether each is new (the commit still inserts all, conflicts add nothing) */
  records: (PlannedRecord & { adds: boolean })[];
};

export async function planCommit(db: DbOrTx, importId: number): Promise<CommitPlan> {
  const rows = await db
    .select({ id: legacyImportRows.id, facilityId: legacyImportRows.facilityId, values: legacyImportRows.values })
    .from(legacyImportRows)
    .where(and(eq(legacyImportRows.importId, importId), eq(legacyImportRows.state, 'accepted')))
    .orderBy(asc(legacyImportRows.rowNo));
  const valuesOf = (r: (typeof rows)[number]) => r.values as RowValues;

  const identifiers = [...new Set(rows.map((r) => valuesOf(r).seasonIdentifier!))];
  const existingSeasons = (await seasonsByIdentifiers(db, identifiers)).map((s) => ({ identifier: s.identifier, id: s.id }));
  const missingSeasons = identifiers
    .filter((i) => !existingSeasons.some((s) => s.identifier === i))
    .map((i) => {
      const v = valuesOf(rows.find((r) => valuesOf(r).seasonIdentifier === i)!);
      return { identifier: i, label: v.seasonLabel!, startYear: v.seasonStartYear! };
    });

  // a matched KiTa merged away or deleted since the preview: the row counts as new
  const matched = await facilityRefs(db, [...new Set(rows.flatMap((r) => (r.facilityId ? [r.facilityId] : [])))]);
  const alive = new Set(matched.map((f) => f.id));
  const newKitas = new Map<string, RowValues>();
  const planned: PlannedRecord[] = rows.flatMap((r) => {
    const v = valuesOf(r);
    const facilityId = r.facilityId && alive.has(r.facilityId) ? r.facilityId : null;
    const newKitaKey = facilityId ? null : targetKey(null, v);
    if (newKitaKey && !newKitas.has(newKitaKey)) newKitas.set(newKitaKey, v);
    return kindsOf(v).map((kind) => ({ rowId: r.id, values: v, facilityId, newKitaKey, kind }));
  });

  // records that exist already: only an existing KiTa in an existing season can have one
  const seasonIdOf = new Map(existingSeasons.map((s) => [s.identifier, s.id]));
  const existing = new Set<string>();
  if (alive.size > 0 && existingSeasons.length > 0) {
    const found = await db
      .select({ facilityId: legacyRecords.facilityId, seasonId: legacyRecords.seasonId, kind: legacyRecords.kind })
      .from(legacyRecords)
      .where(and(inArray(legacyRecords.facilityId, [...alive]), inArray(legacyRecords.seasonId, [...seasonIdOf.values()])));
    for (const f of found) existing.add(`f${f.facilityId}|s${f.seasonId}|${f.kind}`);
  }
  const seen = new Set<string>();
  const records = planned.map((p) => {
    const seasonId = seasonIdOf.get(p.values.seasonIdentifier!);
    const key = `${p.facilityId ? `f${p.facilityId}` : p.newKitaKey}|${seasonId ? `s${seasonId}` : p.values.seasonIdentifier}|${p.kind}`;
    const adds = !existing.has(key) && !seen.has(key);
    seen.add(key);
    return { ...p, adds };
  });
  return { existingSeasons, missingSeasons, newKitas, records };
}

/** the plan as the admin reads it before the commit */
export const planCounts = (plan: CommitPlan): LegacyCommitCounts & { seasonLabels: string[] } => ({
  facilities: plan.newKitas.size,
  seasons: plan.missingSeasons.length,
  seasonLabels: plan.missingSeasons.map((s) => s.label),
  enrolments: plan.records.filter((r) => r.adds && r.kind === 'enrolment').length,
  awards: plan.records.filter((r) => r.adds && r.kind === 'award').length,
});
