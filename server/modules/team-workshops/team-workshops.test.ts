import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { InjectOptions } from 'fastify';
import { describe, expect, it } from 'vitest';
import { berlinToday } from '../../../src/shared/berlin-date';
import { addMember, createFacility, createUser, enrol } from '../../testing/factories';
import { facilityFixture } from '../../testing/facility-fixture';
import { loginAs } from '../../testing/login-as';
import { createTestWorld } from '../../testing/test-world';
import { auditLog } from '../audit/audit.table';
import { mailOutbox } from '../mail/mail.table';
import { germanDateTime } from '../../lib/export-format';
import { mailContext, renderMail } from '../mail/templates';
import { seasons } from '../seasons/seasons.table';
import { teamWorkshopApplications } from './team-workshops.table';

const inDays = (n: number) => {
  const d = new Date(`${berlinToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

const f = createTestWorld(async () => {
  const f = await facilityFixture();
  await enrol(f.db, f.facility.id, f.season.id);
  // a third KiTa, enrolled, with its own member: its application is "another KiTa's" for the fixture's member
  const third = await createFacility(f.db, { label: 'Kinderkrippe Zwergerlstube', city: 'Regensburg', postalCode: '93047', region: 'Oberpfalz' });
  await enrol(f.db, third.id, f.season.id);
  const thirdMember = await createUser(f.db, { firstName: 'Tina', lastName: 'Dritte' });
  await addMember(f.db, third.id, thirdMember.id);
  const thirdCookie = await loginAs(f.t.app, thirdMember);
  const asThird = (options: InjectOptions) => f.t.app.inject({ ...options, headers: { cookie: thirdCookie } });
  return { ...f, third, thirdMember, asThird };
});

const url = (facilityId = f.facility.id) => `/api/facilities/${facilityId}/team-workshop-applications`;
const input = (overrides: Record<string, unknown> = {}) => ({
  preferredDates: [inDays(30), inDays(45)],
  participantCount: 14,
  topicWishes: 'Naturerfahrung im Winter',
  addressDiffers: false,
  remarks: 'Bitte vormittags.',
  ...overrides,
});
const auditOf = (action: string, id: number) =>
  f.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(id))));
const decisionMails = () => f.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'team-workshop-decision'));
const decide = (id: number, body: Record<string, unknown>, role: 'admin' | 'member' = 'admin') =>
  f.call(role, { method: 'POST', url: `/api/admin/team-workshop-applications/${id}/decision`, payload: body });

describe('team-workshop application (staff)', () => {
  it('given callers without the right, anonymous answers 401, another KiTa 403, a KiTa not enrolled 403 not_enrolled; no data', async () => {
    expect((await f.call('anonymous', { method: 'GET', url: url() })).statusCode).toBe(401);
    const foreign = await f.call('otherMember', { method: 'GET', url: url() });
    expect(foreign.statusCode).toBe(403);
    expect(foreign.body).not.toContain('Sonnenschein');
    const foreignWrite = await f.call('otherMember', { method: 'POST', url: url(), payload: input() });
    expect(foreignWrite.statusCode).toBe(403);
    // the other member's own KiTa is not enrolled to the current season
    const notEnrolled = await f.call('otherMember', { method: 'POST', url: url(f.otherFacility.id), payload: input() });
    expect(notEnrolled.statusCode).toBe(403);
    expect(notEnrolled.json().reason).toMatchObject({ code: 'not_enrolled' });
    expect(notEnrolled.json().reason.message).toContain('KiTa-Jahr-Anmeldung');
    expect((await f.call('otherMember', { method: 'GET', url: url(f.otherFacility.id) })).statusCode).toBe(403);
  });

  it('given no application, the status says it may apply', async () => {
    const res = await f.call('member', { method: 'GET', url: url() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      season: { id: f.season.id, label: 'KiTa-Jahr 2026/27', deadline: null },
      application: null,
      canChange: true,
      message: null,
    });
  });

  it('given bad dates, counts or address, answers 400 with German field texts', async () => {
    const cases: [Record<string, unknown>, string, string][] = [
      [{ preferredDates: [] }, 'preferredDates', 'Bitte gib mindestens einen Wunschtermin an.'],
      [{ preferredDates: [inDays(10), inDays(11), inDays(12), inDays(13)] }, 'preferredDates', 'Höchstens 3 Wunschtermine.'],
      [{ preferredDates: [inDays(10), inDays(10)] }, 'preferredDates', 'Bitte gib jeden Wunschtermin nur einmal an.'],
      [{ preferredDates: [berlinToday()] }, 'preferredDates', 'Wunschtermine müssen in der Zukunft liegen.'],
      [{ preferredDates: ['2027-02-30'] }, 'preferredDates', 'Bitte gib ein Datum im Format TT.MM.JJJJ an.'],
      [{ participantCount: 0 }, 'participantCount', 'Mindestens eine Person nimmt teil.'],
      [{ participantCount: 201 }, 'participantCount', 'Höchstens 200 Teilnehmende.'],
      [{ addressDiffers: true, street: '', postalCode: '123', city: 'Ort' }, 'street', 'Bitte gib Straße und Hausnummer an.'],
      [{ addressDiffers: true, street: 'Weg 1', postalCode: '123', city: 'Ort' }, 'postalCode', 'Die Postleitzahl hat genau 5 Ziffern.'],
      [{ topicWishes: 'a\u0000b' }, 'topicWishes', 'Bitte entferne Steuerzeichen und ungültige Zeichen aus dem Text.'],
    ];
    for (const [overrides, field, message] of cases) {
      const res = await f.call('member', { method: 'POST', url: url(), payload: input(overrides) });
      expect({ field, status: res.statusCode, message: res.json().reason.fields?.[field] }).toEqual({ field, status: 400, message });
    }
    expect(await f.db.select().from(teamWorkshopApplications)).toHaveLength(0);
  });

  it('given a member, applying creates the application (audited); withdrawing keeps it as history and allows a new one', async () => {
    const res = await f.call('member', {
      method: 'POST',
      url: url(),
      payload: input({ addressDiffers: true, street: 'Am Waldrand 3', postalCode: '80802', city: 'München' }),
    });
    expect(res.statusCode).toBe(201);
    const first = res.json();
    expect(first).toMatchObject({
      state: 'submitted',
      preferredDates: [inDays(30), inDays(45)],
      participantCount: 14,
      address: { street: 'Am Waldrand 3', postalCode: '80802', city: 'München' },
      seasonLabel: 'KiTa-Jahr 2026/27',
      createdBy: { id: f.users.member.id, name: 'Maria Mitglied' },
      version: 1,
    });
    expect((await auditOf('team_workshop_application.create', first.id))[0]?.after).toMatchObject({
      facilityId: f.facility.id,
      participantCount: 14,
    });

    const stale = await f.call('member', { method: 'DELETE', url: `${url()}?version=7` });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().reason.code).toBe('conflict');
    const withdrawn = await f.call('member', { method: 'DELETE', url: `${url()}?version=1` });
    expect(withdrawn.statusCode).toBe(200);
    expect(withdrawn.json()).toMatchObject({ application: null, canChange: true });
    expect(await auditOf('team_workshop_application.withdraw', first.id)).toHaveLength(1);
    const [row] = await f.db.select().from(teamWorkshopApplications).where(eq(teamWorkshopApplications.id, first.id));
    expect(row?.withdrawnAt).not.toBeNull();

    const again = await f.call('member', { method: 'POST', url: url(), payload: input() });
    expect(again.statusCode).toBe(201);
    expect(again.json()).toMatchObject({ address: null, version: 1 });
  });

  it('given a live application, a second one answers 409 already_applied; two at once: exactly one wins', async () => {
    const second = await f.call('member', { method: 'POST', url: url(), payload: input() });
    expect(second.statusCode).toBe(409);
    expect(second.json().reason).toMatchObject({ code: 'already_applied' });
    expect(second.json().reason.message).toContain('schon einen Team-Workshop beantragt');

    const both = await Promise.all([0, 1].map(() => f.asThird({ method: 'POST', url: url(f.third.id), payload: input() })));
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it('given the application, a change needs the version read: none or a stale one answers 409; the right one saves (audited)', async () => {
    const blind = await f.call('member', { method: 'PUT', url: url(), payload: input({ participantCount: 20 }) });
    expect(blind.statusCode).toBe(409);
    const stale = await f.call('member', { method: 'PUT', url: url(), payload: input({ participantCount: 20, version: 5 }) });
    expect(stale.statusCode).toBe(409);
    const res = await f.call('member', {
      method: 'PUT',
      url: url(),
      payload: input({ participantCount: 20, preferredDates: [inDays(60)], version: 1 }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ participantCount: 20, preferredDates: [inDays(60)], version: 2, updatedBy: { id: f.users.member.id } });
    const [entry] = await auditOf('team_workshop_application.update', res.json().id);
    expect(entry).toMatchObject({ before: { participantCount: 14, preferredDates: [inDays(30), inDays(45)] }, after: { participantCount: 20 } });
  });

  it('given the season checklist, the team-workshop step shows the application and links the page', async () => {
    const res = await f.call('member', { method: 'GET', url: `/api/facilities/${f.facility.id}/season-checklist` });
    const step = res.json().steps.find((s: { key: string }) => s.key === 'team_workshop');
    expect(step).toMatchObject({ state: 'done', detail: 'Antrag eingereicht', path: '/team-workshop-application' });
  });
});

describe('team-workshop applications (admin)', () => {
  const current = async () => (await f.call('member', { method: 'GET', url: url() })).json().application as { id: number; version: number };

  it('given a non-admin, the list, the detail and the decision answer 403', async () => {
    const app = await current();
    expect((await f.call('member', { method: 'GET', url: '/api/admin/team-workshop-applications' })).statusCode).toBe(403);
    expect((await f.call('member', { method: 'GET', url: `/api/admin/team-workshop-applications/${app.id}` })).statusCode).toBe(403);
    expect((await decide(app.id, { decision: 'accept', version: app.version }, 'member')).statusCode).toBe(403);
  });

  it('given the list, it filters by state, region and season, searches KiTa name and city, sorts and pages', async () => {
    const all = (await f.call('admin', { method: 'GET', url: '/api/admin/team-workshop-applications' })).json();
    expect(all.total).toBe(2); // the withdrawn one is not listed
    const byRegion = (await f.call('admin', { method: 'GET', url: '/api/admin/team-workshop-applications?region=Oberpfalz' })).json();
    expect(byRegion.items.map((i: { facility: { label: string } }) => i.facility.label)).toEqual(['Kinderkrippe Zwergerlstube']);
    const search = (await f.call('admin', { method: 'GET', url: '/api/admin/team-workshop-applications?q=m%C3%BCnch' })).json();
    expect(search.items.map((i: { facility: { label: string } }) => i.facility.label)).toEqual(['Kinderhaus Sonnenschein']);
    const sorted = (
      await f.call('admin', { method: 'GET', url: '/api/admin/team-workshop-applications?sort=facility&dir=asc&pageSize=1&page=2' })
    ).json();
    expect(sorted).toMatchObject({ total: 2, page: 2, items: [{ facility: { label: 'Kinderkrippe Zwergerlstube' } }] });
    const none = (
      await f.call('admin', { method: 'GET', url: `/api/admin/team-workshop-applications?state=scheduled&seasonId=${f.season.id}` })
    ).json();
    expect(none.total).toBe(0);
    const bad = await f.call('admin', { method: 'GET', url: '/api/admin/team-workshop-applications?sort=__proto__' });
    expect(bad.statusCode).toBe(400);
  });

  it('given a decline without a comment or a past date to schedule, answers 400; a stale version 409', async () => {
    const app = await current();
    const noComment = await decide(app.id, { decision: 'decline', version: app.version });
    expect(noComment.statusCode).toBe(400);
    expect(noComment.json().reason.fields.comment).toBe('Bitte begründe die Ablehnung; die KiTa liest den Kommentar.');
    const past = await decide(app.id, { decision: 'schedule', scheduledAt: '2020-01-01T09:00:00+01:00', version: app.version });
    expect(past.json().reason.fields.scheduledAt).toBe('Der Termin muss in der Zukunft liegen.');
    const missing = await decide(app.id, { decision: 'schedule', version: app.version });
    expect(missing.json().reason.fields.scheduledAt).toBe('Bitte gib Datum und Uhrzeit des Termins an.');
    const stale = await decide(app.id, { decision: 'accept', version: app.version + 3 });
    expect(stale.statusCode).toBe(409);
    expect(stale.json().reason.code).toBe('conflict');
  });

  it('given an accept, the state changes, the KiTa members are mailed, the audit records it; accepting again is 409 with a German reason', async () => {
    const app = await current();
    const res = await decide(app.id, { decision: 'accept', comment: 'Wir freuen uns!', version: app.version });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      application: { state: 'accepted', decisionComment: 'Wir freuen uns!' },
      facility: { label: 'Kinderhaus Sonnenschein', region: 'Oberbayern' },
    });
    expect(res.json().history.map((h: { action: string }) => h.action)).toContain('team_workshop_application.accept');
    const mails = await decisionMails();
    expect(mails.map((m) => m.recipient)).toEqual([f.users.member.email]);
    await f.t.flushMail();
    const sent = f.t.mails.filter((m) => m.subject.startsWith('Team-Workshop'));
    expect(sent.map((m) => [m.to, m.subject])).toEqual([[f.users.member.email, 'Team-Workshop angenommen: KiTa-Jahr 2026/27']]);
    expect(sent[0]?.text).toContain('Kommentar der Programmleitung: Wir freuen uns!');
    const [entry] = await auditOf('team_workshop_application.accept', app.id);
    expect(entry).toMatchObject({ actorUserId: f.users.admin.id, before: { state: 'submitted' }, after: { state: 'accepted' } });

    const again = await decide(app.id, { decision: 'accept', version: res.json().application.version });
    expect(again.statusCode).toBe(409);
    expect(again.json().reason).toEqual({
      code: 'invalid_transition',
      message: 'Dieser Antrag ist angenommen; annehmen geht nur, solange er eingereicht ist.',
    });
    // decided: the KiTa may no longer change or withdraw it
    const status = (await f.call('member', { method: 'GET', url: url() })).json();
    expect(status).toMatchObject({ canChange: false, application: { state: 'accepted' } });
    expect(status.message).toContain('schon entschieden (angenommen)');
    const change = await f.call('member', { method: 'PUT', url: url(), payload: input({ version: status.application.version }) });
    expect(change.statusCode).toBe(409);
    expect(change.json().reason.code).toBe('already_decided');
    expect((await f.call('member', { method: 'DELETE', url: `${url()}?version=${status.application.version}` })).statusCode).toBe(409);
  });

  it('given an accepted application, scheduling sets date and time, mails the date in German; declining afterwards is 409', async () => {
    const app = await current();
    const at = `${inDays(40)}T09:30:00+01:00`;
    const res = await decide(app.id, { decision: 'schedule', scheduledAt: at, version: app.version });
    expect(res.statusCode).toBe(200);
    expect(res.json().application).toMatchObject({ state: 'scheduled', scheduledAt: new Date(at).toISOString() });
    const when = `${germanDateTime(new Date(at)).replace(' ', ', ')} Uhr`;
    await f.t.flushMail();
    const sent = f.t.mails.find((m) => m.subject.startsWith('Team-Workshop terminiert'));
    expect(sent?.subject).toBe(`Team-Workshop terminiert: ${when}`);
    // the same template with another programme name: the programme is named in the text
    const rendered = renderMail(
      'team-workshop-decision',
      { facilityLabel: 'X', seasonLabel: 'KiTa-Jahr 2026/27', decision: 'schedule', scheduledAt: at, comment: '' },
      mailContext({ programmeName: 'Ökokids', supportEmail: 's@x.example', supportPhone: '0911', publicUrl: 'https://portal.example' }),
    );
    expect(rendered.text).toContain(`Hallo,\n\neuer Team-Workshop von Ökokids im KiTa-Jahr 2026/27 ist terminiert am ${when}.`);
    expect(rendered.text).toContain('https://portal.example/team-workshop-application');

    const decline = await decide(app.id, { decision: 'decline', comment: 'Doch nicht', version: res.json().application.version });
    expect(decline.statusCode).toBe(409);
    expect(decline.json().reason.message).toBe('Dieser Antrag ist terminiert; ablehnen geht nur, solange er eingereicht oder angenommen ist.');
    const step = (await f.call('member', { method: 'GET', url: `/api/facilities/${f.facility.id}/season-checklist` })).json().steps[1];
    expect(step.detail).toBe(`Terminiert am ${when}`);
  });

  it('given a submitted application of another KiTa, declining needs and keeps the comment; the KiTa sees it', async () => {
    const status = (await f.asThird({ method: 'GET', url: url(f.third.id) })).json();
    const res = await decide(status.application.id, {
      decision: 'decline',
      comment: 'Leider keine Kapazität mehr.',
      version: status.application.version,
    });
    expect(res.statusCode).toBe(200);
    const seen = (await f.asThird({ method: 'GET', url: url(f.third.id) })).json();
    expect(seen.application).toMatchObject({ state: 'declined', decisionComment: 'Leider keine Kapazität mehr.' });
    expect((await decisionMails()).filter((m) => m.recipient === f.thirdMember.email)).toHaveLength(1);
  });

  it('given the export, the CSV is UTF-8 with BOM, ; separated, CRLF with German headers and dates; the XLSX has date cells', async () => {
    const res = await f.call('admin', { method: 'GET', url: '/api/admin/team-workshop-applications/export.csv?sort=facility&dir=asc' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="team-workshops-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([...res.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = res.rawPayload.subarray(3).toString('utf8');
    const lines = text.split('\r\n');
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    expect(lines[0]).toBe(
      'KiTa;PLZ;Ort der KiTa;Regierungsbezirk;KiTa-Jahr;Status;Termin;Wunschtermin 1;Wunschtermin 2;Wunschtermin 3;Teilnehmende;Themenwünsche;Abweichende Adresse;Anmerkungen;Kommentar zur Entscheidung;Eingereicht am',
    );
    const [y, m, d] = inDays(60).split('-');
    expect(lines[1]).toMatch(
      new RegExp(
        `^Kinderhaus Sonnenschein;80802;München;Oberbayern;KiTa-Jahr 2026/27;terminiert;\\d{2}\\.\\d{2}\\.\\d{4} \\d{2}:\\d{2};${d}\\.${m}\\.${y};;;20;`,
      ),
    );
    expect(lines[2]).toContain(';abgelehnt;;');
    expect(lines[2]).toContain(';Leider keine Kapazität mehr.;');
    expect(lines).toHaveLength(4);

    const xlsx = await f.call('admin', { method: 'GET', url: '/api/admin/team-workshop-applications/export.xlsx?state=scheduled' });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Team-Workshops')!;
    expect(sheet.rowCount).toBe(2);
    expect(sheet.getRow(2).getCell(8).type).toBe(ExcelJS.ValueType.Date);
    expect(sheet.getRow(2).getCell(11).value).toBe(20);
  });

  it('given the admin KiTa detail and the own-data export, both show the applications', async () => {
    const detail = (await f.call('admin', { method: 'GET', url: `/api/admin/facilities/${f.facility.id}` })).json();
    expect(detail.teamWorkshopApplications.map((a: { state: string; withdrawnAt: string | null }) => [a.state, a.withdrawnAt !== null])).toEqual([
      ['scheduled', false],
      ['submitted', true],
    ]);
    expect(detail.history.some((h: { action: string }) => h.action === 'team_workshop_application.schedule')).toBe(true);
    const exported = (await f.call('member', { method: 'GET', url: '/api/me/export' })).json();
    const mine = exported.enrolments.filter((e: { type: string }) => e.type === 'team-workshop-application');
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ facilityId: f.facility.id, seasonLabel: 'KiTa-Jahr 2026/27' });
  });

  it('given the deadline has passed, applying answers 409 with the date; the status says why', async () => {
    await f.db.update(seasons).set({ teamWorkshopDeadline: '2020-01-31' }).where(eq(seasons.id, f.season.id));
    await f.db.delete(teamWorkshopApplications).where(eq(teamWorkshopApplications.facilityId, f.third.id));
    const res = await f.asThird({ method: 'POST', url: url(f.third.id), payload: input() });
    expect(res.statusCode).toBe(409);
    expect(res.json().reason).toMatchObject({
      code: 'deadline_passed',
      message: 'Die Frist für Team-Workshop-Anträge zum KiTa-Jahr 2026/27 ist am 31.01.2020 abgelaufen.',
    });
    expect((await f.asThird({ method: 'GET', url: url(f.third.id) })).json()).toMatchObject({ canChange: false, application: null });
    await f.db.update(seasons).set({ teamWorkshopDeadline: null }).where(eq(seasons.id, f.season.id));
  });

  it('given two KiTas merged, the applications move to the one that stays; a clash in one season withdraws the duplicate', async () => {
    const source = await createFacility(f.db, { label: 'Doppelte KiTa' });
    const target = await createFacility(f.db, { label: 'Bleibende KiTa' });
    const row = (facilityId: number) => ({ facilityId, seasonId: f.season.id, preferredDate1: inDays(20), participantCount: 5 });
    const [fromSource] = await f.db.insert(teamWorkshopApplications).values(row(source.id)).returning();
    const [fromTarget] = await f.db.insert(teamWorkshopApplications).values(row(target.id)).returning();
    const res = await f.call('admin', {
      method: 'POST',
      url: '/api/admin/facilities/merge',
      payload: { sourceId: source.id, targetId: target.id },
    });
    expect(res.statusCode).toBe(200);
    const rows = await f.db.select().from(teamWorkshopApplications).where(eq(teamWorkshopApplications.facilityId, target.id));
    expect(rows.map((r) => [r.id, r.withdrawnAt !== null]).sort()).toEqual(
      [
        [fromSource!.id, true],
        [fromTarget!.id, false],
      ].sort(),
    );
  });
});
