import { and, eq } from 'drizzle-orm';
import { documentationStateLabels, formProblems, type DocumentationForm, type DocumentationState } from '../../../src/shared/contracts/documentation';
import { DOC_LIMITS } from '../../../src/shared/contracts/documentation-template';
import { errorCatalogue } from '../../../src/shared/contracts/error-codes';
import { type Db, type DbOrTx, type Tx } from '../../db/client';
import { fail } from '../../lib/http-error';
import { conflictError } from '../../lib/record-helpers';
import { berlinToday, germanDate } from '../../../src/shared/berlin-date';
import { audit, type Ctx } from '../audit/audit';
import { findActiveFacility } from '../facilities/facility-scope';
import { enrolledToCurrentSeason } from '../seasons/season-guard';
import type { SeasonRow } from '../seasons/seasons.table';
import { documentationFormEvents as events, documentationForms as forms, type DocumentationFormRow } from './documentation.table';
import { fileCounts, formParts, staffFileUrl, type FormParts } from './form.queries';
import { transitionForm } from './form-transition';
import { cachedTemplate, type EffectiveTemplate } from './templates.service';

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

export const editableStates: readonly DocumentationState[] = ['draft', 'returned'];
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

export const formOfScope = (scope: FormScope) => and(eq(forms.facilityId, scope.facilityId), eq(forms.seasonId, scope.season.id));

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
    const now = new Date();
    const { row: updated } = await transitionForm(tx, {
      load: async () => locked,
      version,
      guard: (row) => {
        if (row.state === 'submitted') throw fail('documentation.already_submitted');
        if (row.state === 'approved' || row.state === 'rejected') throw fail('documentation.locked', [documentationStateLabels[row.state]]);
        assertEditable(scope, row.state);
      },
      check: async (row, tx) => {
        const { counts } = await fileCounts(tx, row.id);
        const problems = formProblems(scope.template.sections, row.answers, counts, 'submit');
        if (Object.keys(problems).length > 0) throw fail('documentation.incomplete', { fields: problems });
      },
      to: 'submitted',
      values: { submittedAt: now, submittedBy: scope.actor.id },
      action: 'documentation_form.submit',
      at: now,
      context: (row) => ({ facilityId: scope.facilityId, seasonId: scope.season.id, version: row.version }),
      ctx,
    });
    await onSubmitted?.(tx, scope, updated);
    return updated;
  });
  return formDto(db, scope, row);
}
