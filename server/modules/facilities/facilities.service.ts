import { and, eq, isNull, sql } from 'drizzle-orm';
import type { AuditAction } from '../../../src/shared/contracts/audit-actions';
import type { Facility, FacilityInput, FacilityUpdate } from '../../../src/shared/contracts/facilities';
import { facilityEditSchema, facilityInputSchema } from '../../../src/shared/contracts/facilities';
import { queryRows, type Db, type DbOrTx } from '../../db/client';
import { actorOf, iso, notFoundError } from '../../lib/record-helpers';
import { versionedUpdate } from '../../lib/versioned-update';
import { audit, type Ctx } from '../audit/audit';
import { facilities, facilityMembers, type FacilityRow } from './facilities.table';
import { lastChangedFields } from './facility-history';
import { facilityJoinRequests } from './join-requests.table';
import { userRef } from '../users/user-ref';

type Actor = { firstName: string; lastName: string; email: string } | null;

const updater = userRef('updater');

/**
 * A KiTa's master data, the fields its form edits: one list for the answer (toFacilityDto), the columns written
 * from a parsed input and the audit log's before/after.
 */
const facilityFields = (f: Pick<FacilityRow, keyof FacilityInput>) => ({
  label: f.label,
  kind: f.kind,
  street: f.street,
  postalCode: f.postalCode,
  city: f.city,
  region: f.region,
  operatorName: f.operatorName,
  operatorKind: f.operatorKind,
  phone: f.phone,
  email: f.email,
  website: f.website,
  childrenCount: f.childrenCount,
  staffCount: f.staffCount,
});

export function toFacilityDto(row: FacilityRow, updatedBy: Actor): Facility {
  return {
    id: row.id,
    ...facilityFields(row),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    updatedBy: actorOf(row.updatedBy, updatedBy),
    version: row.version,
  };
}

export async function getFacility(db: DbOrTx, facilityId: number): Promise<Facility> {
  const [row] = await db
    .select({ f: facilities, u: updater.name })
    .from(facilities)
    .leftJoin(updater.table, updater.on(facilities.updatedBy))
    .where(and(eq(facilities.id, facilityId), isNull(facilities.mergedIntoId)))
    .limit(1);
  if (!row) throw notFoundError();
  const fields = await lastChangedFields(db, facilityId);
  return { ...toFacilityDto(row.f, row.u), ...(fields ? { lastChangedFields: fields } : {}) };
}

/** Registers a KiTa; the creator becomes its first member in the same transaction. */
export async function createFacility(db: Db, input: FacilityInput, ctx: Ctx & { actorUserId: number }): Promise<Facility> {
  const values = facilityFields(facilityInputSchema.parse(input));
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(facilities)
      .values({ ...values, updatedBy: ctx.actorUserId })
      .returning();
    await tx.insert(facilityMembers).values({ facilityId: row!.id, userId: ctx.actorUserId });
    await audit(tx, { ...ctx, action: 'facility.create', entityType: 'facility', entityId: row!.id, after: facilityFields(row!) });
    return row!.id;
  });
  return getFacility(db, id);
}

/** Master data change with the version the editor read; a stale version answers 409 and changes nothing, nor does a save without changes. */
export async function updateFacility(
  db: Db,
  facilityId: number,
  input: FacilityUpdate,
  ctx: Ctx,
  action: Extract<AuditAction, 'facility.update' | 'facility.admin_update'> = 'facility.update',
): Promise<Facility> {
  const { version, ...rest } = input;
  const values = facilityFields(facilityEditSchema.parse(rest));
  await db.transaction((tx) =>
    versionedUpdate(tx, {
      table: facilities,
      id: facilityId,
      version,
      load: async (t) => {
        const [row] = await t
          .select()
          .from(facilities)
          .where(and(eq(facilities.id, facilityId), isNull(facilities.mergedIntoId)))
          .for('update');
        if (!row) throw notFoundError();
        return row;
      },
      values,
      editable: facilityFields,
      skipUnchanged: true,
      audit: { action, entityType: 'facility' },
      ctx,
    }),
  );
  return getFacility(db, facilityId);
}

/**
 * Likely duplicates before registering: same postal code and a similar name by trigram similarity (pg_trgm,
 * loaded in PGlite too). Names differ mostly in prefixes like "Kita"/"Kindergarten", so word similarity counts
 * as well.
 */
export async function duplicateCandidates(db: DbOrTx, userId: number, postalCode: string, label: string) {
  const rows = await queryRows<{
    id: number;
    label: string;
    street: string;
    postalCode: string;
    city: string;
    sim: number;
    isMember: boolean;
    hasPendingRequest: boolean;
  }>(
    db,
    sql`select f.id, f.label, f.street, f.postal_code as "postalCode", f.city,
          greatest(similarity(lower(f.label), lower(${label})), word_similarity(lower(${label}), lower(f.label))) as sim,
          exists (select 1 from ${facilityMembers} m where m.facility_id = f.id and m.user_id = ${userId}) as "isMember",
          exists (select 1 from ${facilityJoinRequests} r where r.facility_id = f.id and r.user_id = ${userId} and r.state = 'pending') as "hasPendingRequest"
        from ${facilities} f
        where f.postal_code = ${postalCode} and f.merged_into_id is null
          and greatest(similarity(lower(f.label), lower(${label})), word_similarity(lower(${label}), lower(f.label))) >= 0.3
        order by sim desc, f.label
        limit 10`,
  );
  return rows.map((r) => ({
    id: r.id,
    label: r.label,
    street: r.street,
    postalCode: r.postalCode,
    city: r.city,
    similarity: Math.round(Number(r.sim) * 100) / 100,
    isMember: r.isMember,
    hasPendingRequest: r.hasPendingRequest,
  }));
}
