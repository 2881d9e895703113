import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { errorCatalogue } from '../../src/shared/contracts/error-codes';

/**
 * The API gate judges German by the catalogue, not by a word list (issue 18): an answer's `reason.message` must be the
 * German text of an entry of src/shared/contracts/error-codes.ts with that `reason.code` — equal to a fixed text, or
 * made by the entry's message function (its fixed parts in order, the arguments anything). Field texts must be a
 * catalogue entry's field text, a message written in a contract (src/shared/contracts) or one of the German
 * replacements of zod's defaults (server/lib/zod-german.ts).
 */
const ARG = '\u0001';
const wildcard = '[\\s\\S]*?';
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** a text made with placeholder arguments → a pattern in which every argument (and what a lookup made of it) is anything */
const patternOf = (made: string) => escape(made).split(escape(ARG)).join(wildcard).split('undefined').join(wildcard);

type Entry = { code: string; message: string | ((...args: never[]) => string); fields?: Readonly<Record<string, string>> };
const entries = Object.values(errorCatalogue).flatMap((m) => Object.values(m) as Entry[]);

// a message function is called with every combination of a few argument kinds (text, 1, 2, yes/no, a list), so
// branches on a number or a flag are covered too
const argKinds: unknown[] = [ARG, 1, 2, true, false, [ARG]];
function* argCombinations(n: number): Generator<unknown[]> {
  if (n === 0) return yield [];
  for (const rest of argCombinations(n - 1)) for (const a of argKinds) yield [a, ...rest];
}

const byCode = new Map<string, { exact: Set<string>; patterns: string[] }>();
const catalogueFieldTexts = new Set<string>();
for (const e of entries) {
  const slot = byCode.get(e.code) ?? { exact: new Set<string>(), patterns: [] };
  byCode.set(e.code, slot);
  if (typeof e.message === 'string') slot.exact.add(e.message);
  else {
    const fn = e.message as (...args: unknown[]) => string;
    for (const args of argCombinations(Math.min(fn.length, 3))) {
      try {
        slot.patterns.push(patternOf(fn(...args)));
      } catch {
        // a combination the function cannot take (a list where it wants text): another one covers it
      }
    }
  }
  for (const t of Object.values(e.fields ?? {})) catalogueFieldTexts.add(t);
  // `fail(id, { field })` shows the entry's own message at a field (e.g. "Das Passwort ist falsch." at the password)
  if (typeof e.message === 'string') catalogueFieldTexts.add(e.message);
}
const codeRegex = new Map(
  [...byCode].map(([code, s]) => [code, s.patterns.length ? new RegExp(`^(?:${[...new Set(s.patterns)].join('|')})$`) : null]),
);

/** undefined when `message` is the catalogue's German text for `code`, else what is wrong */
export function catalogueProblem(code: string, message: unknown): string | undefined {
  const slot = byCode.get(code);
  if (!slot) return `reason.code "${code}" is not in the error catalogue`;
  if (typeof message !== 'string') return 'reason.message is no text';
  if (slot.exact.has(message) || codeRegex.get(code)?.test(message)) return undefined;
  return `reason.message is not the catalogue's text for "${code}": ${message}`;
}

// every string written in the contracts and in zod-german.ts: the field texts the API may answer
const root = path.resolve(import.meta.dirname, '../..');
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return sourceFiles(p);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [p] : [];
  });
const literals = [...sourceFiles(path.join(root, 'src/shared/contracts')), path.join(root, 'server/lib/zod-german.ts')].flatMap((file) => {
  const text = readFileSync(file, 'utf8');
  const found: string[] = [];
  for (const m of text.matchAll(/'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g)) {
    const raw = m[1] ?? m[2];
    if (raw !== undefined) found.push(escape(raw.replace(/\\(.)/g, '$1')));
    else if (m[3] !== undefined) found.push(escape(m[3].replace(/\\(.)/g, '$1')).replace(/\\\$\\\{[^`]*?\\\}/g, wildcard));
  }
  return found.filter((s) => /\p{L}{2}/u.test(s));
});
const fieldRegex = new RegExp(`^(?:${[...new Set(literals)].join('|')})$`);

/** undefined when a field text is one the contracts, the catalogue or zod-german wrote */
export function fieldProblem(key: string, text: unknown): string | undefined {
  if (typeof text !== 'string') return `fields.${key} is no text`;
  if (catalogueFieldTexts.has(text) || fieldRegex.test(text)) return undefined;
  return `fields.${key} is no text of the contracts or the catalogue: ${text}`;
}
