import { and, inArray, isNull, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import { auditMany, type Ctx } from '../audit/audit';
import { facilities } from './facilities.table';

/**
 * What the legacy import (issue 24) asks of the KiTas: candidates for a file's rows, KiTas it creates (without a
 * member: nobody registered them) and removes again on undo. The facilities module keeps its table's writes.
 */
export type FacilityRef = { id: number; label: string; postalCode: string; city: string };

/** the active KiTas with these postal codes (the exact match compares normalised names in the caller) */
export async function facilitiesByPostalCodes(db: DbOrTx, postalCodes: string[]): Promise<FacilityRef[]> {
  if (postalCodes.length === 0) return [];
  return db
    .select({ id: facilities.id, label: facilities.label, postalCode: facilities.postalCode, city: facilities.city })
    .from(facilities)
    .where(and(inArray(facilities.postalCode, postalCodes), isNull(facilities.mergedIntoId)));
}

export async function facilityRefs(db: DbOrTx, ids: number[]): Promise<FacilityRef[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: facilities.id, label: facilities.label, postalCode: facilities.postalCode, city: facilities.city })
    .from(facilities)
    .where(and(inArray(facilities.id, ids), isNull(facilities.mergedIntoId)));
}

/**
 * For many names at once, the up to three most similar KiTas with the same postal code (trigram similarity, as the
 * duplicate search before registering: duplicateCandidates), in one query. `label` comes normalised by the caller
 * (lower case, umlauts folded, "Kita"/"Kindergarten" dropped), so two KiTas are not alike for both being a "Kita".
 */
export async function similarFacilities(db: DbOrTx, items: { key: number; postalCode: string; label: string }[]) {
  const result = new Map<number, (FacilityRef & { similarity: number })[]>();
  if (items.length === 0) return result;
  const rows = await queryRows<{ key: number; id: number; label: string; postal_code: string; city: string; sim: number }>(
    db,
    sql`select r.key, c.id, c.label, c.postal_code, c.city, c.sim
        from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as r(key int, "postalCode" text, label text)
        cross join lateral (
          select f.id, f.label, f.postal_code, f.city,
            greatest(similarity(f.label_sort, r.label), word_similarity(r.label, f.label_sort)) as sim
          from ${facilities} f
          where f.postal_code = r."postalCode" and f.merged_into_id is null
            and greatest(similarity(f.label_sort, r.label), word_similarity(r.label, f.label_sort)) >= 0.3
          order by sim desc, f.label
          limit 3
        ) c`,
  );
  for (const r of rows) {
    const list = result.get(Number(r.key)) ?? [];
    list.push({ id: r.id, label: r.label, postalCode: r.postal_code, city: r.city, similarity: Math.round(Number(r.sim) * 100) / 100 });
    result.set(Number(r.key), list);
  }
  return result;
}

export type ImportedFacilityInput = { label: string; postalCode: string; city: string; street: string; operatorName: string; region: string };

/**
 * KiTas an import creates, with what the file said and nothing more: no kind and no operator kind (a legacy file
 * names neither; they stay empty, shown as "nicht angegeben", until someone knows), no member; each one audited (one
 * statement per batch)
 */
export async function insertImportedFacilities(tx: DbOrTx, inputs: ImportedFacilityInput[], importId: number, ctx: Ctx): Promise<number[]> {
  const ids: number[] = [];
  for (let at = 0; at < inputs.length; at += 500) {
    const rows = await tx
      .insert(facilities)
      .values(inputs.slice(at, at + 500).map((i) => ({ ...i, kind: '', operatorKind: '', updatedBy: ctx.actorUserId })))
      .returning({ id: facilities.id, label: facilities.label, postalCode: facilities.postalCode });
    ids.push(...rows.map((r) => r.id));
    await auditMany(
      tx,
      rows.map((row) => ({
        ...ctx,
        action: 'facility.create_by_import' as const,
        entityType: 'facility' as const,
        entityId: row.id,
        after: { ...row, importId },
      })),
    );
  }
  return ids;
}

/** removes KiTas an import created (the caller checked that nothing else refers to them) */
export async function deleteImportedFacilities(tx: DbOrTx, ids: number[], importId: number, ctx: Ctx): Promise<void> {
  if (ids.length === 0) return;
  const rows = await tx.delete(facilities).where(inArray(facilities.id, ids)).returning({ id: facilities.id, label: facilities.label });
  await auditMany(
    tx,
    rows.map((row) => ({
      ...ctx,
      action: 'facility.delete_by_import_undo' as const,
      entityType: 'facility' as const,
      entityId: row.id,
      before: { ...row, importId },
    })),
  );
}
