import { z } from 'zod';

const idSchema = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number);

/** seed §2: id route parameters are integers, or null when not numeric (the page then says "not found"). */
export function parseId(raw: string | undefined): number | null {
  const parsed = idSchema.safeParse(raw);
  return parsed.success ? parsed.data : null;
}

/** Builds the `params` option of a route with integer ids, e.g. `idParams('trainingEventId')`. */
export function idParams<K extends string>(...keys: K[]) {
  return {
    parse: (raw: Record<K, string>) =>
      Object.fromEntries(keys.map((key) => [key, parseId(raw[key])])) as Record<K, number | null>,
    stringify: (params: Record<K, number | null>) =>
      Object.fromEntries(keys.map((key) => [key, params[key] === null ? '' : String(params[key])])) as Record<K, string>,
  };
}
