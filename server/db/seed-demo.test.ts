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

const tables = [
  'users',
  'facilities',
  'facility_members',
  'seasons',
  'season_enrolments',
  'privacy_policy_versions',
  'team_workshop_applications',
  'training_modules',
  'awarding_events',
  'offerings',
  'offering_enrolments',
  'documentation_forms',
  'documentation_form_events',
  'documentation_files',
  'documentation_reviews',
  'legacy_imports',
  'legacy_import_rows',
  'legacy_records',
  'email_lists',
];
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
    const rows = await queryRows<{
      title: string;
      capacity: number;
      taken: number;
      waiting: number;
      attended: number;
      starts_at: Date;
      state: string;
    }>(
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
    const [regions] = await queryRows<{ n: number }>(
      t.handle.db,
      `select count(distinct region)::int as n from offerings where kind = 'training' and state = 'published'`,
    );
    expect(regions!.n).toBeGreaterThanOrEqual(3);
    const [hosp] = await queryRows<{ n: number }>(
      t.handle.db,
      `select count(distinct host_facility_id)::int as n from offerings where kind = 'hospitation'`,
    );
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
      `select f.label from season_enrolments s join seasons se on se.id = s.season_id and se.identifier = '2026-27'
       join facilities f on f.id = s.facility_id join facility_members m on m.facility_id = f.id join users u on u.id = m.user_id
       where s.approved_for_award_at is not null and s.withdrawn_at is null and u.email = 'mehrere-kitas@demo.example'`,
    );
    expect(approved).toEqual([{ label: 'Kinderhaus Sonnenschein' }]);
  });

  it('given an empty database, when seeding twice, the counts are the same and match SPEC §7', async () => {
    await seedDemo(t.handle.db, { password: 'Demo-Passwort-2026', fileStorage: t.app.fileStorage });
    const first = await counts();
    await seedDemo(t.handle.db, { password: 'Demo-Passwort-2026', fileStorage: t.app.fileStorage });
    expect(await counts()).toEqual(first);
    expect(first).toEqual({
      users: 7,
      // the 12 demo KiTas + 1 from the legacy import (a KiTa of 2019-21 that never used the portal)
      facilities: 13,
      facility_members: 6,
      // 2026-27, 2025-26 + 2019-20 to 2024-25 from the legacy import, created closed
      seasons: 8,
      // 2026-27: 4 of the accounts' KiTas + 5 KiTas without accounts that take part in the programme; 2025-26: 3 awarded KiTas
      season_enrolments: 12,
      privacy_policy_versions: 1,
      training_modules: 2,
      awarding_events: 2,
      // 6 training dates (one draft), 2 hospitations, 4 workshops
      offerings: 12,
      offering_enrolments: 12,
      team_workshop_applications: 4,
      // 2026-27: 2 drafts, 2 submitted, 1 returned, 1 approved; 2025-26: 3 approved
      documentation_forms: 9,
      // "submitted" for each of the 7 submitted ones, the decision for the 5 decided ones
      documentation_form_events: 12,
      documentation_files: 1,
      documentation_reviews: 1,
      // SPEC §7: one committed legacy import, 16 rows (2 in error), 14 enrolments and 10 awards
      legacy_imports: 1,
      legacy_import_rows: 16,
      legacy_records: 24,
      // issue 21: "Leitungen 2026/27"
      email_lists: 1,
    });
    const rowStates = await queryRows<{ state: string; n: number }>(
      t.handle.db,
      'select state, count(*)::int as n from legacy_import_rows group by state order by state',
    );
    expect(rowStates).toEqual([
      { state: 'accepted', n: 14 },
      { state: 'error', n: 2 },
    ]);
    const states = await queryRows<{ state: string }>(t.handle.db, 'select state from team_workshop_applications order by state');
    expect(states.map((r) => r.state)).toEqual(['accepted', 'declined', 'scheduled', 'submitted']);
    const [regions] = await queryRows<{ n: number }>(t.handle.db, 'select count(distinct region)::int as n from facilities');
    expect(regions!.n).toBe(7);
  });

  it('given the demo data, each account shows what SPEC §7 promises', async () => {
    const admin = await statusOf('admin@demo.example');
    expect(admin.user).toMatchObject({ is_admin: true, facilities: {}, missingSettings: {} });
    expect(admin.curSeason).toMatchObject({ identifier: '2026-27', enrolment_state: 'open', allow_documentation: true, isCurrent: true });

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

    // issue 12: the jury account, no KiTa, nothing to decide; the other accounts are not in the jury
    expect((await statusOf('jury@demo.example')).user).toMatchObject({ is_admin: false, isJury: true, facilities: {}, missingSettings: {} });
    expect(admin.user.isJury).toBe(false);
  });

  it('given the demo data, the saved e-mail list and the newsletter consents of SPEC §7 are there (issue 21)', async () => {
    const lists = await queryRows<{ name: string; purpose: string }>(t.handle.db, sql`select name, purpose from email_lists`);
    expect(lists).toEqual([{ name: 'Leitungen 2026/27', purpose: 'information' }]);
    const consents = await queryRows<{ email: string; newsletter: boolean | null }>(
      t.handle.db,
      sql`select u.email, u.newsletter from users u where exists (select 1 from facility_members m where m.user_id = u.id) order by u.email`,
    );
    expect(consents.filter((c) => c.newsletter !== true).map((c) => c.email)).toEqual(['einstellungen@demo.example']);
    expect(consents.filter((c) => c.newsletter === true).length).toBeGreaterThan(2);
  });

  it('given the demo data, the documentation forms are in every state and the jury sees them (issue 12)', async () => {
    const rows = await queryRows<{ label: string; season: string; state: string; comment: string }>(
      t.handle.db,
      `select f.label, s.identifier as season, d.state, d.decision_comment as comment from documentation_forms d
         join facilities f on f.id = d.facility_id join seasons s on s.id = d.season_id order by s.identifier desc, f.label`,
    );
    const of = (season: string) => rows.filter((r) => r.season === season).map((r) => `${r.label}: ${r.state}`);
    expect(of('2026-27')).toEqual([
      'Haus für Kinder Regenbogen: returned',
      'Kinderhaus Pegnitzwiese: draft',
      'Kinderhaus Sonnenschein: approved',
      'Kinderkrippe Zwergerlstube: submitted',
      'Kita Naabtal-Spatzen: draft',
      'Waldkindergarten Isarauen: submitted',
    ]);
    expect(rows.find((r) => r.state === 'returned')!.comment).not.toBe('');
    expect(of('2025-26').every((r) => r.endsWith(': approved'))).toBe(true);
    // every approved form's KiTa is zur Auszeichnung zugelassen in that season
    const [unapproved] = await queryRows<{ n: number }>(
      t.handle.db,
      `select count(*)::int as n from documentation_forms d join season_enrolments e on e.facility_id = d.facility_id and e.season_id = d.season_id and e.withdrawn_at is null
        where d.state = 'approved' and e.approved_for_award_at is null`,
    );
    expect(unapproved!.n).toBe(0);

    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'jury@demo.example', password: 'Demo-Passwort-2026' } });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const list = await t.app.inject({ method: 'GET', url: '/api/admin/documentation/2026-27?state=submitted', headers: { cookie } });
    expect(list.statusCode).toBe(200);
    expect(list.json().items.map((i: { facilityLabel: string; reviewedByMe: boolean }) => [i.facilityLabel, i.reviewedByMe])).toEqual([
      ['Kinderkrippe Zwergerlstube', false],
      ['Waldkindergarten Isarauen', true],
    ]);
    const [sonnenschein] = (await t.app.inject({ method: 'GET', url: '/api/admin/documentation/2026-27?q=Sonnenschein', headers: { cookie } })).json()
      .items;
    const detail = await t.app.inject({ method: 'GET', url: `/api/admin/documentation/2026-27/${sonnenschein.facilityId}`, headers: { cookie } });
    expect(detail.json().files).toEqual([expect.objectContaining({ name: 'Hochbeet-Ernte.jpg', contentType: 'image/jpeg' })]);
    const photo = await t.app.inject({ method: 'GET', url: detail.json().files[0].url, headers: { cookie } });
    expect(photo.statusCode).toBe(200);
    expect(photo.rawPayload.subarray(0, 3).toString('hex')).toBe('ffd8ff');
  });
});
