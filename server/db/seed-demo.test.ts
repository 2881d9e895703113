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

const tables = ['users', 'facilities', 'facility_members', 'seasons', 'season_enrolments', 'privacy_policy_versions', 'training_modules', 'awarding_events', 'offerings', 'offering_enrolments'];
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
  it('given the demo data, the programme shows what SPEC §7 promises', async () => {
    await seedDemo(t.handle.db, { password: 'Demo-Passwort-2026' });
    const rows = await queryRows<{ title: string; capacity: number; taken: number; waiting: number; attended: number; starts_at: Date; state: string }>(
      t.handle.db,
      `select o.title, o.capacity, o.state, o.starts_at,
         (select count(*)::int from offering_enrolments e where e.offering_id = o.id and e.state in ('confirmed', 'attended')) as taken,
         (select count(*)::int from offering_enrolments e where e.offering_id = o.id and e.state = 'waitlisted') as waiting,
         (select count(*)::int from offering_enrolments e where e.offering_id = o.id and e.state = 'attended') as attended
       from offerings o where o.kind = 'training' and o.state = 'published'`,
    );
    const upcoming = rows.filter((r) => new Date(r.starts_at) > new Date());
    expect(upcoming.some((r) => r.capacity - r.taken > 1)).toBe(true);
    expect(upcoming.some((r) => r.capacity - r.taken === 1)).toBe(true);
    expect(upcoming.some((r) => r.capacity === r.taken && r.waiting > 0)).toBe(true);
    expect(rows.some((r) => new Date(r.starts_at) < new Date() && r.attended > 0)).toBe(true);
    const [regions] = await queryRows<{ n: number }>(t.handle.db, `select count(distinct region)::int as n from offerings where kind = 'training' and state = 'published'`);
    expect(regions!.n).toBeGreaterThanOrEqual(3);
    const [hosp] = await queryRows<{ n: number }>(t.handle.db, `select count(distinct host_facility_id)::int as n from offerings where kind = 'hospitation'`);
    expect(hosp!.n).toBe(2);
    const events = await queryRows<{ title: string; workshops: number }>(
      t.handle.db,
      `select a.title, (select count(*)::int from offerings o where o.awarding_event_id = a.id) as workshops from awarding_events a order by a.title`,
    );
    expect(events).toEqual([
      { title: 'Auszeichnungsveranstaltung Nord', workshops: 2 },
      { title: 'Auszeichnungsveranstaltung Süd', workshops: 2 },
    ]);
    // eine-kita@'s KiTa has no bookings; one enrolled KiTa of mehrere-kitas@ is zur Auszeichnung zugelassen
    const [none] = await queryRows<{ n: number }>(
      t.handle.db,
      `select count(*)::int as n from offering_enrolments e join facilities f on f.id = e.facility_id where f.label = 'Kinderhaus Pegnitzwiese'`,
    );
    expect(none!.n).toBe(0);
    const approved = await queryRows<{ label: string }>(
      t.handle.db,
      `select f.label from season_enrolments s join facilities f on f.id = s.facility_id join facility_members m on m.facility_id = f.id join users u on u.id = m.user_id
       where s.approved_for_award_at is not null and s.withdrawn_at is null and u.email = 'mehrere-kitas@demo.example'`,
    );
    expect(approved).toEqual([{ label: 'Kinderhaus Sonnenschein' }]);
  });

  it('given an empty database, when seeding twice, the counts are the same and match SPEC §7', async () => {
    await seedDemo(t.handle.db, { password: 'Demo-Passwort-2026' });
    const first = await counts();
    await seedDemo(t.handle.db, { password: 'Demo-Passwort-2026' });
    expect(await counts()).toEqual(first);
    expect(first).toEqual({
      users: 6,
      facilities: 12,
      facility_members: 6,
      seasons: 2,
      // 4 of the accounts' KiTas + 5 KiTas without accounts that take part in the programme
      season_enrolments: 9,
      privacy_policy_versions: 1,
      training_modules: 2,
      awarding_events: 2,
      // 6 training dates (one draft), 2 hospitations, 4 workshops
      offerings: 12,
      offering_enrolments: 12,
    });
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
