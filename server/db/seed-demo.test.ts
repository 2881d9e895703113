import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../testing/test-app';
import { queryRows } from './client';
import { seedDemo } from './seed-demo';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

const tables = ['users', 'facilities', 'facility_members', 'seasons', 'season_enrolments', 'privacy_policy_versions', 'team_workshop_applications'];
async function counts() {
  const out: Record<string, number> = {};
  for (const table of tables) {
    const [row] = await queryRows<{ n: number }>(t.handle.db, sql.raw(`select count(*)::int as n from ${table}`));
    out[table] = row!.n;
  }
  return out;
}

const statusOf = async (email: string) => {
  const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password: 'Demo-Passwort-2026' } });
  expect(res.statusCode, email).toBe(200);
  return res.json();
};

describe('seed:demo', () => {
  it('given an empty database, when seeding twice, the counts are the same and match SPEC §7', async () => {
    await seedDemo(t.handle.db, { password: 'Demo-Passwort-2026' });
    const first = await counts();
    await seedDemo(t.handle.db, { password: 'Demo-Passwort-2026' });
    expect(await counts()).toEqual(first);
    expect(first).toEqual({ users: 6, facilities: 12, facility_members: 6, seasons: 2, season_enrolments: 4, privacy_policy_versions: 1, team_workshop_applications: 4 });
    const states = await queryRows<{ state: string }>(t.handle.db, 'select state from team_workshop_applications order by state');
    expect(states.map((r) => r.state)).toEqual(['accepted', 'declined', 'scheduled', 'submitted']);
    const [regions] = await queryRows<{ n: number }>(t.handle.db, 'select count(distinct region)::int as n from facilities');
    expect(regions!.n).toBe(7);
  });

  it('given the demo data, each account shows what SPEC §7 promises', async () => {
    const admin = await statusOf('admin@demo.example');
    expect(admin.user).toMatchObject({ is_admin: true, facilities: {}, missingSettings: {} });
    expect(admin.curSeason).toMatchObject({ identifier: '2026-27', enrolment_state: 'open', allow_documentation: true, is_current: true });

    expect((await statusOf('ohne-kita@demo.example')).user.facilities).toEqual({});

    const one = Object.values((await statusOf('eine-kita@demo.example')).user.facilities);
    expect(one).toEqual([expect.objectContaining({ is_enrolled_to_cur_season: true })]);

    const notEnrolled = Object.values((await statusOf('nicht-angemeldet@demo.example')).user.facilities);
    expect(notEnrolled).toEqual([expect.objectContaining({ is_enrolled_to_cur_season: false })]);

    const several = Object.values((await statusOf('mehrere-kitas@demo.example')).user.facilities) as { is_enrolled_to_cur_season: boolean }[];
    expect(several).toHaveLength(3);
    expect(several.filter((f) => f.is_enrolled_to_cur_season)).toHaveLength(2);

    const settings = (await statusOf('einstellungen@demo.example')).user;
    expect(Object.values(settings.facilities)).toEqual([expect.objectContaining({ is_enrolled_to_cur_season: true })]);
    expect(settings.missingSettings).toEqual({ privacyPolicy: 'Datenschutzerklärung (Fassung 2026-01)', newsletter: 'Newsletter' });
  });
});
