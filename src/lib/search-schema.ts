/**
 * `validateSearch` building blocks. Route definitions load with every page, so these are plain functions, not zod:
 * every field is optional, and a broken one is dropped on its own, so an old or hand-edited link still opens.
 * (TanStack Router hands over search values JSON-parsed: `page=3` arrives as the number 3.)
 */
import { maxInt4 } from '../shared/contracts/limits';
import { isCleanText } from '../shared/contracts/text';

type Field<T> = (raw: unknown) => T | undefined;

/** a whole number, at least `min` (and at most `max`); digits in a string count too */
export const searchInt =
  (min: number, max = Number.MAX_SAFE_INTEGER): Field<number> =>
  (raw) => {
    const n = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\s*-?\d+\s*$/.test(raw) ? Number(raw) : NaN;
    return Number.isSafeInteger(n) && n >= min && n <= max ? n : undefined;
  };

/** a record id: a whole number the server's `integer` columns can hold (a larger one it refuses with 400) */
export const searchId: Field<number> = searchInt(1, maxInt4);

/** one of `values` */
export const searchEnum =
  <const T extends readonly string[]>(values: T): Field<T[number]> =>
  (raw) =>
    typeof raw === 'string' && (values as readonly string[]).includes(raw) ? (raw as T[number]) : undefined;

/**
 * free text, trimmed, `min` to `max` characters (a number typed into the search box counts as text), and clean by the
 * server's rule (`isCleanText`): a control character in the address made the list call fail (400) and the page show
 * its error instead of the list
 */
export const searchText =
  (max: number, min = 0): Field<string> =>
  (raw) => {
    const text = typeof raw === 'string' ? raw.trim() : typeof raw === 'number' ? String(raw) : undefined;
    return text !== undefined && text.length >= min && text.length <= max && isCleanText(text) ? text : undefined;
  };

type Search<F extends Record<string, Field<unknown>>> = { [K in keyof F]?: F[K] extends Field<infer T> ? T : never };

/** `validateSearch: searchSchema({...}).parse`; the result type names every field as optional */
export function searchSchema<F extends Record<string, Field<unknown>>>(fields: F) {
  return {
    parse(raw: unknown): Search<F> {
      const input = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
      const out: Record<string, unknown> = {};
      // a dropped field is set to undefined, not left out: the router lays a route's search over the raw one
      for (const [key, field] of Object.entries(fields)) out[key] = field(input[key]);
      return out as Search<F>;
    },
  };
}
