import { z } from 'zod';
import { isoTimestampSchema, versionSchema } from './common';
import { documentationStates, type DocumentationState } from './documentation-list';
import { cleanTextProblem, DOC_LIMITS, mimeTypesOf, type Question, questionKeySchema, sectionSchema } from './documentation-template';

/**
 * Issue 12: one KiTa's documentation form (Dokumentationsbogen) of one season.
 * Paths (SPEC §3): staff `/api/facilities/{id}/documentation` (the current season's form) and below it;
 * admins and the jury `/api/admin/documentation/{seasonIdentifier}[/{facilityId}]` (admin-documentation.ts).
 */
export { documentationStates, type DocumentationState };
/** SPEC §6: states written out in German */
export const documentationStateLabels: Record<DocumentationState, string> = {
  draft: 'Entwurf',
  submitted: 'eingereicht',
  returned: 'zurückgegeben',
  approved: 'angenommen',
  rejected: 'abgelehnt',
};

/**
 * One answer: text, long text, date (`YYYY-MM-DD`) and single choice are strings ('' = none), number is a number or
 * null, multi choice a list of option values, a files question `{ consent }` (its files are listed in `files`).
 */
export const answerValueSchema = z.union([
  z.string().max(DOC_LIMITS.longTextMax + 1000),
  z.number().finite(),
  z.null(),
  z.array(z.string().max(40)).max(DOC_LIMITS.options),
  z.object({ consent: z.boolean() }),
]);
export type AnswerValue = z.infer<typeof answerValueSchema>;
export const answersSchema = z.record(questionKeySchema, answerValueSchema);
export type Answers = z.infer<typeof answersSchema>;

export const uploadedFileSchema = z.object({
  id: z.number().int(),
  questionKey: z.string(),
  name: z.string(),
  /** the type found by content on the server */
  contentType: z.string(),
  size: z.number().int(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  uploadedAt: isoTimestampSchema,
  uploadedBy: z.string().nullable(),
  /** deleted by the retention rule (SPEC §9): its place stays, named "Datei gelöscht (Aufbewahrungsfrist)", no bytes behind it */
  removed: z.boolean(),
  /** relative API path that serves the file to those who may see it (members of the KiTa, admins, the jury) */
  url: z.string(),
});
export type UploadedFile = z.infer<typeof uploadedFileSchema>;

export const stateChangeSchema = z.object({
  state: z.enum(documentationStates),
  at: isoTimestampSchema,
  by: z.string().nullable(),
  /** the jury's comment to the KiTa (returned, rejected, approved) */
  comment: z.string(),
});

/**
 * GET /api/facilities/{id}/documentation: the current season's form, rendered from the season's template.
 * A form not started yet answers `id: null, version: 0, state: 'draft'` with empty answers.
 */
export const documentationFormSchema = z.object({
  id: z.number().int().nullable(),
  facilityId: z.number().int(),
  facilityLabel: z.string(),
  seasonId: z.number().int(),
  seasonIdentifier: z.string(),
  seasonLabel: z.string(),
  state: z.enum(documentationStates),
  /** optimistic lock over the whole form; autosave sends the version its answers are based on */
  version: z.number().int(),
  answers: answersSchema,
  /** per question key the form version that last changed it: the client tells a colleague's change from its own */
  answerVersions: z.record(z.string(), z.number().int()),
  files: z.array(uploadedFileSchema),
  sections: z.array(sectionSchema),
  /** may the caller change answers and files now (state, season's "allow documentation", deadline; admins always) */
  editable: z.boolean(),
  /** German reason when not editable ("Die Frist ist am 30.06.2027 abgelaufen.") */
  notEditableReason: z.string().nullable(),
  deadline: z.string().nullable(),
  /** the jury's comment of the last return, shown at the top while returned */
  returnComment: z.string().nullable(),
  savedAt: isoTimestampSchema.nullable(),
  savedBy: z.string().nullable(),
  submittedAt: isoTimestampSchema.nullable(),
  history: z.array(stateChangeSchema),
  limits: z.object({ fileBytes: z.number().int(), formBytes: z.number().int(), usedBytes: z.number().int() }),
});
export type DocumentationForm = z.infer<typeof documentationFormSchema>;

/**
 * PUT /api/facilities/{id}/documentation (autosave): the answers changed since `baseVersion`, only those keys.
 * A key a colleague changed after `baseVersion` is not overwritten: it comes back in `conflicts` (with the form as it
 * is now) unless `overwrite` names it (the user chose "meine Fassung behalten").
 */
export const autosaveInputSchema = z.object({
  baseVersion: z.number().int().min(0).max(2_147_483_647),
  answers: answersSchema.refine((a) => Object.keys(a).length <= 400, 'Zu viele Antworten auf einmal.'),
  overwrite: z.array(questionKeySchema).max(400).default([]),
});
export type AutosaveInput = z.infer<typeof autosaveInputSchema>;
/**
 * The autosave's answer: not the whole form (the hot path of the portal, every few seconds per open form) but what
 * the client needs to stay in step — the form's version, state and last save, and every answer that changed after
 * `baseVersion` (this save's keys and colleagues' changes) with the version that wrote it. `applyAutosave` merges
 * it into the form the client holds.
 */
export const autosaveResultSchema = z.object({
  version: z.number().int(),
  state: z.enum(documentationStates),
  savedAt: isoTimestampSchema.nullable(),
  savedBy: z.string().nullable(),
  /** the answers written after baseVersion, as stored now */
  answers: answersSchema,
  answerVersions: z.record(z.string(), z.number().int()),
  /** keys not saved because a colleague changed them after baseVersion (their value is in `answers`) */
  conflicts: z.array(z.string()),
});
export type AutosaveResult = z.infer<typeof autosaveResultSchema>;

/** the form the client holds after an autosave answered: the changed answers merged in */
export function applyAutosave(form: DocumentationForm, result: AutosaveResult): DocumentationForm {
  return {
    ...form,
    version: result.version,
    state: result.state,
    savedAt: result.savedAt,
    savedBy: result.savedBy,
    answers: { ...form.answers, ...result.answers },
    answerVersions: { ...form.answerVersions, ...result.answerVersions },
  };
}

/** POST /api/facilities/{id}/documentation/submit `{ version }`; 400 with `fields` per question key listing every gap */
export const submitInputSchema = z.object({ version: versionSchema });

/**
 * POST /api/facilities/{id}/documentation/files?questionKey=…&name=… with the file's bytes as the body
 * (`application/octet-stream`); answers 201 with the stored file. DELETE …/files/{fileId}; GET …/files/{fileId}
 * serves it (never cached publicly). 413 when a file or the form's total is too big, 400 for a wrong type.
 */
export const uploadQuerySchema = z.object({
  questionKey: questionKeySchema,
  name: z
    .string()
    .trim()
    .min(1, 'Bitte gib einen Dateinamen an.')
    .max(200, 'Der Dateiname ist zu lang.')
    .refine((v) => !/[\\/]/.test(v) && cleanTextProblem(v, false) === null, 'Der Dateiname enthält unzulässige Zeichen.'),
});

/** the first German problem of one answer, or null. `submit`: also required questions and a missing consent */
export function answerProblem(q: Question, value: AnswerValue | undefined, mode: 'draft' | 'submit', fileCount = 0): string | null {
  const empty = value === undefined || value === null || value === '' || (Array.isArray(value) && value.length === 0);
  switch (q.kind) {
    case 'text':
    case 'long_text': {
      if (value !== undefined && value !== null && typeof value !== 'string') return 'Bitte gib einen Text ein.';
      const v = (value ?? '') as string;
      if (v.length > q.maxLength) return `Höchstens ${q.maxLength} Zeichen.`;
      const chars = cleanTextProblem(v, q.kind === 'long_text');
      if (chars) return chars;
      if (mode === 'submit' && q.required && v.trim() === '') return 'Bitte beantworte diese Frage.';
      return null;
    }
    case 'number': {
      if (value !== undefined && value !== null && (typeof value !== 'number' || !Number.isInteger(value))) return 'Bitte gib eine ganze Zahl ein.';
      if (typeof value === 'number') {
        if (q.min !== null && value < q.min) return `Bitte gib mindestens ${q.min} ein.`;
        if (q.max !== null && value > q.max) return `Bitte gib höchstens ${q.max} ein.`;
      }
      if (mode === 'submit' && q.required && value == null) return 'Bitte gib eine Zahl ein.';
      return null;
    }
    case 'date': {
      if (value !== undefined && value !== null && typeof value !== 'string') return 'Bitte gib ein Datum im Format TT.MM.JJJJ an.';
      if (typeof value === 'string' && value !== '') {
        const d = new Date(`${value}T00:00:00Z`);
        if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== value)
          return 'Bitte gib ein Datum im Format TT.MM.JJJJ an.';
      }
      if (mode === 'submit' && q.required && empty) return 'Bitte gib ein Datum an.';
      return null;
    }
    case 'single_choice': {
      if (value !== undefined && value !== null && typeof value !== 'string') return 'Bitte wähle eine Option.';
      if (typeof value === 'string' && value !== '' && !q.options.some((o) => o.value === value)) return 'Diese Option gibt es nicht.';
      if (mode === 'submit' && q.required && empty) return 'Bitte wähle eine Option.';
      return null;
    }
    case 'multi_choice': {
      if (value !== undefined && value !== null && !Array.isArray(value)) return 'Bitte wähle Optionen aus der Liste.';
      const v = (value ?? []) as string[];
      if (v.some((x) => !q.options.some((o) => o.value === x))) return 'Diese Option gibt es nicht.';
      if (new Set(v).size !== v.length) return 'Bitte wähle jede Option nur einmal.';
      if (q.maxChoices !== null && v.length > q.maxChoices) return `Bitte wähle höchstens ${q.maxChoices} Optionen.`;
      if (mode === 'submit' && q.required && v.length === 0) return 'Bitte wähle mindestens eine Option.';
      return null;
    }
    case 'files': {
      if (value !== undefined && value !== null && (typeof value !== 'object' || Array.isArray(value))) return 'Ungültige Angabe.';
      if (mode === 'submit' && q.required && fileCount === 0) return 'Bitte lade mindestens eine Datei hoch.';
      if (fileCount > q.maxFiles) return `Höchstens ${q.maxFiles} Dateien.`;
      const consent = (value as { consent?: boolean } | null | undefined)?.consent === true;
      if (mode === 'submit' && q.consentLabel !== '' && fileCount > 0 && !consent) return 'Bitte bestätige die Einwilligung.';
      return null;
    }
  }
}

/** every gap of a form for "Einreichen", in template order (the client jumps to the first one) */
export function formProblems(
  sections: z.infer<typeof sectionSchema>[],
  answers: Answers,
  fileCounts: Record<string, number>,
  mode: 'draft' | 'submit',
) {
  const problems: Record<string, string> = {};
  for (const s of sections)
    for (const q of s.questions) {
      const p = answerProblem(q, answers[q.key], mode, fileCounts[q.key] ?? 0);
      if (p) problems[q.key] = p;
    }
  return problems;
}

/** may a file of this content type go to this question */
export const acceptsContentType = (q: Question, contentType: string) =>
  q.kind === 'files' && q.fileTypes.some((t) => mimeTypesOf[t].includes(contentType));
