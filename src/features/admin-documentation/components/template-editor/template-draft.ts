import type { z } from 'zod';
import { asciiSlug } from '../../../../shared/ascii-slug';
import {
  DOC_LIMITS,
  templateInputSchema,
  type FileTypeGroup,
  type Question,
  type QuestionKind,
  type Section,
  type Template,
} from '../../../../shared/contracts/documentation-template';
import { juryCriteria, SCORE_MAX, type JuryCriterionKey } from '../../../../shared/contracts/jury-scale';

/**
 * The editor's values: every question holds the fields of every kind (numbers as typed), so switching the kind back
 * and forth loses nothing; `toTemplateInput` picks the kind's fields for the contract. `uid` keeps React's identity
 * and focus across moves; `saved` marks what came from the server (its key is fixed once forms were started).
 */
export type OptionDraft = { uid: string; saved: boolean; value: string; label: string; valueTouched: boolean };
export type QuestionDraft = {
  uid: string;
  saved: boolean;
  keyTouched: boolean;
  kind: QuestionKind;
  key: string;
  label: string;
  help: string;
  required: boolean;
  maxLength: number | string;
  min: number | string;
  max: number | string;
  options: OptionDraft[];
  maxChoices: number | string;
  fileTypes: FileTypeGroup[];
  maxFiles: number | string;
  consentLabel: string;
};
export type SectionDraft = {
  uid: string;
  saved: boolean;
  keyTouched: boolean;
  key: string;
  title: string;
  intro: string;
  questions: QuestionDraft[];
};
/** issue 19: every criterion's six level texts ('' = none) */
export type ScoreDescriptionsDraft = Record<JuryCriterionKey, string[]>;
export type TemplateDraft = { sections: SectionDraft[]; scoreDescriptions: ScoreDescriptionsDraft };

let counter = 0;
export const newUid = () => `d${++counter}`;

/** a stable key from a label: "Wie viele Kinder?" → wie_viele_kinder (umlauts spelled out, at most 40 characters) */
export function keyFromLabel(label: string, fallback: string): string {
  // a key starts with a letter
  const base = asciiSlug(label, '_', 200)
    .replace(/^[^a-z]+/, '')
    .slice(0, 36)
    .replace(/_+$/, '');
  return base || fallback;
}

/** `key` or, when taken, key_2, key_3, … */
export function uniqueKey(key: string, taken: Iterable<string>): string {
  const used = new Set(taken);
  if (!used.has(key)) return key;
  for (let i = 2; ; i++) if (!used.has(`${key}_${i}`)) return `${key}_${i}`;
}

const defaults = { maxLength: { text: 200, long_text: 5000 } as Record<string, number>, maxFiles: 10 };

export function newOption(label = ''): OptionDraft {
  return { uid: newUid(), saved: false, value: '', label, valueTouched: false };
}

export function newQuestion(key: string): QuestionDraft {
  return {
    uid: newUid(),
    saved: false,
    keyTouched: false,
    kind: 'text',
    key,
    label: '',
    help: '',
    required: false,
    maxLength: defaults.maxLength.text!,
    min: 0,
    max: '',
    options: [],
    maxChoices: '',
    fileTypes: ['image'],
    maxFiles: defaults.maxFiles,
    consentLabel: '',
  };
}

export function newSection(key: string): SectionDraft {
  return { uid: newUid(), saved: false, keyTouched: false, key, title: '', intro: '', questions: [] };
}

/** a kind's defaults where the question has nothing of its own yet (e.g. long text: 5000 characters) */
export function withKind(q: QuestionDraft, kind: QuestionKind): QuestionDraft {
  const next = { ...q, kind };
  // a text's limit follows the kind unless someone set one of their own (that still fits)
  if (kind === 'text' || kind === 'long_text') {
    const own = (q.kind === 'text' || q.kind === 'long_text') && Number(q.maxLength) !== defaults.maxLength[q.kind];
    if (!own || (kind === 'text' && Number(q.maxLength) > DOC_LIMITS.textMax)) next.maxLength = defaults.maxLength[kind]!;
  }
  if ((kind === 'single_choice' || kind === 'multi_choice') && q.options.length === 0) next.options = [newOption(), newOption()];
  return next;
}

function draftOfQuestion(q: Question): QuestionDraft {
  const d: QuestionDraft = { ...newQuestion(q.key), saved: true, keyTouched: true, kind: q.kind, label: q.label, help: q.help, required: q.required };
  switch (q.kind) {
    case 'text':
    case 'long_text':
      return { ...d, maxLength: q.maxLength };
    case 'number':
      return { ...d, min: q.min ?? '', max: q.max ?? '' };
    case 'single_choice':
    case 'multi_choice':
      return {
        ...d,
        options: q.options.map((o) => ({ uid: newUid(), saved: true, value: o.value, label: o.label, valueTouched: true })),
        maxChoices: q.kind === 'multi_choice' ? (q.maxChoices ?? '') : '',
      };
    case 'date':
      return d;
    case 'files':
      return { ...d, fileTypes: [...q.fileTypes], maxFiles: q.maxFiles, consentLabel: q.consentLabel };
  }
}

export function draftOf(template: Pick<Template, 'sections'> & Partial<Pick<Template, 'scoreDescriptions'>>): TemplateDraft {
  return {
    scoreDescriptions: Object.fromEntries(
      juryCriteria.map((c) => [c.key, Array.from({ length: SCORE_MAX + 1 }, (_, i) => template.scoreDescriptions?.[c.key]?.[i] ?? '')]),
    ) as ScoreDescriptionsDraft,
    sections: template.sections.map((s: Section) => ({
      uid: newUid(),
      saved: true,
      keyTouched: true,
      key: s.key,
      title: s.title,
      intro: s.intro,
      questions: s.questions.map(draftOfQuestion),
    })),
  };
}

/** '' → null (no limit) or undefined (the contract's message); a number stays; anything else as typed */
const nullable = (raw: number | string) => (raw === '' ? null : typeof raw === 'number' ? raw : Number.isNaN(Number(raw)) ? raw : Number(raw));
const required = (raw: number | string) => (raw === '' ? undefined : nullable(raw));

function questionInput(q: QuestionDraft) {
  const base = { key: q.key, label: q.label, help: q.help, required: q.required };
  switch (q.kind) {
    case 'text':
    case 'long_text':
      return { ...base, kind: q.kind, maxLength: required(q.maxLength) ?? Number.NaN };
    case 'number':
      return { ...base, kind: q.kind, min: nullable(q.min), max: nullable(q.max) };
    case 'single_choice':
      return { ...base, kind: q.kind, options: q.options.map((o) => ({ value: o.value, label: o.label })) };
    case 'multi_choice':
      return { ...base, kind: q.kind, options: q.options.map((o) => ({ value: o.value, label: o.label })), maxChoices: nullable(q.maxChoices) };
    case 'date':
      return { ...base, kind: q.kind };
    case 'files':
      return { ...base, kind: q.kind, fileTypes: q.fileTypes, maxFiles: required(q.maxFiles) ?? Number.NaN, consentLabel: q.consentLabel };
  }
}

/** the PUT body from the editor's values */
export function toTemplateInput(draft: TemplateDraft, version: number | null): z.input<typeof templateInputSchema> {
  return {
    version,
    sections: draft.sections.map((s) => ({ key: s.key, title: s.title, intro: s.intro, questions: s.questions.map(questionInput) })) as never,
    // a criterion without any text is left out (the template then has no description for it)
    scoreDescriptions: Object.fromEntries(
      juryCriteria.filter((c) => draft.scoreDescriptions[c.key].some((t) => t.trim() !== '')).map((c) => [c.key, draft.scoreDescriptions[c.key]]),
    ),
  };
}

// zod 4's default texts start like this; the contract's own messages are German already (as server/lib/zod-german.ts)
const englishDefault = /^(Invalid|Too (small|big)|Expected|Unrecognized|Required|Number must|String must)/;

function germanOf(issue: z.core.$ZodIssue): string {
  if (!englishDefault.test(issue.message)) return issue.message;
  if (issue.code === 'invalid_type') return 'Bitte gib eine ganze Zahl ein.';
  if (issue.code === 'too_small') return `Mindestens ${String(issue.minimum)}.`;
  if (issue.code === 'too_big') return `Höchstens ${String(issue.maximum)}.`;
  return 'Ungültiger Wert.';
}

/** the contract's German messages keyed by the fields' paths (`sections.0.questions.2.key`), the first per field */
export function templateErrors(draft: TemplateDraft, version: number | null): Record<string, string> {
  const parsed = templateInputSchema.safeParse(toTemplateInput(draft, version));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.map(String).join('.') || '_form';
    errors[key] ??= germanOf(issue);
  }
  return errors;
}
