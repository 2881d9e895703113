/**
 * Every failure the API answers on purpose (SPEC §3), gathered from the modules' catalogues
 * (src/shared/catalogues/<module>.ts, listed once in src/shared/catalogues/all-modules.ts): the stable wire `code` the
 * client switches on, the HTTP status and the German message (du-form). Plain data, no zod, so the client imports it
 * cheaply. The server raises errors only through `fail('<group>.<name>')` (server/lib/http-error.ts).
 *
 * An entry's id (`<group>.<name>`) is for the server; the wire `code` is what clients see and stays stable. Two
 * entries may share a code when the client treats them alike and only the text differs (e.g. `me.email_taken`
 * and `admin_accounts.email_taken`). `fields` are fixed field messages; a message may take arguments.
 */
import { moduleCatalogues } from '../catalogues/all-modules';
import type { ErrorEntry as Entry } from '../catalogues/kit';

type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** every module's error groups in one object: `errorCatalogue.<group>.<name>` */
export const errorCatalogue = Object.assign({}, ...moduleCatalogues.map((m) => m.errors)) as UnionToIntersection<
  (typeof moduleCatalogues)[number]['errors']
>;

type Catalogue = typeof errorCatalogue;
type Module = keyof Catalogue;

/** `<module>.<name>`: what the server raises */
export type ErrorId = { [M in Module]: `${M}.${keyof Catalogue[M] & string}` }[Module];
export type ErrorEntry<Id extends ErrorId> = Id extends `${infer M extends Module}.${infer K}`
  ? K extends keyof Catalogue[M]
    ? Catalogue[M][K]
    : never
  : never;

/** every stable wire code the API answers with on purpose: what the client switches on */
export type ErrorCode = {
  [M in Module]: { [K in keyof Catalogue[M]]: Catalogue[M][K] extends { code: infer C } ? C : never }[keyof Catalogue[M]];
}[Module];

export function errorEntry<Id extends ErrorId>(id: Id): ErrorEntry<Id> {
  const dot = id.indexOf('.');
  const module = errorCatalogue[id.slice(0, dot) as Module] as Record<string, Entry>;
  return module[id.slice(dot + 1)] as ErrorEntry<Id>;
}
