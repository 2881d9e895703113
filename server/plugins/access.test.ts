import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { addMember, createFacility, createUser } from '../testing/factories';
import { loginAs } from '../testing/login-as';
import { buildTestApp } from '../testing/test-app';
import { createTestWorld } from '../testing/test-world';

/** Stand-ins until later issues add real admin and member routes, so the enumeration has something to prove. */
function testOnlyRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/admin/test-only', { config: { access: 'admin' } }, async () => ({ secret: 'admin data' }));
  r.post(
    '/api/admin/test-only',
    { config: { access: 'admin' }, schema: { body: z.object({ name: z.string().min(3) }) } },
    async () => ({ secret: 'admin write' }),
  );
  r.get(
    '/api/facilities/:facilityId/test-only',
    { config: { access: 'member' }, schema: { params: z.object({ facilityId: z.coerce.number().int() }) } },
    async (request) => ({ secret: `facility ${request.params.facilityId}` }),
  );
  r.get('/api/me/test-only', { config: { access: 'user' } }, async () => ({ secret: 'mine' }));
}

const t = createTestWorld(async () => {
  const app = await buildTestApp({ extraRoutes: testOnlyRoutes });
  const db = app.handle.db;
  const plain = await createUser(db);
  const member = await createUser(db);
  const admin = await createUser(db, { isAdmin: true });
  const facility = await createFacility(db);
  await addMember(db, facility.id, member.id);
  return {
    ...app,
    facilityId: facility.id,
    plainCookie: await loginAs(app.app, plain),
    memberCookie: await loginAs(app.app, member),
    adminCookie: await loginAs(app.app, admin),
  };
});

const concrete = (url: string) => url.replace(':facilityId', String(t.facilityId)).replace(/:[A-Za-z]+/g, '1');
const call = (method: string, url: string, cookie?: string) =>
  t.app.inject({ method: method as 'GET', url: concrete(url), headers: cookie ? { cookie } : {}, ...(method === 'GET' || method === 'HEAD' || method === 'DELETE' ? {} : { payload: {} }) });

describe('route permissions (enumerated from every registered route)', () => {
  it('given the app, every route declared an access level and the test-only ones are among them', () => {
    const guarded = t.app.routeList.filter((r) => r.access !== 'public');
    expect(guarded.map((r) => `${r.method} ${r.url}`)).toEqual(
      expect.arrayContaining(['GET /api/admin/test-only', 'POST /api/admin/test-only', 'GET /api/facilities/:facilityId/test-only']),
    );
  });

  it('given an anonymous caller, every non-public route answers 401 unauthenticated', async () => {
    const guarded = t.app.routeList.filter((r) => r.access !== 'public');
    for (const route of guarded) {
      const res = await call(route.method, route.url);
      expect({ route: `${route.method} ${route.url}`, status: res.statusCode }).toEqual({ route: `${route.method} ${route.url}`, status: 401 });
      if (route.method !== 'HEAD') expect(res.json().reason.code).toBe('unauthenticated');
    }
  });

  it('given a plain user, every admin route answers 403 forbidden', async () => {
    for (const route of t.app.routeList.filter((r) => r.access === 'admin')) {
      const res = await call(route.method, route.url, t.plainCookie);
      expect(`${route.method} ${route.url} ${res.statusCode}`).toBe(`${route.method} ${route.url} 403`);
    }
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

  it('given a member route with a non-numeric id, answers 404 for a member too', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/facilities/abc/test-only', headers: { cookie: t.memberCookie } });
    expect(res.statusCode).toBe(404);
  });

  it('given an anonymous caller and an invalid body, the 401 comes before validation', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/admin/test-only', payload: { name: 1 } });
    expect(res.statusCode).toBe(401);
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
});
