import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { errorBodySchema } from '../../src/shared/contracts/errors';
import { buildApp } from '../app';
import { isJuryUrl } from './access';
import { loadConfig } from '../config';
import { addMember, createFacility, createUser } from '../testing/factories';
import { loginAs } from '../testing/login-as';
import { buildTestApp } from '../testing/test-app';
import { createTestWorld } from '../testing/test-world';

/** Stand-ins until later issues add real admin and member routes, so the enumeration has something to prove. */
function testOnlyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/admin/test-only', { config: { access: 'admin' } }, async () => ({ secret: 'admin data' }));
  r.post('/api/admin/test-only', { config: { access: 'admin' }, schema: { body: z.object({ name: z.string().min(3) }) } }, async () => ({
    secret: 'admin write',
  }));
  r.get(
    '/api/facilities/:facilityId/test-only',
    { config: { access: 'member' }, schema: { params: z.object({ facilityId: z.coerce.number().int() }) } },
    async (request) => ({ secret: `facility ${request.params.facilityId}` }),
  );
  r.get('/api/me/test-only', { config: { access: 'user' } }, async () => ({ secret: 'mine' }));
  // issue 12: the jury's level, until the documentation module registers its real jury routes
  r.get('/api/admin/documentation/test-only', { config: { access: 'jury' } }, async () => ({ secret: 'forms to judge' }));
}

const t = createTestWorld(async () => {
  const app = await buildTestApp({ extraRoutes: testOnlyRoutes });
  const db = app.handle.db;
  const plain = await createUser(db);
  const member = await createUser(db);
  const admin = await createUser(db, { isAdmin: true });
  const jury = await createUser(db, { isJury: true });
  const facility = await createFacility(db);
  await addMember(db, facility.id, member.id);
  return {
    ...app,
    facilityId: facility.id,
    plainCookie: await loginAs(app.app, plain),
    memberCookie: await loginAs(app.app, member),
    adminCookie: await loginAs(app.app, admin),
    juryCookie: await loginAs(app.app, jury),
  };
});

const concrete = (url: string) => url.replace(':facilityId', String(t.facilityId)).replace(/:[A-Za-z]+/g, '1');
const call = (method: string, url: string, cookie?: string) =>
  t.app.inject({
    method: method as 'GET',
    url: concrete(url),
    headers: cookie ? { cookie } : {},
    ...(method === 'GET' || method === 'HEAD' || method === 'DELETE' ? {} : { payload: {} }),
  });

describe('route permissions (enumerated from every registered route)', () => {
  it('given the app, every route declared an access level and the test-only ones are among them', () => {
    const guarded = t.app.routeList.filter((r) => r.access !== 'public');
    expect(guarded.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /api/admin/test-only', 'POST /api/admin/test-only', 'GET /api/facilities/:facilityId/test-only']),
    );
  });

  it('given the team-workshop routes (issue 11), staff calls are member routes and decisions admin-only', () => {
    const of = (prefix: string) =>
      t.app.routeList
        .filter((r) => r.url.startsWith(prefix) && r.method !== 'HEAD')
        .map((r) => `${r.access} ${r.method} ${r.url}`)
        .sort();
    expect(of('/api/facilities/:facilityId/team-workshop-applications')).toEqual(
      ['DELETE', 'GET', 'POST', 'PUT'].map((m) => `member ${m} /api/facilities/:facilityId/team-workshop-applications`),
    );
    expect(of('/api/admin/team-workshop-applications')).toEqual([
      'admin GET /api/admin/team-workshop-applications',
      'admin GET /api/admin/team-workshop-applications/:applicationId',
      'admin GET /api/admin/team-workshop-applications/export.csv',
      'admin GET /api/admin/team-workshop-applications/export.xlsx',
      'admin POST /api/admin/team-workshop-applications/:applicationId/decision',
    ]);
  });

  it('given an anonymous caller, every non-public route answers 401 unauthenticated', async () => {
    const guarded = t.app.routeList.filter((r) => r.access !== 'public');
    for (const route of guarded) {
      const res = await call(route.method, route.url);
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({ route: `${route.method} ${route.url}`, status: 401 });
      if (route.method !== 'HEAD') expect(errorBodySchema.parse(res.json()).reason.code).toBe('unauthenticated');
    }
  });

  it('given a plain user, every admin and jury route answers 403 forbidden', async () => {
    for (const route of t.app.routeList.filter((r) => r.access === 'admin' || r.access === 'jury')) {
      const res = await call(route.method, route.url, t.plainCookie);
      expect(`${route.method} ${route.url} ${res.statusCode}`).toBe(`${route.method} ${route.url} 403`);
    }
  });

  it('given a jury member, every admin route answers 403 forbidden (the jury administers nothing)', async () => {
    for (const route of t.app.routeList.filter((r) => r.access === 'admin')) {
      const res = await call(route.method, route.url, t.juryCookie);
      expect(`${route.method} ${route.url} ${res.statusCode}`).toBe(`${route.method} ${route.url} 403`);
      if (route.method !== 'HEAD') expect(errorBodySchema.parse(res.json()).reason.code).toBe('forbidden');
    }
  });

  it('given the jury level, anonymous answers 401, staff 403, a jury member and an admin 200', async () => {
    const url = '/api/admin/documentation/test-only';
    expect(errorBodySchema.parse((await call('GET', url)).json()).reason.code).toBe('unauthenticated');
    expect((await call('GET', url)).statusCode).toBe(401);
    for (const cookie of [t.plainCookie, t.memberCookie]) {
      const res = await call('GET', url, cookie);
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain('secret');
    }
    expect((await call('GET', url, t.juryCookie)).json()).toEqual({ secret: 'forms to judge' });
    expect((await call('GET', url, t.adminCookie)).statusCode).toBe(200);
    // a jury member is still an account: its own calls stay open, KiTa calls stay closed
    expect((await call('GET', '/api/me/test-only', t.juryCookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/facilities/:facilityId/test-only', t.juryCookie)).statusCode).toBe(403);
  });

  it('given a user who is not a member, every member route answers 403 or 404 and never data', async () => {
    for (const route of t.app.routeList.filter((r) => r.access === 'member')) {
      const res = await call(route.method, route.url, t.plainCookie);
      expect([403, 404]).toContain(res.statusCode);
      expect(res.body).not.toContain('secret');
    }
  });

  it('given a member or an admin, the member route answers; an admin passes admin routes', async () => {
    expect((await call('GET', '/api/facilities/:facilityId/test-only', t.memberCookie)).json()).toEqual({ secret: `facility ${t.facilityId}` });
    expect((await call('GET', '/api/facilities/:facilityId/test-only', t.adminCookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/admin/test-only', t.adminCookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/me/test-only', t.plainCookie)).statusCode).toBe(200);
  });

  it('given the programme (issue 11), its routes are registered with these access levels', () => {
    const expected = [
      'GET /api/facilities/:facilityId/offerings member',
      'POST /api/facilities/:facilityId/enrolments member',
      'GET /api/facilities/:facilityId/enrolments member',
      'DELETE /api/facilities/:facilityId/enrolments/:enrolmentId member',
      'GET /api/facilities/:facilityId/enrolments/:enrolmentId/calendar.ics member',
      'GET /api/facilities/:facilityId/hospitation-visits member',
      'GET /api/facilities/:facilityId/awarding member',
      'GET /api/admin/training-modules admin',
      'POST /api/admin/training-modules admin',
      'PUT /api/admin/training-modules/:moduleId admin',
      'DELETE /api/admin/training-modules/:moduleId admin',
      'GET /api/admin/awarding-events admin',
      'POST /api/admin/awarding-events admin',
      'GET /api/admin/awarding-events/:awardingEventId admin',
      'PUT /api/admin/awarding-events/:awardingEventId admin',
      'POST /api/admin/awarding-events/:awardingEventId/publish admin',
      'POST /api/admin/awarding-events/:awardingEventId/cancel admin',
      'GET /api/admin/awarding-events/:awardingEventId/enrolments admin',
      'GET /api/admin/awarding-events/:awardingEventId/enrolments/export.csv admin',
      'GET /api/admin/awarding-events/:awardingEventId/enrolments/export.xlsx admin',
      'GET /api/admin/offerings admin',
      'GET /api/admin/offerings/export.csv admin',
      'GET /api/admin/offerings/export.xlsx admin',
      'POST /api/admin/offerings admin',
      'GET /api/admin/offerings/:offeringId admin',
      'PUT /api/admin/offerings/:offeringId admin',
      'POST /api/admin/offerings/:offeringId/publish admin',
      'POST /api/admin/offerings/:offeringId/cancel admin',
      'POST /api/admin/offerings/:offeringId/copy admin',
      'GET /api/admin/offerings/:offeringId/enrolments admin',
      'GET /api/admin/offerings/:offeringId/enrolments/export.csv admin',
      'GET /api/admin/offerings/:offeringId/enrolments/export.xlsx admin',
      'POST /api/admin/offerings/:offeringId/enrolments admin',
      'POST /api/admin/offerings/:offeringId/enrolments/actions admin',
      'PUT /api/admin/season-enrolments/:seasonEnrolmentId/award-approval admin',
      'GET /api/admin/facilities/:facilityId/programme admin',
    ];
    const registered = t.app.routeList.map((r) => `${r.method} ${r.url} ${r.access}`);
    expect(registered).toEqual(expect.arrayContaining(expected));
  });

  it('given the e-mail address lists (issue 21), every route is admin-only', () => {
    const of = t.app.routeList
      .filter((r) => r.url.startsWith('/api/admin/email-lists') && r.method !== 'HEAD')
      .map((r) => `${r.access} ${r.method} ${r.url}`)
      .sort();
    expect(of).toEqual(
      [
        'GET /api/admin/email-lists',
        'POST /api/admin/email-lists',
        'POST /api/admin/email-lists/preview',
        'POST /api/admin/email-lists/export.csv',
        'POST /api/admin/email-lists/export.xlsx',
        'POST /api/admin/email-lists/left-out',
        'POST /api/admin/email-lists/left-out.csv',
        'GET /api/admin/email-lists/:listId',
        'PUT /api/admin/email-lists/:listId',
        'DELETE /api/admin/email-lists/:listId',
        'POST /api/admin/email-lists/:listId/copy',
        'GET /api/admin/email-lists/:listId/export.csv',
        'GET /api/admin/email-lists/:listId/export.xlsx',
      ]
        .map((r) => `admin ${r}`)
        .sort(),
    );
  });

  it('given the documentation (issue 12), the admin/jury routes are jury routes and template writes admin-only', () => {
    const registered = t.app.routeList.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url} ${r.access}`);
    const base = '/api/admin/documentation/:seasonIdentifier';
    expect(registered).toEqual(
      expect.arrayContaining([
        `GET ${base} jury`,
        `GET ${base}/export.csv jury`,
        `GET ${base}/export.xlsx jury`,
        `GET ${base}/answers.csv jury`,
        `GET ${base}/answers.xlsx jury`,
        `GET ${base}/forms.zip jury`,
        `GET ${base}/:facilityId jury`,
        `GET ${base}/:facilityId/pdf jury`,
        `GET ${base}/:facilityId/files/:fileId jury`,
        `POST ${base}/:facilityId/decision jury`,
        `PUT ${base}/:facilityId/review jury`,
        `POST ${base}/:facilityId/notes jury`,
        `PUT ${base}/template admin`,
        `POST ${base}/template/copy admin`,
      ]),
    );
  });

  it('given the legacy import (issue 24), every route is admin-only', () => {
    const registered = t.app.routeList.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url} ${r.access}`);
    const base = '/api/admin/legacy-imports';
    expect(registered).toEqual(
      expect.arrayContaining([
        `GET ${base} admin`,
        `POST ${base} admin`,
        `GET ${base}/:importId admin`,
        `PUT ${base}/:importId/mapping admin`,
        `GET ${base}/:importId/rows admin`,
        `PUT ${base}/:importId/rows/:rowId/match admin`,
        `POST ${base}/:importId/commit admin`,
        `POST ${base}/:importId/undo admin`,
        'GET /api/admin/facilities/:facilityId/legacy-history admin',
      ]),
    );
  });

  it('given the ActiveCampaign sync (issue 21), its routes are admin routes', () => {
    const registered = t.app.routeList.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url} ${r.access}`);
    const base = '/api/admin/active-campaign';
    expect(registered).toEqual(
      expect.arrayContaining([
        `GET ${base}/settings admin`,
        `PUT ${base}/settings admin`,
        `POST ${base}/test admin`,
        `POST ${base}/lists admin`,
        `POST ${base}/dry-run admin`,
        `POST ${base}/runs admin`,
        `GET ${base}/runs admin`,
        `GET ${base}/runs/:runId admin`,
      ]),
    );
  });

  it('given the admin home (issue 22), its work list is admin-only', () => {
    const registered = t.app.routeList.filter((r) => r.method !== 'HEAD').map((r) => `${r.method} ${r.url} ${r.access}`);
    expect(registered).toEqual(expect.arrayContaining(['GET /api/admin/work-list admin']));
  });

  it('given the season report (issue 22), its figures and their XLSX are admin-only', () => {
    const registered = t.app.routeList
      .filter((r) => r.url.startsWith('/api/admin/season-report') && r.method !== 'HEAD')
      .map((r) => `${r.method} ${r.url} ${r.access}`)
      .sort();
    expect(registered).toEqual([
      'GET /api/admin/season-report/:seasonIdentifier admin',
      'GET /api/admin/season-report/:seasonIdentifier/export.xlsx admin',
    ]);
  });

  it('given a member route with a non-numeric id, answers 404 for a member too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/facilities/abc/test-only', headers: { cookie: t.memberCookie } });
    expect(res.statusCode).toBe(404);
  });

  it('given an anonymous caller and an invalid body, the 401 comes before validation', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/test-only', payload: { name: 1 } });
    expect(res.statusCode).toBe(401);
  });
});

/**
 * Every public route, on purpose: a new one fails here until it is added (and thought about: rate limit,
 * enumeration, what an anonymous caller learns).
 */
const publicRoutes = [
  'GET /api/openapi.json',
  'HEAD /api/openapi.json',
  'GET /api/docs',
  'HEAD /api/docs',
  'GET /api/docs/redoc.standalone.js',
  'HEAD /api/docs/redoc.standalone.js',
  'GET /api/config',
  'HEAD /api/config',
  // issue 25: monitoring and load balancers (no personal data, no session lookup)
  'GET /api/health',
  'HEAD /api/health',
  // issue 39: Prometheus; the handler asks for `Bearer <METRICS_TOKEN>` (404 without one configured), no session
  'GET /api/metrics',
  'HEAD /api/metrics',
  'POST /api/login',
  'DELETE /api/logout',
  'GET /api/loginstatus',
  'HEAD /api/loginstatus',
  'POST /api/ping',
  'GET /api/privacy-policy',
  'HEAD /api/privacy-policy',
  'POST /api/auth/register',
  'GET /api/auth/token-status',
  'HEAD /api/auth/token-status',
  'POST /api/auth/activate',
  'POST /api/auth/activation/resend',
  'POST /api/auth/password/forgot',
  'POST /api/auth/password/reset',
  'POST /api/auth/email-change/confirm',
  // issue 37: anyone holding a certificate checks its code (rate-limited, answers only what the certificate says)
  'GET /api/certificates/verify',
  'HEAD /api/certificates/verify',
];

describe('route permissions (the real routes, each role)', () => {
  const realRoutes = () => t.app.routeList.filter((r) => !r.url.endsWith('/test-only'));

  it('given the app, the public routes are exactly the frozen list', () => {
    expect(
      realRoutes()
        .filter((r) => r.access === 'public')
        .map((r) => `${r.method} ${r.url}`)
        .sort(),
    ).toEqual([...publicRoutes].sort());
  });

  it('given the app, every /api/admin/ route is admin-only (or jury under /api/admin/documentation/) and every admin or jury route lives there', () => {
    const expected = (r: { url: string; access: string }) => {
      if (isJuryUrl(r.url) && r.access === 'jury') return 'jury';
      if (r.url.startsWith('/api/admin/')) return 'admin';
      return r.access === 'admin' || r.access === 'jury' ? 'not admin' : r.access;
    };
    for (const r of t.app.routeList) expect(`${r.url} ${r.access}`).toBe(`${r.url} ${expected(r)}`);
  });

  it('given each role a route allows, the call gets past the access check (never 401 or 403 from it)', async () => {
    // ids other than the KiTa's don't exist, so no call changes a record; bodies are empty, so writes stop at validation
    const url = (u: string) => u.replace(':facilityId', String(t.facilityId)).replace(/:[A-Za-z]+/g, '999999');
    const allowed: Record<string, (string | undefined)[]> = {
      // anonymous only: a logged-in call of DELETE /api/logout would end the session the other checks use
      public: [undefined],
      user: [t.plainCookie, t.memberCookie, t.adminCookie],
      member: [t.memberCookie, t.adminCookie],
      admin: [t.adminCookie],
      jury: [t.juryCookie, t.adminCookie],
    };
    let calls = 0;
    for (const route of realRoutes()) {
      for (const cookie of allowed[route.access]!) {
        const res = await t.app.inject({
          // a HEAD answer has no body to name the denial: ask the GET it mirrors
          method: (route.method === 'HEAD' ? 'GET' : route.method) as 'GET',
          url: url(route.url),
          headers: cookie ? { cookie } : {},
          ...(['GET', 'HEAD', 'DELETE'].includes(route.method) ? {} : { payload: {} }),
        });
        calls++;
        const denied =
          res.statusCode === 401 || res.statusCode === 403 ? (errorBodySchema.safeParse(res.json()).data?.reason.code ?? res.statusCode) : null;
        // the login's own 401 for wrong credentials is an answer, not a denial
        const accessDenial = denied === 'unauthenticated' || denied === 'forbidden' ? denied : null;
        expect(`${route.method} ${route.url} ${accessDenial ?? 'passed'}`).toBe(`${route.method} ${route.url} passed`);
      }
    }
    expect(calls).toBeGreaterThan(60);
  });
});

describe('startup check', () => {
  it('given a route without config.access, building the app fails and names the route', async () => {
    const config = loadConfig({});
    await expect(
      buildApp({
        config,
        db: t.handle.db,
        distDir: '/nonexistent',
        extraRoutes: (app) => {
          app.get('/api/forgotten', async () => 'oops');
        },
      }),
    ).rejects.toThrow(/GET \/api\/forgotten lacks config\.access/);
  });

  it('given a member route without :facilityId, building the app fails', async () => {
    await expect(
      buildApp({
        config: loadConfig({}),
        db: t.handle.db,
        distDir: '/nonexistent',
        extraRoutes: (app) => {
          app.get('/api/kitas/:id/things', { config: { access: 'member' } }, async () => 'oops');
        },
      }),
    ).rejects.toThrow(/has no :facilityId parameter/);
  });

  it('given a jury route outside /api/admin/documentation/, building the app fails', async () => {
    for (const url of ['/api/admin/facilities/jury', '/api/admin/documentations', '/api/me/jury']) {
      await expect(
        buildApp({
          config: loadConfig({}),
          db: t.handle.db,
          distDir: '/nonexistent',
          extraRoutes: (app) => {
            app.get(url, { config: { access: 'jury' } }, async () => 'oops');
          },
        }),
      ).rejects.toThrow(/is 'jury' but lies outside/);
    }
  });
});
