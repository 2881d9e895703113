import { and, eq, sql } from 'drizzle-orm';
import {
  answerProblem,
  documentationStateLabels,
  formProblems,
  type Answers,
  type AutosaveInput,
  type AutosaveResult,
  type DocumentationForm,
  type DocumentationState,
} from '../../../src/shared/contracts/documentation';
import { DOC_LIMITS } from '../../../src/shared/contracts/documentation-template';
import { errorCatalogue } from '../../../src/shared/contracts/error-codes';
import { queryRows, type Db, type DbOrTx, type Tx } from '../../db/client';
import { fail } from '../../lib/http-error';
import { conflictError } from '../../lib/record-helpers';
import { berlinToday, germanDate } from '../../../src/shared/berlin-date';
import { audit, type Ctx } from '../audit/audit';
import { findActiveFacility } from '../facilities/facility-scope';
import { enrolledToCurrentSeason } from '../seasons/season-guard';
import type { SeasonRow } from '../seasons/seasons.table';
import { documentationFormEvents as events, documentationForms as forms, type DocumentationFormRow } from './documentation.table';
import { fileCounts, formParts, saverNameColumn, staffFileUrl, userName, type FormParts } from './form.repository';
import { cachedTemplate, questionsByKey, stableJson, type EffectiveTemplate } from './templates.service';

/**
 * The staff side of the documentation form (SPEC §2): the current season's form of one KiTa, autosaved per
 * answer, submitted once (again after the jury returned it). Editable while draft or returned, the season allows
 * documentation and its deadline (a calendar day in Europe/Berlin) has not passed; admins may always edit.
 */

export type Actor = { id: number; isAdmin: boolean };
/** what every call of one KiTa's form knows: the KiTa, the current season and its effective template */
export type FormScope = { facilityId: number; facilityLabel: string; season: SeasonRow; template: EffectiveTemplate; actor: Actor };

const purpose = 'den Dokumentationsbogen ausfüllen';

/** the season guard (enrolled to the current season), the KiTa's label and the season's template */
export async function formScope(db: DbOrTx, facilityId: number, actor: Actor, knownLabel?: string): Promise<FormScope> {
  const { season } = await enrolledToCurrentSeason(db, facilityId, purpose);
  // the session already read the member's KiTas with their labels; admins' KiTas are looked up
  const facilityLabel = knownLabel ?? (await findActiveFacility(db, facilityId))?.label ?? '';
  const template = await cachedTemplate(db, season.id);
  return { facilityId, facilityLabel, season, template, actor };
}

const editableStates: readonly DocumentationState[] = ['draft', 'returned'];
const doc = errorCatalogue.documentation;

/** why the season forbids changes now (not allowed, deadline passed), or null; admins are never blocked */
function seasonBlocker(season: SeasonRow, actor: Actor, today = berlinToday()) {
  if (actor.isAdmin) return null;
  if (!season.allowDocumentation) return { id: 'documentation.not_allowed' as const, message: doc.not_allowed.message(season.label) };
  if (season.documentationDeadline && today > season.documentationDeadline)
    return { id: 'documentation.deadline_passed' as const, message: doc.deadline_passed.message(germanDate(season.documentationDeadline)) };
  return null;
}

function stateBlocker(state: DocumentationState, actor: Actor) {
  if (actor.isAdmin || editableStates.includes(state)) return null;
  return { id: 'documentation.locked' as const, message: doc.locked.message(documentationStateLabels[state]) };
}

/** 409 unless the caller may change answers and files now (state first, then the season) */
export function assertEditable(scope: FormScope, state: DocumentationState) {
  const s = stateBlocker(state, scope.actor);
  if (s) throw fail(s.id, [documentationStateLabels[state]]);
  const b = seasonBlocker(scope.season, scope.actor);
  if (b?.id === 'documentation.not_allowed') throw fail(b.id, [scope.season.label]);
  if (b?.id === 'documentation.deadline_passed') throw fail(b.id, [germanDate(scope.season.documentationDeadline!)]);
}

/** the answer of GET, autosave and submit; `row` undefined: the form was not started (id null, version 0) */
export async function formDto(db: DbOrTx, scope: FormScope, row: DocumentationFormRow | undefined, known?: FormParts): Promise<DocumentationForm> {
  const state = row?.state ?? 'draft';
  const blocker = stateBlocker(state, scope.actor) ?? seasonBlocker(scope.season, scope.actor);
  const parts =
    known ??
    (row ? await formParts(db, row.id, row.savedBy, staffFileUrl(scope.facilityId)) : { files: [], history: [], savedBy: null, usedBytes: 0 });
  return {
    id: row?.id ?? null,
    facilityId: scope.facilityId,
    facilityLabel: scope.facilityLabel,
    seasonId: scope.season.id,
    seasonIdentifier: scope.season.identifier,
    seasonLabel: scope.season.label,
    state,
    version: row?.version ?? 0,
    answers: row?.answers ?? {},
    answerVersions: row?.answerVersions ?? {},
    files: parts.files,
    sections: scope.template.sections,
    editable: blocker === null,
    notEditableReason: blocker?.message ?? null,
    deadline: scope.season.documentationDeadline,
    returnComment: state === 'returned' ? row?.decisionComment || null : null,
    savedAt: row?.savedAt?.toISOString() ?? null,
    savedBy: parts.savedBy,
    submittedAt: row?.submittedAt?.toISOString() ?? null,
    history: parts.history,
    limits: { fileBytes: DOC_LIMITS.fileBytes, formBytes: DOC_LIMITS.formBytes, usedBytes: parts.usedBytes },
  };
}

const formOfScope = (scope: FormScope) => and(eq(forms.facilityId, scope.facilityId), eq(forms.seasonId, scope.season.id));

/** GET /api/facilities/{id}/documentation */
export async function getForm(db: DbOrTx, scope: FormScope): Promise<DocumentationForm> {
  const [row] = await db.select().from(forms).where(formOfScope(scope)).limit(1);
  return formDto(db, scope, row);
}

/** the form's row locked for this transaction (only what the write needs: not the answers) */
async function lockForm(tx: Tx, scope: FormScope) {
  const [row] = await tx
    .select({ id: forms.id, state: forms.state, version: forms.version, answerVersions: forms.answerVersions })
    .from(forms)
    .where(formOfScope(scope))
    .for('update');
  return row;
}

/**
 * The form's row locked, created first when it does not exist yet. Two first saves at once: the unique index
 * (facility, season) lets one insert; the other's insert does nothing (it waited for the first to commit) and
 * it locks the row the first one made.
 */
export async function lockOrCreateForm(tx: Tx, scope: FormScope, ctx: Ctx) {
  const existing = await lockForm(tx, scope);
  if (existing) return { row: existing, created: false };
  const [inserted] = await tx
    .insert(forms)
    .values({ facilityId: scope.facilityId, seasonId: scope.season.id, version: 0, createdBy: scope.actor.id })
    .onConflictDoNothing()
    .returning({ id: forms.id, state: forms.state, version: forms.version, answerVersions: forms.answerVersions });
  if (!inserted) {
    const row = await lockForm(tx, scope);
    if (!row) throw conflictError();
    return { row, created: false };
  }
  await tx.insert(events).values({ formId: inserted.id, state: 'draft', actorId: scope.actor.id });
  await audit(tx, {
    ...ctx,
    action: 'documentation_form.create',
    entityType: 'documentation_form',
    entityId: inserted.id,
    after: { facilityId: scope.facilityId, seasonId: scope.season.id },
  });
  return { row: inserted, created: true };
}

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

export type SubmittedHook = (tx: Tx, scope: FormScope, row: DocumentationFormRow) => Promise<void>;

/**
 * POST /api/facilities/{id}/documentation/submit: draft or returned → submitted, with the row locked so two
 * submits at once give one 200 and one 409 `already_submitted`. Every gap of the form answers 400 with a German
 * text per question key. `onSubmitted` runs in the same transaction (the mail to the KiTa's members).
 */
export async function submitForm(db: Db, scope: FormScope, version: number, ctx: Ctx, onSubmitted?: SubmittedHook): Promise<DocumentationForm> {
  const row = await db.transaction(async (tx) => {
    const [locked] = await tx.select().from(forms).where(formOfScope(scope)).for('update');
    if (!locked) {
      const problems = formProblems(scope.template.sections, {}, {}, 'submit');
      if (Object.keys(problems).length > 0) throw fail('documentation.incomplete', { fields: problems });
      throw conflictError();
    }
    if (locked.state === 'submitted') throw fail('documentation.already_submitted');
    if (locked.state === 'approved' || locked.state === 'rejected') throw fail('documentation.locked', [documentationStateLabels[locked.state]]);
    assertEditable(scope, locked.state);
    if (locked.version !== version) throw conflictError();
    const { counts } = await fileCounts(tx, locked.id);
    const problems = formProblems(scope.template.sections, locked.answers, counts, 'submit');
    if (Object.keys(problems).length > 0) throw fail('documentation.incomplete', { fields: problems });
    const now = new Date();
    const [updated] = await tx
      .update(forms)
      .set({ state: 'submitted', version: locked.version + 1, submittedAt: now, submittedBy: scope.actor.id })
      .where(eq(forms.id, locked.id))
      .returning();
    await tx.insert(events).values({ formId: locked.id, state: 'submitted', actorId: scope.actor.id, at: now });
    await audit(tx, {
      ...ctx,
      action: 'documentation_form.submit',
      entityType: 'documentation_form',
      entityId: locked.id,
      before: { state: locked.state },
      after: { state: 'submitted', facilityId: scope.facilityId, seasonId: scope.season.id, version: updated!.version },
    });
    await onSubmitted?.(tx, scope, updated!);
    return updated!;
  });
  return formDto(db, scope, row);
}
