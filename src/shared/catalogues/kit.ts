/**
 * What a module's catalogue is made of (docs/modules.md, docs/decisions/0037-modules-carry-their-catalogues.md).
 * Plain data, no zod: the client imports the catalogues cheaply.
 */

/** one failure the API answers on purpose (SPEC §3): the stable wire code, the status, the German message (du-form) */
export type ErrorEntry = {
  readonly status: number;
  readonly code: string;
  readonly message: string | ((...args: never[]) => string);
  readonly fields?: Readonly<Record<string, string>>;
};

type ErrorGroups = Record<string, Record<string, ErrorEntry>>;

/**
 * A module's catalogue:
 * - `errors`: groups of entries; `fail('<group>.<name>')` raises one. A group is usually named after the module
 *   (snake_case); a module may own several (accounts: `token`, `registration`, `me`, `admin_accounts`).
 * - `audit`: each audit action the module writes (`<entity>.<verb>`, snake_case) with its German name, the one the
 *   history views show.
 * - `entityTypes`: the `entity_type` values its audit rows point at (accounts are stored as 'user').
 */
export const moduleCatalogue = <
  const E extends ErrorGroups = Record<never, never>,
  const A extends Record<string, string> = Record<never, never>,
  const T extends string = never,
>(c: {
  errors?: E;
  audit?: A;
  entityTypes?: readonly T[];
}) => ({ errors: (c.errors ?? {}) as E, audit: (c.audit ?? {}) as A, entityTypes: (c.entityTypes ?? []) as readonly T[] });

/** a message that the form also shows at one field (the text written once) */
export const atField = <const F extends string, const M extends string>(field: F, message: M) => ({
  message,
  fields: { [field]: message } as Record<F, M>,
});

/** The one German text for a stale version (optimistic concurrency); forms show it next to a reload. */
export const conflictMessage =
  'Jemand anderes hat diese Daten inzwischen geändert. Deine Eingaben sind noch da: Lade den aktuellen Stand neu und trage sie dann noch einmal ein.';

export const validationFailed = 'Bitte prüfe deine Eingaben.';
