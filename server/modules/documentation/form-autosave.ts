import { eq, sql } from 'drizzle-orm';
import {
  answerProblem,
  type Answers,
  type AutosaveInput,
  type AutosaveResult,
  type DocumentationState,
} from '../../../src/shared/contracts/documentation';
import { errorCatalogue } from '../../../src/shared/contracts/error-codes';
import { queryRows, type Db, type DbOrTx } from '../../db/client';
import { fail } from '../../lib/http-error';
import { audit, type Ctx } from '../audit/audit';
import { documentationForms as forms, type DocumentationFormRow } from './documentation.table';
import { saverNameColumn, userName } from './form.queries';
import { assertEditable, editableStates, formOfScope, lockOrCreateForm, type FormScope } from './form.service';
import { questionsByKey, stableJson } from './templates.service';

/**
 * The documentation form's autosave, the hottest write of the portal (docs/decisions/0023-documentation-autosave.md).
 * It counts the form's and each answer's version in its own SQL: the one file scripts/check-module-sql.mjs lets do so;
 * every other write of a form goes through transitionForm (form-transition.ts).
 */

const doc = errorCatalogue.documentation;

/** 400 for keys the template does not know and for answers of the wrong shape, with a German text per key */
function checkAnswers(scope: FormScope, answers: AutosaveInput['answers']) {
  const questions = questionsByKey(scope.template.sections);
  const unknown: Record<string, string> = {};
  const invalid: Record<string, string> = {};
  for (const [key, value] of Object.entries(answers)) {
    const q = questions.get(key);
    if (!q) unknown[key] = doc.unknown_question.fields.questionKey;
    else {
      const problem = answerProblem(q, value, 'draft');
      if (problem) invalid[key] = problem;
    }
  }
  if (Object.keys(unknown).length > 0) throw fail('documentation.unknown_question', { fields: unknown });
  if (Object.keys(invalid).length > 0) throw fail('documentation.invalid_answers', { fields: invalid });
}

type InPlaceRow = {
  state: DocumentationState;
  conflicts: string[];
  version: number;
  saved_at: string | null;
  saved_by: string | null;
  answers: Answers;
  answer_versions: Record<string, number>;
};

/**
 * The autosave of an existing form as ONE statement (its own transaction): lock the row, find the conflicting keys
 * (changed after `baseVersion` by someone, not to be overwritten, and holding another value now), merge the rest
 * with their new version, and answer what changed after `baseVersion`. Saves the round trips of BEGIN/SELECT/
 * UPDATE/COMMIT on the hottest write of the portal. Undefined when the form does not exist yet (then the
 * transactional path creates it).
 */
async function saveInPlace(
  db: Db,
  scope: FormScope,
  input: AutosaveInput,
  editable: readonly DocumentationState[],
): Promise<AutosaveResult | undefined> {
  const [r] = await queryRows<InPlaceRow>(
    db,
    sql`with cur as (
        select id, state, version, answers, answer_versions, saved_at, saved_by from documentation_forms
        where facility_id = ${scope.facilityId} and season_id = ${scope.season.id}
        for update
      ), patch as (
        select p.key, p.value,
          coalesce((cur.answer_versions ->> p.key)::int, 0) > ${input.baseVersion}
            and not (p.key = any(${`{${input.overwrite.join(',')}}`}::text[]))
            and (cur.answers -> p.key) is distinct from p.value as conflict
        from cur, jsonb_each(${JSON.stringify(input.answers)}::jsonb) p
      ), w as (
        select coalesce(jsonb_object_agg(key, value) filter (where not conflict), '{}'::jsonb) as answers,
               count(*) filter (where not conflict) as n,
               coalesce(array_agg(key order by key) filter (where conflict), '{}') as conflicts
        from patch
      ), upd as (
        update documentation_forms f set
          answers = f.answers || w.answers,
          answer_versions = f.answer_versions || (select coalesce(jsonb_object_agg(k, f.version + 1), '{}'::jsonb) from jsonb_object_keys(w.answers) k),
          version = f.version + 1,
          saved_at = now(),
          saved_by = ${scope.actor.id}
        from cur, w
        where f.id = cur.id and w.n > 0 and cur.state = any(${`{${editable.join(',')}}`}::text[])
        returning f.version, f.answers, f.answer_versions, f.saved_at, f.saved_by
      ), fin as (
        select version, answers, answer_versions, saved_at, saved_by from upd
        union all
        select version, answers, answer_versions, saved_at, saved_by from cur where not exists (select 1 from upd)
      ), changed as (
        select v.key, v.value::int as version from fin, jsonb_each_text(fin.answer_versions) v
        where v.value::int > ${input.baseVersion} and fin.answers ? v.key
      )
      select cur.state, w.conflicts, fin.version, fin.saved_at,
        (select coalesce(jsonb_object_agg(c.key, fin.answers -> c.key), '{}'::jsonb) from changed c) as answers,
        (select coalesce(jsonb_object_agg(c.key, c.version), '{}'::jsonb) from changed c) as answer_versions,
        ${saverNameColumn(sql`fin.saved_by`)}
      from cur, w, fin`,
  );
  if (!r) return undefined;
  return {
    version: r.version,
    state: r.state,
    savedAt: r.saved_at === null ? null : new Date(r.saved_at).toISOString(),
    savedBy: r.saved_by,
    answers: r.answers,
    answerVersions: r.answer_versions,
    conflicts: r.conflicts,
  };
}

/** the autosave's answer from a whole row (the transactional path and a save without keys) */
async function resultOf(db: DbOrTx, row: DocumentationFormRow | undefined, baseVersion: number, conflicts: string[]): Promise<AutosaveResult> {
  const answers: Answers = {};
  const answerVersions: Record<string, number> = {};
  for (const [key, version] of Object.entries(row?.answerVersions ?? {}))
    if (version > baseVersion && row && key in row.answers) {
      answers[key] = row.answers[key]!;
      answerVersions[key] = version;
    }
  return {
    version: row?.version ?? 0,
    state: row?.state ?? 'draft',
    savedAt: row?.savedAt?.toISOString() ?? null,
    savedBy: row ? await userName(db, row.savedBy) : null,
    answers,
    answerVersions,
    conflicts,
  };
}

const same = (a: unknown, b: unknown) => stableJson(a ?? null) === stableJson(b ?? null);

/**
 * PUT /api/facilities/{id}/documentation, the hot path (every few seconds per open form): one short transaction
 * with the row locked. A key a colleague changed after `baseVersion` (and that holds another value now) is not
 * written unless `overwrite` names it; it comes back in `conflicts`. The rest is merged into the stored answers
 * in SQL (`answers || patch`), each written key remembers the new version. The answer carries only what changed
 * after `baseVersion` (see autosaveResultSchema). No audit entry per save, except the form's creation and an
 * admin's edit.
 */
export async function autosave(db: Db, scope: FormScope, input: AutosaveInput, ctx: Ctx): Promise<AutosaveResult> {
  checkAnswers(scope, input.answers);
  const keys = Object.keys(input.answers);
  if (keys.length === 0) {
    const [row] = await db.select().from(forms).where(formOfScope(scope)).limit(1);
    return resultOf(db, row, input.baseVersion, []);
  }
  // the season's rules first: a closed season creates no form
  assertEditable(scope, 'draft');
  // staff on a started form (nearly every save): one statement. Admins' saves are audited in the same transaction,
  // and the first save creates the form: both take the transactional path below.
  if (!scope.actor.isAdmin) {
    const fast = await saveInPlace(db, scope, input, editableStates);
    if (fast) {
      assertEditable(scope, fast.state);
      return fast;
    }
  }
  const overwrite = new Set(input.overwrite);
  const { row, conflicts } = await db.transaction(async (tx) => {
    const { row: locked } = await lockOrCreateForm(tx, scope, ctx);
    assertEditable(scope, locked.state);
    const candidates = keys.filter((k) => (locked.answerVersions[k] ?? 0) > input.baseVersion && !overwrite.has(k));
    let conflicts: string[] = [];
    if (candidates.length > 0) {
      const [current] = await tx.select({ answers: forms.answers }).from(forms).where(eq(forms.id, locked.id));
      // the same value as the colleague's is no conflict
      conflicts = candidates.filter((k) => !same(current?.answers[k], input.answers[k]));
    }
    const write = keys.filter((k) => !conflicts.includes(k));
    if (write.length === 0) {
      const [unchanged] = await tx.select().from(forms).where(eq(forms.id, locked.id));
      return { row: unchanged!, conflicts };
    }
    const version = locked.version + 1;
    const patch = Object.fromEntries(write.map((k) => [k, input.answers[k]]));
    const versions = Object.fromEntries(write.map((k) => [k, version]));
    const [updated] = await tx
      .update(forms)
      .set({
        answers: sql`${forms.answers} || ${JSON.stringify(patch)}::jsonb`,
        answerVersions: sql`${forms.answerVersions} || ${JSON.stringify(versions)}::jsonb`,
        version,
        savedAt: new Date(),
        savedBy: scope.actor.id,
      })
      .where(eq(forms.id, locked.id))
      .returning();
    if (scope.actor.isAdmin)
      await audit(tx, {
        ...ctx,
        action: 'documentation_form.edit_by_admin',
        entityType: 'documentation_form',
        entityId: locked.id,
        after: { facilityId: scope.facilityId, keys: write, version },
      });
    return { row: updated!, conflicts };
  });
  return resultOf(db, row, input.baseVersion, conflicts);
}
