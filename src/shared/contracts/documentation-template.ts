import { z } from 'zod';
import { isCleanText, optionalText, requiredText, textCharsMessage, versionSchema } from './common';
import { scoreDescriptionsSchema } from './jury-scale';

/**
 * Issue 12: a season's documentation-form template (Dokumentationsbogen-Vorlage). It is data that admins edit:
 * ordered sections of ordered questions. Answers are keyed by the question's stable `key`, so reordering, relabelling
 * or removing a question after forms were started loses no answer (removed questions' answers stay visible to
 * admins and the jury).
 */
export const questionKinds = ['text', 'long_text', 'number', 'single_choice', 'multi_choice', 'date', 'files'] as const;
export type QuestionKind = (typeof questionKinds)[number];
export const questionKindLabels: Record<QuestionKind, string> = {
  text: 'Kurzer Text',
  long_text: 'Langer Text',
  number: 'Zahl',
  single_choice: 'Einfachauswahl',
  multi_choice: 'Mehrfachauswahl',
  date: 'Datum',
  files: 'Fotos und Dateien',
};

/** what a files question accepts; checked on the server by the file's content (magic bytes), never by its name */
export const fileTypes = ['image', 'pdf'] as const;
export type FileTypeGroup = (typeof fileTypes)[number];
export const fileTypeLabels: Record<FileTypeGroup, string> = { image: 'Fotos (JPEG, PNG, WebP)', pdf: 'PDF-Dokumente' };
export const mimeTypesOf: Record<FileTypeGroup, readonly string[]> = {
  image: ['image/jpeg', 'image/png', 'image/webp'],
  pdf: ['application/pdf'],
};

/** limits of the whole portal; a question may set lower ones */
export const DOC_LIMITS = {
  sections: 30,
  questionsPerSection: 40,
  textMax: 500,
  longTextMax: 20_000,
  options: 40,
  maxFilesPerQuestion: 30,
  /** per file, after the browser downscaled photos to ~2000 px */
  fileBytes: 10 * 1024 * 1024,
  /** all files of one form together */
  formBytes: 150 * 1024 * 1024,
  /** the longest side a photo is downscaled to in the browser before upload */
  imageLongestSide: 2000,
} as const;

/** stable keys: lower-case letters, digits and `_`, starting with a letter (used in exports and answers) */
export const questionKeySchema = z
  .string({ error: 'Bitte gib einen Schlüssel an.' })
  .regex(/^[a-z][a-z0-9_]{0,39}$/, 'Der Schlüssel besteht aus 1–40 Kleinbuchstaben, Ziffern oder _ und beginnt mit einem Buchstaben.');

const choiceOptionSchema = z.object({
  value: questionKeySchema,
  label: requiredText('eine Bezeichnung der Option', 200),
});

const questionBase = {
  key: questionKeySchema,
  label: requiredText('die Frage', 300),
  help: optionalText(1000, { multiline: true }),
  required: z.boolean().default(false),
};

export const questionSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ ...questionBase, kind: z.literal('text'), maxLength: z.number().int().min(1).max(DOC_LIMITS.textMax).default(200) }),
    z.object({ ...questionBase, kind: z.literal('long_text'), maxLength: z.number().int().min(1).max(DOC_LIMITS.longTextMax).default(5000) }),
    z.object({
      ...questionBase,
      kind: z.literal('number'),
      min: z.number().int().min(-1_000_000).max(1_000_000).nullable().default(0),
      max: z.number().int().min(-1_000_000).max(1_000_000).nullable().default(null),
    }),
    z.object({
      ...questionBase,
      kind: z.literal('single_choice'),
      options: z.array(choiceOptionSchema).min(2, 'Bitte gib mindestens zwei Optionen an.').max(DOC_LIMITS.options),
    }),
    z.object({
      ...questionBase,
      kind: z.literal('multi_choice'),
      options: z.array(choiceOptionSchema).min(2, 'Bitte gib mindestens zwei Optionen an.').max(DOC_LIMITS.options),
      /** at most this many options may be ticked; null = any */
      maxChoices: z.number().int().min(1).max(DOC_LIMITS.options).nullable().default(null),
    }),
    z.object({ ...questionBase, kind: z.literal('date') }),
    z.object({
      ...questionBase,
      kind: z.literal('files'),
      fileTypes: z.array(z.enum(fileTypes)).min(1, 'Bitte wähle mindestens eine Dateiart.').default(['image']),
      maxFiles: z.number().int().min(1).max(DOC_LIMITS.maxFilesPerQuestion).default(10),
      /**
       * when set, uploading at least one photo makes this confirmation required (e.g. that the guardians of every
       * child shown agreed); the answer of a files question is `{ consent: boolean }`
       */
      consentLabel: optionalText(500, { multiline: true }),
    }),
  ],
  { error: 'Unbekannte Art von Frage.' },
);
export type Question = z.infer<typeof questionSchema>;

export const sectionSchema = z.object({
  key: questionKeySchema,
  title: requiredText('einen Titel des Abschnitts', 200),
  intro: optionalText(2000, { multiline: true }),
  questions: z.array(questionSchema).max(DOC_LIMITS.questionsPerSection, `Höchstens ${DOC_LIMITS.questionsPerSection} Fragen je Abschnitt.`),
});
export type Section = z.infer<typeof sectionSchema>;

/** keys are unique over the whole template (answers are keyed by them), section keys among sections */
export const templateBodySchema = z
  .object({
    sections: z.array(sectionSchema).min(1, 'Die Vorlage braucht mindestens einen Abschnitt.').max(DOC_LIMITS.sections),
    /** issue 19: what the jury's scores mean; optional, so templates written before still parse */
    scoreDescriptions: scoreDescriptionsSchema.optional(),
  })
  .superRefine((t, ctx) => {
    const questionKeys = new Set<string>();
    const sectionKeys = new Set<string>();
    t.sections.forEach((s, si) => {
      if (sectionKeys.has(s.key)) ctx.addIssue({ code: 'custom', path: ['sections', si, 'key'], message: 'Dieser Schlüssel kommt schon vor.' });
      sectionKeys.add(s.key);
      s.questions.forEach((q, qi) => {
        if (questionKeys.has(q.key))
          ctx.addIssue({ code: 'custom', path: ['sections', si, 'questions', qi, 'key'], message: 'Dieser Schlüssel kommt schon vor.' });
        questionKeys.add(q.key);
        if (q.kind === 'number' && q.min !== null && q.max !== null && q.min > q.max)
          ctx.addIssue({ code: 'custom', path: ['sections', si, 'questions', qi, 'max'], message: 'Das Maximum ist kleiner als das Minimum.' });
        if (q.kind === 'single_choice' || q.kind === 'multi_choice') {
          const values = q.options.map((o) => o.value);
          if (new Set(values).size !== values.length)
            ctx.addIssue({
              code: 'custom',
              path: ['sections', si, 'questions', qi, 'options'],
              message: 'Jede Option braucht einen eigenen Schlüssel.',
            });
        }
      });
    });
  });
export type TemplateBody = z.infer<typeof templateBodySchema>;

/** GET /api/admin/documentation/{seasonIdentifier}/template; also embedded in the staff form */
export const templateSchema = z.object({
  seasonId: z.number().int(),
  seasonIdentifier: z.string(),
  /** null: the season has no template of its own yet and shows the default one (saved on the first "Speichern") */
  version: z.number().int().nullable(),
  sections: z.array(sectionSchema),
  /** issue 19: what each of the jury's scores means, per criterion and level ({} when none are written) */
  scoreDescriptions: scoreDescriptionsSchema.default({}),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
  /** forms of this season that were started: the editor warns that removed questions keep their answers */
  startedForms: z.number().int(),
});
export type Template = z.infer<typeof templateSchema>;

/**
 * PUT /api/admin/documentation/{seasonIdentifier}/template (version null when the season has none yet);
 * without `scoreDescriptions` the template keeps the ones it has
 */
export const templateInputSchema = z
  .object({
    sections: templateBodySchema.shape.sections,
    scoreDescriptions: scoreDescriptionsSchema.optional(),
    version: versionSchema.nullable(),
  })
  .superRefine((v, ctx) => {
    const r = templateBodySchema.safeParse({ sections: v.sections });
    if (!r.success) for (const issue of r.error.issues) ctx.addIssue({ ...issue, code: 'custom', message: issue.message });
  });

/** a season's identifier as it stands in addresses and files (`2026-27`) */
export const seasonIdentifierSchema = z.string().regex(/^\d{4}-\d{2}$/, 'Bitte wähle ein KiTa-Jahr.');

/** POST /api/admin/documentation/{seasonIdentifier}/template/copy `{ fromSeasonIdentifier }`: copy another season's template */
export const templateCopyInputSchema = z.object({
  fromSeasonIdentifier: seasonIdentifierSchema,
  version: versionSchema.nullable(),
});

/** a question's German text for a plain value that must not contain control characters (shared by validators) */
export const cleanTextProblem = (v: string, multiline: boolean) => (isCleanText(v, multiline) ? null : textCharsMessage);
