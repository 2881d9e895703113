/**
 * Typed route builders, one per access level. A routes file takes the builder of its routes' access and registers
 * through it; `config.access` is set for it and `request.user` is non-null where the access guarantees a session:
 *
 *   const asAdmin = adminRoute(app);
 *   asAdmin.post('/api/admin/training-events/:eventId/publish', {
 *     errors: [409],                                       // only what the handler answers beyond the derived ones
 *     schema: { tags, params, body, response: { 200: trainingEventSchema } },
 *     handler: async (request) => publishEvent(app.db, request.params.eventId, request.user.id, auditContext(request)),
 *   });
 *
 * The OpenAPI error responses (401/403/400/404/409) follow from access, schema and URL (`derivedErrorStatuses`); the
 * operationId and a summary from method and URL unless the schema gives its own (`schema: { summary: '…' }`), and the
 * session requirement from the access (public routes: the session cookie is optional).
 */
import type {
  ContextConfigDefault,
  FastifyContextConfig,
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  HTTPMethods,
  RawReplyDefaultExpression,
  RawRequestDefaultExpression,
  RawServerDefault,
  RouteGenericInterface,
  RouteHandlerMethod,
} from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { errorBodySchema } from '../../src/shared/contracts/errors';
import type { Access } from '../plugins/access';
import type { SessionUser } from '../modules/users/users.table';

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 410 | 413 | 429;

/** the session user a route's access guarantees: none for public routes, always one for the others */
type UserOf<A extends Access> = A extends 'public' ? SessionUser | null : SessionUser;

type Request<S extends FastifySchema, A extends Access> = Omit<
  FastifyRequest<RouteGenericInterface, RawServerDefault, RawRequestDefaultExpression, S, ZodTypeProvider>,
  'user'
> & { user: UserOf<A> };
type Reply<S extends FastifySchema> = FastifyReply<
  RouteGenericInterface,
  RawServerDefault,
  RawRequestDefaultExpression,
  RawReplyDefaultExpression,
  ContextConfigDefault,
  S,
  ZodTypeProvider
>;
type Result<S extends FastifySchema> = ReturnType<
  RouteHandlerMethod<
    RawServerDefault,
    RawRequestDefaultExpression,
    RawReplyDefaultExpression,
    RouteGenericInterface,
    ContextConfigDefault,
    S,
    ZodTypeProvider
  >
>;

export type RouteOptions<S extends FastifySchema, A extends Access> = {
  schema: S;
  /** the route's other settings (e.g. `cacheControl`); the access comes from the builder */
  config?: Omit<FastifyContextConfig, 'access'>;
  /** statuses the handler answers beyond the derived ones (e.g. 409 for "already a member", 429 for a rate limit) */
  errors?: readonly ErrorStatus[];
  handler: (this: FastifyInstance, request: Request<S, A>, reply: Reply<S>) => Result<S>;
};

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const hasKey = (schema: unknown, key: string) => {
  const shape = (schema as { shape?: Record<string, unknown> } | undefined)?.shape;
  return !!shape && key in shape;
};

/**
 * The error statuses a route can answer, derived from what it declares (so the OpenAPI document can't drift):
 * 401 unless public; 403 for admin/member/jury access and for every state-changing call (Origin check); 400 when it
 * validates params, query or body; 404 when it has a path parameter; 409 when the write carries a `version`.
 */
export function derivedErrorStatuses(
  method: string,
  url: string,
  access: Access,
  schema: FastifySchema,
  extra: readonly ErrorStatus[] = [],
): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(extra);
  if (access !== 'public') statuses.add(401);
  if (access === 'admin' || access === 'member' || access === 'jury' || stateChanging.has(method)) statuses.add(403);
  if (schema.params || schema.querystring || schema.body) statuses.add(400);
  if (url.includes('/:')) statuses.add(404);
  if (hasKey(schema.body, 'version') || hasKey(schema.querystring, 'version')) statuses.add(409);
  return [...statuses].sort((a, b) => a - b);
}

const words = (segment: string) => segment.split(/[^A-Za-z0-9]+/).filter(Boolean);
const upperFirst = (w: string) => w.charAt(0).toUpperCase() + w.slice(1);

/** `GET /api/admin/seasons/:seasonId/export.csv` → `getAdminSeasonsBySeasonIdExportCsv` (unique per method and URL) */
function operationIdOf(method: string, url: string): string {
  const parts = url
    .replace(/^\/api\//, '')
    .split('/')
    .flatMap((segment) => (segment.startsWith(':') ? ['by', ...words(segment)] : words(segment)));
  return method.toLowerCase() + parts.map(upperFirst).join('');
}

/** the URL as the reference shows it (`admin/seasons/{seasonId}`): readable where a route gives no summary */
const summaryOf = (url: string) => url.replace(/^\/api\//, '').replace(/:([A-Za-z0-9_]+)/g, '{$1}');

/** the builder of one access level; the named ones below read better in a routes file */
export function routesFor<A extends Access>(app: FastifyInstance, access: A) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const route =
    (method: HTTPMethods) =>
    <S extends FastifySchema>(url: string, options: RouteOptions<S, A>) => {
      const { config, errors, handler, schema } = options;
      const derived = Object.fromEntries(derivedErrorStatuses(method, url, access, schema, errors).map((s) => [s, errorBodySchema]));
      // a route's own error schemas (the login's seed shape) win over the derived ones
      const response = { ...derived, ...(schema.response as Record<number, unknown> | undefined) };
      const documented = {
        operationId: operationIdOf(method, url),
        summary: summaryOf(url),
        // public routes read the session when there is one (loginstatus, logout, ping); the others require it (the
        // document's default, server/plugins/openapi.ts)
        ...(access === 'public' ? { security: [{}, { session: [] }] } : {}),
      };
      r.route({ method, url, config: { ...config, access }, schema: { ...documented, ...schema, response }, handler: handler as never });
    };
  return { get: route('GET'), post: route('POST'), put: route('PUT'), patch: route('PATCH'), delete: route('DELETE') };
}

/** routes anyone may call (login, config, links from e-mails) */
export const publicRoute = (app: FastifyInstance) => routesFor(app, 'public');
/** routes for any logged-in account (`/api/me/…`) */
export const userRoute = (app: FastifyInstance) => routesFor(app, 'user');
/** routes for members of the KiTa in `:facilityId` (and admins) */
export const memberRoute = (app: FastifyInstance) => routesFor(app, 'member');
/** `/api/admin/…` */
export const adminRoute = (app: FastifyInstance) => routesFor(app, 'admin');
/** `/api/admin/documentation/…` that jury members may call too (admins always; the access plugin refuses other URLs) */
export const juryRoute = (app: FastifyInstance) => routesFor(app, 'jury');
