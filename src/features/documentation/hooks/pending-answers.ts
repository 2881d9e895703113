import { z } from 'zod';
import { answerValueSchema, type AnswerValue } from '../../../shared/contracts/documentation';

/** a colleague's version of a key the server refused to overwrite */
export type Conflict = { theirs?: AnswerValue; savedBy: string | null; savedAt: string | null };

/**
 * One answer the user changed that the server has not confirmed yet. `base` is the form version the user saw the
 * key at (the server refuses to overwrite a colleague's later change: `conflicts`); `overwrite` after "Meine Fassung
 * behalten"; `conflict` while the user decides; `rejected` the server's German reason (400) until the value changes.
 */
export type PendingEntry = { value: AnswerValue; base: number; overwrite?: boolean; conflict?: Conflict; rejected?: string };
export type PendingAnswers = Record<string, PendingEntry>;

const entrySchema = z.object({
  value: answerValueSchema,
  base: z.number().int().min(0),
  overwrite: z.boolean().optional(),
  conflict: z.object({ theirs: answerValueSchema.optional(), savedBy: z.string().nullable(), savedAt: z.string().nullable() }).optional(),
  rejected: z.string().optional(),
});
const storedSchema = z.object({ v: z.literal(1), entries: z.record(z.string(), entrySchema) });

/**
 * localStorage key: per user (a shared KiTa computer keeps one person's unsent words away from the next person's
 * session), per KiTa and per season (a new season's form never gets last year's text).
 */
export const pendingStorageKey = (userId: number, facilityId: number, seasonId: number) =>
  `kita-portal.documentation.${userId}.${facilityId}.${seasonId}`;

export function readPending(key: string): PendingAnswers {
  try {
    const raw = window.localStorage.getItem(key);
    if (!raw) return {};
    const parsed = storedSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.entries : {};
  } catch {
    return {};
  }
}

/** written at every change; an empty set removes the key. False when the browser refused (quota, private mode). */
export function writePending(key: string, entries: PendingAnswers): boolean {
  try {
    if (Object.keys(entries).length === 0) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify({ v: 1, entries }));
    return true;
  } catch {
    return false;
  }
}

export const sameValue = (a: AnswerValue | undefined, b: AnswerValue | undefined) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);
