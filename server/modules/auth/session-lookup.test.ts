import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../../db/client';
import { addMember, createFacility, createSeason, createUser, enrol, publishPrivacyPolicy } from '../../testing/factories';
import { loginAs } from '../../testing/login-as';
import { buildTestApp, type TestApp } from '../../testing/test-app';
import { openTestDb } from '../../testing/test-db';
import { sessions } from './sessions.table';

// every statement drizzle sends while `counting` is on
const queries: string[] = [];
let counting = false;
let handle: DbHandle;
let t: TestApp;

function memberRoute(app: FastifyInstance) {
  app.get('/api/facilities/:facilityId/lookup-probe', { config: { access: 'member' } }, async () => ({ ok: true }));
  app.get('/api/admin/documentation/lookup-probe', { config: { access: 'jury' } }, async () => ({ ok: true }));
}

beforeAll(async () => {
  handle = await openTestDb({ onQuery: (q) => counting && queries.push(q) });
  t = await buildTestApp({ handle, extraRoutes: memberRoute });
});
afterAll(async () => {
  await t?.close();
  await handle?.close();
});

async function count(fn: () => Promise<unknown>) {
  queries.length = 0;
  counting = true;
  try {
    await fn();
  } finally {
    counting = false;
  }
  return [...queries];
}

describe('the session lookup is the only read of an authenticated request', () => {
  it('given a member of two KiTas, one enrolled to the current season, when asking loginstatus, one query answers it all', async () => {
    const db = handle.db;
    const season = await createSeason(db, { isCurrent: true, label: 'KiTa-Jahr 2026/27' });
    await publishPrivacyPolicy(db, 'lookup-2', new Date(Date.now() - 1000));
    const user = await createUser(db, { newsletter: false });
    const enrolled = await createFacility(db, { label: 'A Kinderhaus' });
    const other = await createFacility(db, { label: 'B Krippe' });
    await addMember(db, enrolled.id, user.id);
    await addMember(db, other.id, user.id);
    await enrol(db, enrolled.id, season.id);
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: user.password } });
    const cookie = await loginAs(t.app, user);

    let res: Awaited<ReturnType<typeof t.app.inject>> | undefined;
    const seen = await count(async () => {
      res = await t.app.inject({ method: 'GET', url: '/api/loginstatus', headers: { cookie } });
    });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatch(/from "sessions"/);
    expect(res!.json()).toMatchObject({
      loggedin: true,
      user: {
        id: user.id,
        facilities: {
          [enrolled.id]: { id: enrolled.id, label: 'A Kinderhaus', is_enrolled_to_cur_season: true },
          [other.id]: { id: other.id, label: 'B Krippe', is_enrolled_to_cur_season: false },
        },
        missingSettings: { privacyPolicy: 'Datenschutzerklärung (Fassung lookup-2)' },
      },
      curSeason: { id: season.id, label: 'KiTa-Jahr 2026/27', isCurrent: true, startDate: null },
    });
    // login builds the same view without a session lookup (loadUserContext)
    expect(login.json().user).toEqual(res!.json().user);
    expect(login.json().curSeason).toEqual(res!.json().curSeason);
  });

  it('given a member, when calling a member route of their KiTa or of another one, the membership check adds no query', async () => {
    const db = handle.db;
    const user = await createUser(db);
    const mine = await createFacility(db);
    const foreign = await createFacility(db);
    await addMember(db, mine.id, user.id);
    const cookie = await loginAs(t.app, user);

    const allowed = await count(async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/facilities/${mine.id}/lookup-probe`, headers: { cookie } });
      expect(res.statusCode).toBe(200);
    });
    const refused = await count(async () => {
      const res = await t.app.inject({ method: 'GET', url: `/api/facilities/${foreign.id}/lookup-probe`, headers: { cookie } });
      expect(res.statusCode).toBe(403);
    });
    expect(allowed).toHaveLength(1);
    expect(refused).toHaveLength(1);
  });

  it('given a jury member and a staff member, loginstatus says is_jury in its one query and the jury check adds none', async () => {
    const jury = await createUser(handle.db, { isJury: true });
    const staff = await createUser(handle.db);
    const juryCookie = await loginAs(t.app, jury);
    const staffCookie = await loginAs(t.app, staff);
    for (const [cookie, isJury, status] of [
      [juryCookie, true, 200],
      [staffCookie, false, 403],
    ] as const) {
      const status_ = await count(async () => {
        const res = await t.app.inject({ method: 'GET', url: '/api/loginstatus', headers: { cookie } });
        expect(res.json().user).toMatchObject({ isJury: isJury, is_admin: false });
      });
      const probe = await count(async () => {
        expect((await t.app.inject({ method: 'GET', url: '/api/admin/documentation/lookup-probe', headers: { cookie } })).statusCode).toBe(status);
      });
      expect(status_).toHaveLength(1);
      expect(probe).toHaveLength(1);
    }
  });

  it('given a session last seen over a minute ago, the next request adds exactly one write to slide it, the one after none', async () => {
    const user = await createUser(handle.db);
    const cookie = await loginAs(t.app, user);
    await handle.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(sessions.userId, user.id));
    const first = await count(() => t.app.inject({ method: 'GET', url: '/api/loginstatus', headers: { cookie } }));
    const second = await count(() => t.app.inject({ method: 'GET', url: '/api/loginstatus', headers: { cookie } }));
    expect(first).toHaveLength(2);
    expect(first[1]).toMatch(/^update "sessions"/);
    expect(second).toHaveLength(1);
  });

  it('given a session last seen over a minute ago, a burst of parallel requests slides it with one write', async () => {
    const user = await createUser(handle.db);
    const cookie = await loginAs(t.app, user);
    await handle.db
      .update(sessions)
      .set({ lastSeenAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(sessions.userId, user.id));
    const seen = await count(async () => {
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => t.app.inject({ method: 'GET', url: '/api/loginstatus', headers: { cookie } })),
      );
      expect(answers.every((a) => a.json().loggedin === true)).toBe(true);
    });
    expect(seen.filter((q) => /^update "sessions"/.test(q))).toHaveLength(1);
    const [row] = await handle.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row!.lastSeenAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
  });
});
