import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminWorkListSchema } from '../../../src/shared/contracts/admin-home';
import { createFacility, createUser } from '../../testing/factories';
import { facilityFixture } from '../../testing/facility-fixture';
import { loginAs } from '../../testing/login-as';
import { parseAnswer } from '../../testing/parse-answer';
import { createTestWorld } from '../../testing/test-world';
import { createForm, createReview } from '../documentation/test-helpers';
import { createOffering, createStaff } from '../programme/test-helpers';

const day = 86_400_000;
/** a date N days from today in Berlin, as the seasons table keeps it */
const isoDay = (n: number) => new Date(Date.now() + n * day).toLocaleDateString('sv-SE', { timeZone: 'Europe/Berlin' });

const f = createTestWorld(async () => {
  const fx = await facilityFixture();
  const { db, facility, otherFacility, season, users } = fx;
  const jury = await createUser(db, { isJury: true });
  const jury2 = await createUser(db, { isJury: true });
  // a join request waiting, one decided (not counted)
  await db.execute(sql`insert into facility_join_requests (facility_id, user_id, state) values
    (${facility.id}, ${users.otherMember.id}, 'pending'), (${otherFacility.id}, ${users.member.id}, 'declined')`);
  // two forms submitted (one reviewed by one jury member and by the admin, who is no jury member), one approved
  const third = await createFacility(db, { label: 'Kita Drei' });
  const a = await createForm(db, facility.id, season.id, { state: 'submitted' });
  await createForm(db, otherFacility.id, season.id, { state: 'submitted' });
  await createForm(db, third.id, season.id, { state: 'approved' });
  await createReview(db, a.id, jury.id);
  await createReview(db, a.id, users.admin.id);
  // team workshops: one to decide, one withdrawn, one accepted
  await db.execute(sql`insert into team_workshop_applications (facility_id, season_id, preferred_date_1, participant_count, state, withdrawn_at) values
    (${facility.id}, ${season.id}, '2027-03-01', 10, 'submitted', null),
    (${otherFacility.id}, ${season.id}, '2027-03-02', 10, 'submitted', now()),
    (${third.id}, ${season.id}, '2027-03-03', 10, 'accepted', null)`);
  // dates: a full training in 5 days with a waiting list; a hospitation in 10 days with free seats;
  // a training in 30 days with free seats (not soon); a draft in 3 days (not counted)
  const [p1, p2, p3] = await createStaff(db, facility.id, 3);
  const full = await createOffering(db, season.id, {
    capacity: 2,
    startsAt: new Date(Date.now() + 5 * day),
    endsAt: new Date(Date.now() + 5 * day + 3_600_000),
  });
  await db.execute(sql`insert into offering_enrolments (offering_id, facility_id, person_id, state) values
    (${full.id}, ${facility.id}, ${p1!.id}, 'confirmed'), (${full.id}, ${facility.id}, ${p2!.id}, 'confirmed'),
    (${full.id}, ${facility.id}, ${p3!.id}, 'waitlisted')`);
  await createOffering(db, season.id, {
    kind: 'hospitation',
    hostFacilityId: otherFacility.id,
    startsAt: new Date(Date.now() + 10 * day),
    endsAt: new Date(Date.now() + 10 * day + 3_600_000),
  });
  await createOffering(db, season.id);
  await createOffering(db, season.id, {
    state: 'draft',
    startsAt: new Date(Date.now() + 3 * day),
    endsAt: new Date(Date.now() + 3 * day + 3_600_000),
  });
  // a failed mail today, one over the budget (not counted), one failed two days ago (not counted)
  await db.execute(sql`insert into mail_outbox (recipient, template, status, budget, created_at) values
    ('a@example.org', 't', 'failed', 'counted', now()),
    ('b@example.org', 't', 'failed', 'over', now()),
    ('c@example.org', 't', 'failed', 'counted', now() - interval '2 days')`);
  // season dates: the documentation deadline in 7 days, the jury in 20, the award in 60 (too far)
  await db.execute(sql`update seasons set documentation_deadline = ${isoDay(7)}, jury_date = ${isoDay(20)}, award_date = ${isoDay(60)},
    enrolment_deadline = ${isoDay(-1)} where id = ${season.id}`);
  return { ...fx, juryCookie: await loginAs(fx.t.app, jury), jury2 };
});

const url = '/api/admin/work-list';

describe('admin work list (issue 22)', () => {
  it('given data behind every figure, an admin gets each count', async () => {
    const list = parseAnswer(adminWorkListSchema, await f.call('admin', { method: 'GET', url }));
    expect(list).toEqual({
      currentSeason: { id: f.season.id, identifier: '2026-27', label: 'KiTa-Jahr 2026/27' },
      joinRequests: 1,
      documentation: { submitted: 2, juryReviews: 1, juryMembers: 2 },
      teamWorkshopsToDecide: 1,
      datesWithWaitlist: { training: 1, hospitation: 0, awarding: 0 },
      datesSoonWithFreeSeats: { training: 0, hospitation: 1, awarding: 0 },
      failedMails: 1,
      activeCampaign: null,
      deadlines: [
        { seasonIdentifier: '2026-27', seasonLabel: 'KiTa-Jahr 2026/27', kind: 'documentationDeadline', date: isoDay(7) },
        { seasonIdentifier: '2026-27', seasonLabel: 'KiTa-Jahr 2026/27', kind: 'juryDate', date: isoDay(20) },
      ],
    });
  });

  it('given the counts of dates, the admin list of dates filtered by the same need holds exactly the counted rows (issue 34)', async () => {
    const list = parseAnswer(adminWorkListSchema, await f.call('admin', { method: 'GET', url }));
    for (const [needs, counts] of [
      ['waitlist', list.datesWithWaitlist],
      ['freeSeatsSoon', list.datesSoonWithFreeSeats],
    ] as const) {
      for (const kind of ['training', 'hospitation', 'awarding'] as const) {
        const res = await f.call('admin', { method: 'GET', url: `/api/admin/offerings?kind=${kind}&needs=${needs}` });
        expect(res.statusCode).toBe(200);
        const page = res.json() as { total: number; items: { id: number; waitlistLength: number; seatsFree: number }[] };
        expect([needs, kind, page.total]).toEqual([needs, kind, counts[kind]]);
        for (const o of page.items) expect(needs === 'waitlist' ? o.waitlistLength : o.seatsFree).toBeGreaterThan(0);
      }
    }
    // without the filter the list holds the other dates too (the draft, the one in 30 days)
    expect((await f.call('admin', { method: 'GET', url: '/api/admin/offerings?kind=training' })).json().total).toBe(3);
  });

  it('given an ActiveCampaign connection saved and two runs, the newest run is the one shown; without one, null', async () => {
    await f.db.execute(sql`insert into active_campaign_settings (id, url, key_sealed) values (1, 'http://127.0.0.1:9/api', 'x')`);
    const before = parseAnswer(adminWorkListSchema, await f.call('admin', { method: 'GET', url }));
    expect(before.activeCampaign).toEqual({ lastRun: null });
    const counts = sql`'{"added":0,"updated":0,"unsubscribed":0,"untagged":0,"tagsAdded":0,"tagsRemoved":0,"unchanged":0,"keptUnsubscribed":0,"requests":0}'::jsonb`;
    const [older] = (
      (await f.db.execute(sql`insert into active_campaign_runs (state, trigger, counts, created_at, finished_at)
        values ('finished', 'schedule', ${counts}, now() - interval '2 days', now() - interval '2 days') returning id`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    const [newer] = (
      (await f.db.execute(sql`insert into active_campaign_runs (state, trigger, counts, created_at, finished_at, error)
        values ('failed', 'manual', ${counts}, now() - interval '1 hour', now(), 'Zeitüberschreitung') returning id`)) as unknown as {
        rows: { id: number }[];
      }
    ).rows;
    expect(older).toBeDefined();
    const after = parseAnswer(adminWorkListSchema, await f.call('admin', { method: 'GET', url }));
    expect(after.activeCampaign?.lastRun).toMatchObject({ id: newer!.id, state: 'failed' });
    expect(after.activeCampaign?.lastRun?.finishedAt).not.toBeNull();
    await f.db.execute(sql`delete from active_campaign_runs`);
    await f.db.execute(sql`delete from active_campaign_settings`);
  });

  it('given staff, a jury member or nobody, the work list is not theirs: 403, 403, 401', async () => {
    expect((await f.call('member', { method: 'GET', url })).statusCode).toBe(403);
    expect((await f.t.app.inject({ method: 'GET', url, headers: { cookie: f.juryCookie } })).statusCode).toBe(403);
    expect((await f.call('anonymous', { method: 'GET', url })).statusCode).toBe(401);
  });
});
