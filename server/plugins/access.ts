import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';
import { fail } from '../lib/http-error';

/**
 * public — anyone; user — any session; member — members of the KiTa in `:facilityId` (and admins); admin —
 * administrators; jury — administrators and jury members (issue 12: they review documentation forms but
 * administer nothing), only at `JURY_URL_PREFIX` and below.
 */
export type Access = 'public' | 'user' | 'admin' | 'member' | 'jury';

/** the one place jury routes may live (checked at startup, so a jury route can't open another admin area) */
export const JURY_URL_PREFIX = '/api/admin/documentation';
export const isJuryUrl = (url: string) => url === JURY_URL_PREFIX || url.startsWith(`${JURY_URL_PREFIX}/`);

declare module 'fastify' {
  interface FastifyInstance {
    /** every route with its declared access, for the permission enumeration test and audits */
    routeList: { method: string; url: string; access: Access }[];
  }
  interface FastifyContextConfig {
    /** who may call the route; every route must say it (checked at startup) */
    access?: Access;
  }
}

const accessValues: readonly string[] = ['public', 'user', 'admin', 'member', 'jury'];

export class MissingAccessError extends Error {}

/**
 * preValidation: after the session hook and before schema validation, so anonymous callers learn nothing from
 * validation answers; params are still raw strings here. Synchronous, and built per route, so it needs no look
 * at the route options (which fastify assembles anew on each access). Upload routes run it once more before their
 * body is read (server/modules/documentation/upload-body.ts), so no anonymous caller can make the server take a file.
 */
export function accessCheck(access: Exclude<Access, 'public'>) {
  return (request: FastifyRequest, _reply: FastifyReply, done: HookHandlerDoneFunction) => {
    const user = request.user;
    if (!user) return done(fail('common.unauthenticated'));
    if (access === 'user' || user.isAdmin) return done();
    if (access === 'admin') return done(fail('common.forbidden'));
    // is_jury came with the session lookup (sessionUserColumns): no extra query
    if (access === 'jury') return done(user.isJury ? undefined : fail('common.forbidden'));
    const raw = (request.params as { facilityId?: unknown } | undefined)?.facilityId;
    const facilityId = typeof raw === 'number' ? raw : typeof raw === 'string' && /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isInteger(facilityId) || facilityId <= 0) return done(fail('common.not_found'));
    // the session lookup loaded the memberships in the same query: no second query per request
    const isMember = request.userContext?.facilities.some((f) => f.id === facilityId) ?? false;
    done(isMember ? undefined : fail('common.forbidden'));
  };
}

/**
 * Permission is declared in each route's own definition and enforced here, once.
 * A route without `config.access` stops the server at startup instead of silently being public.
 */
async function accessPlugin(app: FastifyInstance) {
  const routeList: FastifyInstance['routeList'] = [];
  app.decorate('routeList', routeList);
  app.addHook('onRoute', (route) => {
    const access = (route.config as { access?: unknown } | undefined)?.access;
    if (typeof access !== 'string' || !accessValues.includes(access)) {
      const methods = Array.isArray(route.method) ? route.method.join(',') : route.method;
      throw new MissingAccessError(`Route ${methods} ${route.url} lacks config.access ('public' | 'user' | 'admin' | 'member' | 'jury').`);
    }
    if (access === 'member' && !route.url.includes(':facilityId')) {
      // the membership check reads params.facilityId; without it every non-admin would get 404
      throw new MissingAccessError(`Route ${route.url} is 'member' but has no :facilityId parameter.`);
    }
    if (access === 'jury' && !isJuryUrl(route.url)) {
      // jury members may review the documentation forms, nothing else of the administration
      throw new MissingAccessError(`Route ${route.url} is 'jury' but lies outside ${JURY_URL_PREFIX}/….`);
    }
    for (const method of [route.method].flat()) routeList.push({ method, url: route.url, access: access as Access });
    // the check is the route's own first preValidation hook: public routes (loginstatus, config, …) run none
    if (access !== 'public') {
      const check = accessCheck(access as Exclude<Access, 'public'>);
      route.preValidation = route.preValidation ? [check, ...[route.preValidation].flat()] : check;
    }
  });
}

export default fp(accessPlugin, { name: 'access', dependencies: ['db'] });
