/**
 * The audit log's actions, gathered from the modules' catalogues (src/shared/catalogues/<module>.ts, listed once in
 * src/shared/catalogues/all-modules.ts): each action is written once, with its German name. Plain data (no zod), so
 * the client's history views import it cheaply.
 *
 * Naming rule: `<entity>.<verb>` — the entity is the thing that changed (snake_case: facility, person, season,
 * season_enrolment, join_request, account, session, …), the verb says what happened to it (snake_case, imperative,
 * optionally qualified: `create_on_behalf`, `end_others`). A module adds its actions to its own catalogue; the
 * server's `audit()` accepts nothing else.
 */
import { moduleCatalogues } from '../catalogues/all-modules';

type Each = (typeof moduleCatalogues)[number];
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** every action with its German name (the history views' "Was" column) */
const labels = Object.assign({}, ...moduleCatalogues.map((m) => m.audit)) as UnionToIntersection<Each['audit']>;

export type AuditAction = keyof typeof labels & string;

export const auditActions = Object.keys(labels) as AuditAction[];

/** the German name of an action; a name the catalogue doesn't know (an old row) appears as written */
export const auditActionLabel = (action: string): string => (labels as Record<string, string>)[action] ?? action;

/** the `entity_type` column: which record `entity_id` points at (accounts are stored as 'user') */
export type AuditEntityType = Each['entityTypes'][number];
