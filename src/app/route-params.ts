const ID = /^\d{1,15}$/;

/** seed §2: id route parameters are integers, or null when not numeric (the page then says "not found"). */
export function parseId(raw: string | undefined): number | null {
  return raw !== undefined && ID.test(raw) ? Number(raw) : null;
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
