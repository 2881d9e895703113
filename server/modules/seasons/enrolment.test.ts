import { and, eq, isNull } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addMember, createUser } from '../../testing/factories';
import { facilityFixture, type Role } from '../../testing/facility-fixture';
import { loginAs } from '../../testing/login-as';
import { auditLog } from '../audit/audit.table';
import { mailOutbox } from '../mail/mail.table';
import { persons } from '../persons/persons.table';
import { seasonChecklist } from './checklist.service';
import { seasonEnrolments, seasons } from './seasons.table';
import { createTestWorld } from '../../testing/test-world';
import { parseAnswer, reasonOfAnswer } from '../../testing/parse-answer';
import { loginStatusResponseSchema } from '../../../src/shared/contracts/auth';
import { seasonChecklistSchema, seasonEnrolmentSchema, seasonEnrolmentStatusSchema } from '../../../src/shared/contracts/season-enrolment';

const f = createTestWorld(async () => {
  const f = await facilityFixture();
  const [contact] = await f.db
    .insert(persons)
    .values({ facilityId: f.facility.id, firstName: 'Klara', lastName: 'Kontakt', position: 'Leitung', email: 'klara@kita.example' })
    .returning();
  const [foreign] = await f.db
    .insert(persons)
    .values({ facilityId: f.otherFacility.id, firstName: 'Fremd', lastName: 'Person', position: 'Leitung' })
    .returning();
  return { ...f, contactId: contact!.id, foreignPersonId: foreign!.id };
});

const url = () => `/api/facilities/${f.facility.id}/season-enrolment`;
const input = () => ({
  projectTopics: ['Ernährung', 'Wasser'],
  projectTitle: 'Wasser ist Leben',
  contactPersonId: f.contactId,
  groupsTakingPart: 'Igelgruppe',
  childrenTakingPart: 24,
  acceptedTerms: true,
});
const enrolled = async (role: Role = 'member') =>
  parseAnswer(loginStatusResponseSchema, await f.call(role, { method: 'GET', url: '/api/loginstatus' })).user?.facilities[String(f.facility.id)]
    ?.is_enrolled_to_cur_season;

describe('season enrolment', () => {
  it('given an open season and no enrolment, the status says it may enrol', async () => {
    expect(parseAnswer(seasonEnrolmentStatusSchema, await f.call('member', { method: 'GET', url: url() }))).toMatchObject({
      season: { identifier: '2026-27' },
      enrolment: null,
      canChange: true,
      message: null,
    });
  });

  it('given bad input, answers 400 with German field texts; a contact person of another KiTa is refused', async () => {
    const bad = await f.call('member', {
      method: 'PUT',
      url: url(),
      payload: { ...input(), projectTopics: [], acceptedTerms: false, childrenTakingPart: -3 },
    });
    expect(reasonOfAnswer(bad, 400).fields).toMatchObject({
      projectTopics: 'Bitte wähle mindestens ein Thema.',
      acceptedTerms: 'Bitte akzeptiere die Teilnahmebedingungen.',
      childrenTakingPart: 'Die Zahl der Kinder darf nicht negativ sein.',
    });
    const foreign = await f.call('member', { method: 'PUT', url: url(), payload: { ...input(), contactPersonId: f.foreignPersonId } });
    expect(reasonOfAnswer(foreign, 400).fields).toEqual({ contactPersonId: 'Bitte wähle eine Ansprechperson aus eurem Personal.' });
  });

  it('given a member, when enrolling, the enrolment exists, loginstatus flips at once, the audit log and the confirmation mails record it', async () => {
    expect(await enrolled()).toBe(false);
    const body = parseAnswer(seasonEnrolmentSchema, await f.call('member', { method: 'PUT', url: url(), payload: input() }));
    expect(body).toMatchObject({
      projectTitle: 'Wasser ist Leben',
      contactPersonName: 'Klara Kontakt',
      version: 1,
      createdBy: { id: f.users.member.id },
    });
    expect(await enrolled()).toBe(true);
    const [entry] = await f.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'season_enrolment.create'), eq(auditLog.entityId, String(body.id))));
    expect(entry?.after).toMatchObject({ projectTitle: 'Wasser ist Leben', facilityId: f.facility.id });
    const mails = await f.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'season-enrolment-confirmation'));
    expect(mails.map((m) => m.recipient).sort()).toEqual(['klara@kita.example', f.users.member.email].sort());
  });

  it('given an enrolment, a change without the version read answers 409; with it the change is saved and audited with before/after', async () => {
    const blind = await f.call('member', { method: 'PUT', url: url(), payload: { ...input(), projectTitle: 'Blind' } });
    expect(blind.statusCode).toBe(409);
    const { enrolment } = parseAnswer(seasonEnrolmentStatusSchema, await f.call('member', { method: 'GET', url: url() }));
    if (!enrolment) throw new Error('the enrolment of the test before is missing');
    const res = await f.call('member', {
      method: 'PUT',
      url: url(),
      payload: { ...input(), projectTitle: 'Wasser und Klima', version: enrolment.version },
    });
    expect(parseAnswer(seasonEnrolmentSchema, res)).toMatchObject({ projectTitle: 'Wasser und Klima', version: enrolment.version + 1 });
    const stale = await f.call('admin', { method: 'PUT', url: url(), payload: { ...input(), version: enrolment.version } });
    expect(reasonOfAnswer(stale, 409).message).toContain('Jemand anderes hat diese Daten inzwischen geändert');
    const [entry] = await f.db.select().from(auditLog).where(eq(auditLog.action, 'season_enrolment.update'));
    expect(entry).toMatchObject({ before: { projectTitle: 'Wasser ist Leben' }, after: { projectTitle: 'Wasser und Klima' } });
  });

  it('given an enrolment, when withdrawing, it is kept as history, loginstatus flips back and the KiTa may enrol again', async () => {
    expect(parseAnswer(seasonEnrolmentStatusSchema, await f.call('member', { method: 'DELETE', url: url() }))).toMatchObject({
      enrolment: null,
      canChange: true,
    });
    expect(await enrolled()).toBe(false);
    expect((await f.call('member', { method: 'DELETE', url: url() })).statusCode).toBe(404);
    const again = await f.call('member', { method: 'PUT', url: url(), payload: input() });
    expect(again.statusCode).toBe(200);
    expect(await enrolled()).toBe(true);
    const withdrawn = await f.db.select().from(auditLog).where(eq(auditLog.action, 'season_enrolment.withdraw'));
    expect(withdrawn).toHaveLength(1);
  });

  it('given two members enrolling at the same moment, exactly one enrolment exists and the other gets 409 or saw it', async () => {
    const second = await createUser(f.db);
    await addMember(f.db, f.otherFacility.id, second.id);
    const [contact] = await f.db
      .insert(persons)
      .values({ facilityId: f.otherFacility.id, firstName: 'Zeit', lastName: 'Gleich', position: 'Leitung' })
      .returning();
    const cookie = await loginAs(f.t.app, second);
    const target = `/api/facilities/${f.otherFacility.id}/season-enrolment`;
    const payload = { ...input(), contactPersonId: contact!.id };
    const answers = await Promise.all([
      f.call('otherMember', { method: 'PUT', url: target, payload }),
      f.t.app.inject({ method: 'PUT', url: target, headers: { cookie }, payload }),
      f.call('otherMember', { method: 'PUT', url: target, payload }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const live = await f.db
      .select()
      .from(seasonEnrolments)
      .where(
        and(eq(seasonEnrolments.facilityId, f.otherFacility.id), eq(seasonEnrolments.seasonId, f.season.id), isNull(seasonEnrolments.withdrawnAt)),
      );
    expect(live).toHaveLength(1);
    await f.call('otherMember', { method: 'DELETE', url: target });
  });

  it('given the checklist, the enrolment step is done and later steps link to their pages with their dates', async () => {
    await f.db.update(seasons).set({ documentationDeadline: '2027-06-30', juryDate: '2027-07-15' }).where(eq(seasons.id, f.season.id));
    const res = await f.call('member', { method: 'GET', url: `/api/facilities/${f.facility.id}/season-checklist` });
    const { steps } = parseAnswer(seasonChecklistSchema, res);
    expect(steps.map((s) => s.key)).toEqual(['enrolment', 'team_workshop', 'trainings', 'hospitation', 'documentation', 'jury', 'award']);
    expect(steps[0]).toMatchObject({ state: 'done', path: '/kita-jahr-anmeldung' });
    expect(steps[4]).toMatchObject({ deadline: '2027-06-30', path: '/dokumentationsbogen' });
    expect(steps[5]).toMatchObject({ detail: 'Jurysitzung am 15.07.2027; nach dem Einreichen' });
    const later = await seasonChecklist(f.db, f.facility.id, '2027-08-01');
    expect(later.steps[4]!.state).toBe('closed');
  });

  it('given a KiTa not enrolled, its checklist offers the enrolment until the deadline and marks it missed afterwards', async () => {
    await f.db.update(seasons).set({ enrolmentDeadline: '2027-02-05' }).where(eq(seasons.id, f.season.id));
    try {
      const before = await seasonChecklist(f.db, f.otherFacility.id, '2026-11-01');
      expect(before.steps[0]).toMatchObject({ key: 'enrolment', state: 'open', detail: 'Anmeldung bis 05.02.2027 möglich', deadline: '2027-02-05' });
      const after = await seasonChecklist(f.db, f.otherFacility.id, '2027-02-06');
      expect(after.steps[0]).toMatchObject({ state: 'missed', detail: 'Die Anmeldefrist zum KiTa-Jahr 2026/27 ist am 05.02.2027 abgelaufen.' });
    } finally {
      await f.db.update(seasons).set({ enrolmentDeadline: '2099-02-05' }).where(eq(seasons.id, f.season.id));
    }
  });

  it('given the deadline has passed, changing answers 409 enrolment_closed and the status says when it ended', async () => {
    await f.db.update(seasons).set({ enrolmentDeadline: '2020-01-31' }).where(eq(seasons.id, f.season.id));
    try {
      const status = parseAnswer(seasonEnrolmentStatusSchema, await f.call('member', { method: 'GET', url: url() }));
      expect(status).toMatchObject({ canChange: false, message: 'Die Anmeldefrist zum KiTa-Jahr 2026/27 ist am 31.01.2020 abgelaufen.' });
      const res = await f.call('member', { method: 'DELETE', url: url() });
      expect(reasonOfAnswer(res, 409).code).toBe('enrolment_closed');
    } finally {
      await f.db.update(seasons).set({ enrolmentDeadline: '2099-02-05' }).where(eq(seasons.id, f.season.id));
    }
  });

  it('given a closed season, enrolling answers 409 and the status says when it opens', async () => {
    await f.db.update(seasons).set({ enrolmentState: 'closed', enrolmentOpensOn: '2099-10-01' }).where(eq(seasons.id, f.season.id));
    try {
      const status = parseAnswer(
        seasonEnrolmentStatusSchema,
        await f.call('otherMember', { method: 'GET', url: `/api/facilities/${f.otherFacility.id}/season-enrolment` }),
      );
      expect(status).toMatchObject({
        canChange: false,
        message: 'Die Anmeldung zum KiTa-Jahr 2026/27 ist zurzeit geschlossen. Sie öffnet voraussichtlich am 01.10.2099.',
      });
      const [p] = await f.db
        .insert(persons)
        .values({ facilityId: f.otherFacility.id, firstName: 'A', lastName: 'B', position: 'Leitung' })
        .returning();
      const res = await f.call('otherMember', {
        method: 'PUT',
        url: `/api/facilities/${f.otherFacility.id}/season-enrolment`,
        payload: { ...input(), contactPersonId: p!.id },
      });
      expect(reasonOfAnswer(res, 409)).toMatchObject({ code: 'enrolment_closed', message: expect.stringContaining('geschlossen') });
    } finally {
      await f.db.update(seasons).set({ enrolmentState: 'open' }).where(eq(seasons.id, f.season.id));
    }
  });
});

describe('permission matrix of the enrolment routes', () => {
  const expected: Record<Role, number[]> = { anonymous: [401], otherMember: [403, 404], member: [200, 404, 409], admin: [200, 404, 409] };
  for (const role of ['anonymous', 'otherMember', 'member', 'admin'] as const) {
    it(`given ${role}, the enrolment and checklist routes answer ${expected[role].join('/')} and a stranger sees no data`, async () => {
      const routes = [
        { method: 'GET' as const, url: url() },
        { method: 'GET' as const, url: `/api/facilities/${f.facility.id}/season-checklist` },
        { method: 'PUT' as const, url: url(), payload: { ...input(), version: 999 } },
        { method: 'DELETE' as const, url: `${url()}?version=999` },
      ];
      for (const route of routes) {
        const res = await f.call(role, route);
        expect(`${route.method} ${route.url} ${expected[role].includes(res.statusCode)}`).toBe(`${route.method} ${route.url} true`);
        if (role === 'anonymous' || role === 'otherMember') expect(res.body).not.toMatch(/Wasser|Klara/);
      }
      expect(await enrolled()).toBe(true);
    });
  }
});
