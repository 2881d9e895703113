import { sql } from 'drizzle-orm';
import { queryRows, type DbOrTx } from '../../db/client';

/**
 * Undo (issue 24) removes the KiTas and seasons an import created, unless they gained other data since: then they stay
 * and the undo says which. "Other data" is anything of another module that refers to them, asked in one query per
 * kind (a read model, listed in scripts/module-boundaries.cjs); the deletes go through the owners.
 */
export async function facilitiesInUse(db: DbOrTx, ids: number[], importId: number): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const list = JSON.stringify(ids);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select f.id from facilities f
        where f.id in (select value::int from jsonb_array_elements_text(${list}::jsonb))
          and (f.version > 1 or f.merged_into_id is not null
            or exists (select 1 from facilities m where m.merged_into_id = f.id)
            or exists (select 1 from facility_members x where x.facility_id = f.id)
            or exists (select 1 from facility_join_requests x where x.facility_id = f.id)
            or exists (select 1 from persons x where x.facility_id = f.id)
            or exists (select 1 from season_enrolments x where x.facility_id = f.id)
            or exists (select 1 from team_workshop_applications x where x.facility_id = f.id)
            or exists (select 1 from documentation_forms x where x.facility_id = f.id)
            or exists (select 1 from offering_enrolments x where x.facility_id = f.id)
            or exists (select 1 from offerings x where x.host_facility_id = f.id)
            or exists (select 1 from legacy_records x where x.facility_id = f.id and x.import_id <> ${importId}))`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}

export async function seasonsInUse(db: DbOrTx, ids: number[], importId: number): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const list = JSON.stringify(ids);
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select s.id from seasons s
        where s.id in (select value::int from jsonb_array_elements_text(${list}::jsonb))
          and (s.version > 1 or s.is_current
            or exists (select 1 from season_enrolments x where x.season_id = s.id)
            or exists (select 1 from team_workshop_applications x where x.season_id = s.id)
            or exists (select 1 from documentation_templates x where x.season_id = s.id)
            or exists (select 1 from documentation_forms x where x.season_id = s.id)
            or exists (select 1 from training_modules x where x.season_id = s.id)
            or exists (select 1 from awarding_events x where x.season_id = s.id)
            or exists (select 1 from offerings x where x.season_id = s.id)
            or exists (select 1 from legacy_records x where x.season_id = s.id and x.import_id <> ${importId}))`,
  );
  return new Set(rows.map((r) => Number(r.id)));
}
