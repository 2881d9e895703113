import { type SQL, sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';
import type { References } from '../../lib/references';
import { documentationReferences } from '../documentation/documentation-references';
import { facilityReferences } from '../facilities/facility-references';
import { personReferences } from '../persons/person-references';
import { programmeReferences } from '../programme/programme-references';
import { seasonReferences } from '../seasons/season-references';
import { teamWorkshopReferences } from '../team-workshops/team-workshop-references';
import { legacyRecords } from './legacy-imports.table';

/**
 * Undo (issue 24) removes the KiTas and seasons an import created, unless they gained other data since: then they stay
 * and the undo says which. "Other data" is anything that refers to them: each module that may refer to a KiTa or a
 * season answers for its own tables (its `References`), asked in one query per kind; the deletes go through the owners.
 */
const owners: References[] = [
  facilityReferences,
  personReferences,
  seasonReferences,
  teamWorkshopReferences,
  documentationReferences,
  programmeReferences,
];

/** the ids of `ids` for which one of the owners' conditions or the other imports' records hold */
async function inUse(db: DbOrTx, ids: number[], kind: keyof References, otherImports: (id: SQL) => SQL): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const id = sql`v.id`;
  const conditions = owners.flatMap((o) => o[kind]?.(id) ?? []);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select v.id from (select value::int as id from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb)) v
        where ${sql.join([...conditions, otherImports(id)], sql` or `)}`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

export const facilitiesInUse = (db: DbOrTx, ids: number[], importId: number) =>
  inUse(db, ids, 'facility', (id) => sql`exists (select 1 from ${legacyRecords} x where x.facility_id = ${id} and x.import_id <> ${importId})`);

export const seasonsInUse = (db: DbOrTx, ids: number[], importId: number) =>
  inUse(db, ids, 'season', (id) => sql`exists (select 1 from ${legacyRecords} x where x.season_id = ${id} and x.import_id <> ${importId})`);
