import ExcelJS from 'exceljs';
import { and, eq, like } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../audit/audit.table';
import { facilityFixture } from '../../testing/facility-fixture';
import { enrol } from '../../testing/factories';
import { parseIcs } from '../../testing/ics-parse';
import { createTestWorld } from '../../testing/test-world';
import { seasonEnrolments } from '../seasons/seasons.table';
import { offeringEnrolments, offerings } from './programme.table';
import { createModule, createOffering, createStaff, mailsMatching } from './test-helpers';

const w = createTestWorld(async () => {
  const f = await facilityFixture();
  await enrol(f.db, f.facility.id, f.season.id);
  await enrol(f.db, f.otherFacility.id, f.season.id);
  return f;
});

const admin = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: unknown) =>
  w.call('admin', { method, url, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });

const offeringInput = (moduleId: number, over: Record<string, unknown> = {}) => ({
  kind: 'training',
  seasonId: w.season.id,
  moduleId,
  title: 'Einsteiger; „Wasser“ erleben',
  description: 'Für neue KiTas',
  // 10.03.2027, 09:30 Uhr in Berlin
  startsAt: '2027-03-10T08:30:00Z',
  endsAt: '2027-03-10T15:00:00Z',
  place: 'Umweltstation Würzburg',
  region: 'Unterfranken',
  capacity: 2,
  ...over,
});

describe('admin: modules and offerings', () => {
  it('given a module, an admin creates a draft, publishes it, copies it; a module with events cannot be deleted', async () => {
    const m = await admin('POST', '/api/admin/training-modules', { seasonId: w.season.id, title: 'Einsteiger', maxPerFacilityPerEvent: 2 });
    expect(m.statusCode).toBe(201);
    const created = await admin('POST', '/api/admin/offerings', offeringInput(m.json().id));
    expect(created.statusCode).toBe(201);
    const o = created.json();
    expect(o).toMatchObject({ state: 'draft', seatsTaken: 0, seatsFree: 2, waitlistLength: 0, moduleTitle: 'Einsteiger' });
    // a draft is invisible to staff
    const list = (await w.call('member', { method: 'GET', url: `/api/facilities/${w.facility.id}/offerings?kind=training` })).json();
    expect(list.offerings.some((x: { id: number }) => x.id === o.id)).toBe(false);
    const published = await admin('POST', `/api/admin/offerings/${o.id}/publish`, { version: o.version });
    expect(published.json().state).toBe('published');
    const stale = await admin('POST', `/api/admin/offerings/${o.id}/publish`, { version: o.version });
    expect(stale.statusCode).toBe(409);
    const copy = await admin('POST', `/api/admin/offerings/${o.id}/copy`);
    expect(copy.statusCode).toBe(201);
    expect(copy.json()).toMatchObject({ state: 'draft', title: o.title, capacity: 2, moduleId: m.json().id });
    const modules = (await admin('GET', `/api/admin/training-modules?seasonId=${w.season.id}`)).json().items;
    expect(modules.find((x: { id: number }) => x.id === m.json().id).eventCount).toBe(2);
    const del = await admin('DELETE', `/api/admin/training-modules/${m.json().id}`);
    expect(del.statusCode).toBe(409);
    const empty = await admin('POST', '/api/admin/training-modules', { seasonId: w.season.id, title: 'Leer' });
    expect((await admin('DELETE', `/api/admin/training-modules/${empty.json().id}`)).statusCode).toBe(204);
    const actions = (await w.db.select().from(auditLog).where(like(auditLog.action, 'offering.%'))).map((a) => a.action);
    expect(actions).toEqual(expect.arrayContaining(['offering.create', 'offering.publish', 'offering.copy']));
    // the list with seats
    const page = await admin('GET', `/api/admin/offerings?kind=training&seasonId=${w.season.id}&sort=title`);
    expect(page.statusCode).toBe(200);
    expect(page.json().total).toBeGreaterThanOrEqual(2);
  });

  it('given a published offering with participants, cancelling it cancels every enrolment and mails each KiTa with the reason', async () => {
    const o = await createOffering(w.db, w.season.id, { capacity: 1, title: 'Abfall vermeiden' });
    const [p, q] = await createStaff(w.db, w.facility.id, 2);
    const [theirs] = await createStaff(w.db, w.otherFacility.id, 1, { email: '' });
    await w.call('member', {
      method: 'POST',
      url: `/api/facilities/${w.facility.id}/enrolments`,
      payload: { offeringId: o.id, personIds: [p!.id, q!.id] },
    });
    await w.call('otherMember', {
      method: 'POST',
      url: `/api/facilities/${w.otherFacility.id}/enrolments`,
      payload: { offeringId: o.id, personIds: [theirs!.id] },
    });
    const res = await admin('POST', `/api/admin/offerings/${o.id}/cancel`, { version: o.version, reason: 'Die Referentin ist krank.' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ state: 'cancelled', cancelReason: 'Die Referentin ist krank.', seatsTaken: 0 });
    const rows = await w.db.select().from(offeringEnrolments).where(eq(offeringEnrolments.offeringId, o.id));
    expect(rows.every((r) => r.state === 'cancelled' && r.cancelledByAdmin)).toBe(true);
    const mails = await mailsMatching(w.t, (m) => m.subject === 'Abgesagt: Abfall vermeiden', 3);
    // the two persons' own addresses, and the other KiTa's member (its staff entry has no address)
    expect(mails.map((m) => m.to).sort()).toEqual([p!.email, q!.email, w.users.otherMember.email].sort());
    expect(mails[0]!.text).toContain('Grund: Die Referentin ist krank.');
    // a cancelled date with own enrolments stays visible to the KiTa, cannot be booked
    const list = (await w.call('member', { method: 'GET', url: `/api/facilities/${w.facility.id}/offerings?kind=training` })).json();
    expect(list.offerings.find((x: { id: number }) => x.id === o.id)).toMatchObject({ state: 'cancelled', canBook: false });
  });
});

describe('admin: edits', () => {
  it('given a full date with a waiting list, raising the capacity by 2 moves exactly the 2 oldest up; a stale version answers 409', async () => {
    const m = await createModule(w.db, w.season.id);
    const o = await createOffering(w.db, w.season.id, { moduleId: m.id, capacity: 1 });
    const staff = await createStaff(w.db, w.facility.id, 4);
    const booked = (
      await admin('POST', `/api/admin/offerings/${o.id}/enrolments`, { facilityId: w.facility.id, personIds: staff.map((s) => s.id) })
    ).json().results;
    const current = (await admin('GET', `/api/admin/offerings/${o.id}`)).json();
    expect(current).toMatchObject({ seatsTaken: 1, waitlistLength: 3 });
    const input = offeringInput(m.id, {
      title: current.title,
      startsAt: current.startsAt,
      endsAt: current.endsAt,
      capacity: 3,
      version: current.version,
    });
    const res = await admin('PUT', `/api/admin/offerings/${o.id}`, input);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ capacity: 3, seatsTaken: 3, seatsFree: 0, waitlistLength: 1 });
    const states = await w.db.select().from(offeringEnrolments).where(eq(offeringEnrolments.offeringId, o.id)).orderBy(offeringEnrolments.id);
    expect(states.map((r) => r.state)).toEqual(['confirmed', 'confirmed', 'confirmed', 'waitlisted']);
    expect(booked[3].enrolmentId).toBe(states[3]!.id);
    expect((await admin('PUT', `/api/admin/offerings/${o.id}`, input)).statusCode).toBe(409);
    const audited = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'offering.update'), eq(auditLog.entityId, String(o.id))));
    expect(audited[0]!.after).toMatchObject({ capacity: 3 });
    const mod = (await admin('GET', `/api/admin/training-modules?seasonId=${w.season.id}`)).json().items.find((x: { id: number }) => x.id === m.id);
    const upd = await admin('PUT', `/api/admin/training-modules/${m.id}`, {
      seasonId: w.season.id,
      title: 'Einsteiger (neu)',
      maxPerFacilityPerModule: 4,
      version: mod.version,
    });
    expect(upd.json()).toMatchObject({ title: 'Einsteiger (neu)', maxPerFacilityPerModule: 4, version: mod.version + 1 });
    expect(
      (await admin('PUT', `/api/admin/training-modules/${m.id}`, { seasonId: w.season.id, title: 'alt', version: mod.version })).statusCode,
    ).toBe(409);
  });
});

describe('admin: awarding events', () => {
  it('given an awarding event with a workshop, the list counts workshops, attendees and KiTas; cancelling it cancels the workshops', async () => {
    const created = await admin('POST', '/api/admin/awarding-events', {
      seasonId: w.season.id,
      title: 'Auszeichnung Süd',
      startsAt: '2027-10-14T08:00:00Z',
      endsAt: '2027-10-14T16:00:00Z',
      place: 'München',
      region: 'Oberbayern',
      maxAttendeesPerFacility: 3,
    });
    expect(created.statusCode).toBe(201);
    const ev = (await admin('POST', `/api/admin/awarding-events/${created.json().id}/publish`, { version: created.json().version })).json();
    expect(ev.state).toBe('published');
    const ws = await admin('POST', '/api/admin/offerings', {
      kind: 'awarding',
      seasonId: w.season.id,
      awardingEventId: ev.id,
      title: 'Workshop Boden',
      startsAt: '2027-10-14T12:00:00Z',
      endsAt: '2027-10-14T13:30:00Z',
      place: 'Saal 2',
      capacity: 20,
    });
    await admin('POST', `/api/admin/offerings/${ws.json().id}/publish`, { version: ws.json().version });
    const [p] = await createStaff(w.db, w.facility.id, 1);
    await w.db.update(seasonEnrolments).set({ approvedForAwardAt: new Date() }).where(eq(seasonEnrolments.facilityId, w.facility.id));
    expect(
      (
        await w.call('member', {
          method: 'POST',
          url: `/api/facilities/${w.facility.id}/enrolments`,
          payload: { offeringId: ws.json().id, personIds: [p!.id] },
        })
      ).statusCode,
    ).toBe(201);
    const awarding = (await w.call('member', { method: 'GET', url: `/api/facilities/${w.facility.id}/awarding` })).json();
    expect(awarding).toMatchObject({ eligible: true, chosenEventId: ev.id });
    expect(awarding.events.find((e: { id: number }) => e.id === ev.id).workshops[0]).toMatchObject({ title: 'Workshop Boden', seatsLeft: 19 });
    const list = (await admin('GET', `/api/admin/awarding-events?seasonId=${w.season.id}`)).json().items;
    expect(list.find((e: { id: number }) => e.id === ev.id)).toMatchObject({ workshopCount: 1, attendeeCount: 1, facilityCount: 1 });
    const enrolments = (await admin('GET', `/api/admin/awarding-events/${ev.id}/enrolments`)).json();
    expect(enrolments.total).toBe(1);
    // the KiTa's programme history names the workshop's awarding event (the admin link goes to its enrolment page)
    const history = (await admin('GET', `/api/admin/facilities/${w.facility.id}/programme`)).json().items;
    expect(history.find((h: { offeringId: number }) => h.offeringId === ws.json().id)).toMatchObject({
      kind: 'awarding',
      awardingEventId: ev.id,
      offeringTitle: 'Workshop Boden',
      state: 'confirmed',
    });
    const cancelled = await admin('POST', `/api/admin/awarding-events/${ev.id}/cancel`, { version: ev.version, reason: 'Hochwasser' });
    expect(cancelled.json()).toMatchObject({ state: 'cancelled', attendeeCount: 0 });
    expect((await admin('GET', `/api/admin/offerings/${ws.json().id}`)).json()).toMatchObject({ state: 'cancelled', cancelReason: 'Hochwasser' });
  });
});

describe('admin: enrolments', () => {
  it('given a full date, adding on a KiTa’s behalf waits; with overCapacity it is confirmed and the audit says so', async () => {
    const o = await createOffering(w.db, w.season.id, { capacity: 1 });
    const [p, q, r] = await createStaff(w.db, w.facility.id, 3);
    const first = await admin('POST', `/api/admin/offerings/${o.id}/enrolments`, { facilityId: w.facility.id, personIds: [p!.id] });
    expect(first.json().results[0].state).toBe('confirmed');
    const waiting = await admin('POST', `/api/admin/offerings/${o.id}/enrolments`, { facilityId: w.facility.id, personIds: [q!.id] });
    expect(waiting.json().results[0]).toMatchObject({ state: 'waitlisted', waitlistPosition: 1 });
    const forced = await admin('POST', `/api/admin/offerings/${o.id}/enrolments`, {
      facilityId: w.facility.id,
      personIds: [r!.id],
      overCapacity: true,
    });
    expect(forced.json().results[0].state).toBe('confirmed');
    const [entry] = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'offering_enrolment.create_on_behalf'), eq(auditLog.entityId, String(forced.json().results[0].enrolmentId))));
    expect(entry!.after).toMatchObject({ overCapacity: true, state: 'confirmed' });
    expect(entry!.actorUserId).toBe(w.users.admin.id);
    // confirming the waiting one needs a seat or the override
    const noSeat = await admin('POST', `/api/admin/offerings/${o.id}/enrolments/actions`, {
      action: 'confirm',
      enrolmentIds: [waiting.json().results[0].enrolmentId],
    });
    expect(noSeat.statusCode).toBe(409);
    const ok = await admin('POST', `/api/admin/offerings/${o.id}/enrolments/actions`, {
      action: 'confirm',
      enrolmentIds: [waiting.json().results[0].enrolmentId],
      overCapacity: true,
    });
    expect(ok.json().items[0]).toMatchObject({ state: 'confirmed', overCapacity: true });
  });

  it('given enrolments, attended (bulk), cancel with reason (promotes) and move to another date of the module work', async () => {
    const m = await createModule(w.db, w.season.id, { title: 'Erfahrene' });
    const a = await createOffering(w.db, w.season.id, { moduleId: m.id, capacity: 2 });
    const b = await createOffering(w.db, w.season.id, { moduleId: m.id, capacity: 1 });
    const staff = await createStaff(w.db, w.facility.id, 4);
    const booked = (
      await admin('POST', `/api/admin/offerings/${a.id}/enrolments`, { facilityId: w.facility.id, personIds: staff.map((s) => s.id) })
    ).json().results;
    const [e1, e2, e3, e4] = booked.map((x: { enrolmentId: number }) => x.enrolmentId);
    // move the first confirmed one to b: b has a seat; a's freed seat goes to the oldest waiting (e3)
    const moved = await admin('POST', `/api/admin/offerings/${a.id}/enrolments/actions`, {
      action: 'move',
      enrolmentIds: [e1],
      targetOfferingId: b.id,
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().items[0]).toMatchObject({ offeringId: b.id, state: 'confirmed' });
    const state = async (id: number) => (await w.db.select().from(offeringEnrolments).where(eq(offeringEnrolments.id, id)))[0]!.state;
    expect(await state(e3)).toBe('confirmed');
    expect(await state(e4)).toBe('waitlisted');
    const cancel = await admin('POST', `/api/admin/offerings/${a.id}/enrolments/actions`, {
      action: 'cancel',
      enrolmentIds: [e2],
      reason: 'Doppelt gemeldet',
    });
    expect(cancel.json().items[0]).toMatchObject({ state: 'cancelled', cancelReason: 'Doppelt gemeldet' });
    expect(await state(e4)).toBe('confirmed');
    // attendance is marked from the date's start on (SPEC §8): refused before, accepted once it has begun
    const early = await admin('POST', `/api/admin/offerings/${a.id}/enrolments/actions`, { action: 'attended', enrolmentIds: [e3, e4] });
    expect(early.statusCode).toBe(409);
    await w.db
      .update(offerings)
      .set({ startsAt: new Date(Date.now() - 60_000) })
      .where(eq(offerings.id, a.id));
    const attended = await admin('POST', `/api/admin/offerings/${a.id}/enrolments/actions`, { action: 'attended', enrolmentIds: [e3, e4] });
    expect(attended.json().changed).toBe(2);
    expect(attended.json().items.map((i: { state: string }) => i.state)).toEqual(['attended', 'attended']);
    // an enrolment of another offering named on this one's path: 404, nothing changes
    const foreign = await admin('POST', `/api/admin/offerings/${b.id}/enrolments/actions`, { action: 'cancel', enrolmentIds: [e3] });
    expect(foreign.statusCode).toBe(404);
    // moving to another module is refused
    const other = await createOffering(w.db, w.season.id, { capacity: 5 });
    const wrong = await admin('POST', `/api/admin/offerings/${a.id}/enrolments/actions`, {
      action: 'move',
      enrolmentIds: [e3],
      targetOfferingId: other.id,
    });
    expect(wrong.statusCode).toBe(400);
    // the KiTa's programme history (admin KiTa detail) lists them with their states
    const history = (await admin('GET', `/api/admin/facilities/${w.facility.id}/programme`)).json().items;
    expect(
      history
        .filter((h: { enrolmentId: number }) => [e1, e2, e3, e4].includes(h.enrolmentId))
        .map((h: { state: string }) => h.state)
        .sort(),
    ).toEqual(['attended', 'attended', 'cancelled', 'cancelled']);
    expect(new Set(history.map((h: { seasonIdentifier: string }) => h.seasonIdentifier))).toEqual(new Set(['2026-27']));
    // each item names its offering (the admin KiTa detail links to its enrolment page)
    expect(history.find((h: { enrolmentId: number }) => h.enrolmentId === e1)).toMatchObject({
      offeringId: a.id,
      awardingEventId: null,
      kind: 'training',
    });
  });

  it('given enrolments with umlauts and quotes, the exports carry SPEC §3 columns: CSV with BOM, ; and CRLF; XLSX with date cells', async () => {
    const m = await createModule(w.db, w.season.id);
    const o = await createOffering(w.db, w.season.id, {
      moduleId: m.id,
      title: 'Wasser; „erleben“',
      capacity: 1,
      startsAt: new Date('2027-03-10T08:30:00Z'),
      endsAt: new Date('2027-03-10T15:00:00Z'),
    });
    const [p] = await createStaff(w.db, w.facility.id, 1, {
      firstName: 'Jürgen',
      lastName: 'Groß "Juju"',
      salutation: 'Herr',
      position: 'Leitung',
      phone: '+49 89 1234',
    });
    const [q] = await createStaff(w.db, w.otherFacility.id, 1, { firstName: 'Öz', lastName: 'Äbel' });
    await admin('POST', `/api/admin/offerings/${o.id}/enrolments`, { facilityId: w.facility.id, personIds: [p!.id] });
    await admin('POST', `/api/admin/offerings/${o.id}/enrolments`, { facilityId: w.otherFacility.id, personIds: [q!.id] });
    const page = await admin('GET', `/api/admin/offerings/${o.id}/enrolments?sort=createdAt`);
    expect(page.json().items.map((i: { state: string; waitlistPosition: number | null }) => [i.state, i.waitlistPosition])).toEqual([
      ['confirmed', null],
      ['waitlisted', 1],
    ]);
    const csv = await admin('GET', `/api/admin/offerings/${o.id}/enrolments/export.csv?sort=createdAt`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="anmeldungen-wasser-erleben-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect([...csv.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = csv.rawPayload.subarray(3).toString('utf8');
    expect(text.replace(/\r\n/g, '')).not.toMatch(/\n/);
    const lines = text.split('\r\n');
    expect(lines[0]).toBe(
      'Veranstaltung;Datum;Beginn;Ort;KiTa;PLZ;Ort der KiTa;Regierungsbezirk;Anrede;Vorname;Nachname;Funktion;E-Mail;Telefon;Status;Wartelistenplatz;Angemeldet am;Angemeldet von',
    );
    expect(lines[1]).toMatch(
      new RegExp(
        `^"Wasser; „erleben“";10\\.03\\.2027;09:30;Umweltstation Nürnberg;Kinderhaus Sonnenschein;80802;München;Oberbayern;Herr;Jürgen;"Groß ""Juju""";Leitung;${p!.email.replace(/\./g, '\\.')};'\\+49 89 1234;bestätigt;;\\d\\d\\.\\d\\d\\.\\d{4} \\d\\d:\\d\\d;Alex Admin$`,
      ),
    );
    expect(lines[2]).toContain(';Äbel;');
    expect(lines[2]).toContain(';Warteliste;1;');
    const xlsx = await admin('GET', `/api/admin/offerings/${o.id}/enrolments/export.xlsx?sort=createdAt`);
    expect(xlsx.headers['content-disposition']).toMatch(/filename="anmeldungen-wasser-erleben-\d{4}-\d{2}-\d{2}\.xlsx"/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = wb.getWorksheet('Anmeldungen')!;
    expect(sheet.getRow(1).getCell(17).value).toBe('Angemeldet am');
    const date = sheet.getRow(2).getCell(2);
    expect(date.type).toBe(ExcelJS.ValueType.Date);
    expect((date.value as Date).toISOString()).toBe('2027-03-10T00:00:00.000Z');
    expect(date.numFmt).toBe('dd.mm.yyyy');
    // issue 19: "Beginn" is a real time cell (09:30 Berlin), not the text "09:30"
    const begin = sheet.getRow(2).getCell(3);
    expect([begin.type, begin.numFmt, (begin.value as Date).toISOString()]).toEqual([ExcelJS.ValueType.Date, 'hh:mm', '1899-12-30T09:30:00.000Z']);
    expect(sheet.autoFilter).toBe('A1:R3');
    expect(sheet.getRow(2).getCell(17).type).toBe(ExcelJS.ValueType.Date);
    expect(sheet.getRow(2).getCell(11).value).toBe('Groß "Juju"');
    expect(sheet.getRow(3).getCell(16).value).toBe(1);
  });
});

describe('own-data export', () => {
  it('given a staff entry linked to the account, its bookings are in the account’s data export', async () => {
    const o = await createOffering(w.db, w.season.id, { title: 'Exporttermin' });
    const [p] = await createStaff(w.db, w.facility.id, 1, { userId: w.users.member.id });
    await w.call('member', { method: 'POST', url: `/api/facilities/${w.facility.id}/enrolments`, payload: { offeringId: o.id, personIds: [p!.id] } });
    const res = await w.call('member', { method: 'GET', url: '/api/me/export' });
    expect(res.statusCode).toBe(200);
    const body = JSON.parse(res.body);
    expect(body.enrolments).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'offering-enrolment', offering: 'Exporttermin', state: 'confirmed', personId: p!.id }),
      ]),
    );
  });
});

describe('staff: calendar file and host view', () => {
  it('given a booking, its .ics parses with UID, times in UTC, location and link', async () => {
    const o = await createOffering(w.db, w.season.id, {
      title: 'Artenvielfalt, draußen',
      startsAt: new Date('2027-04-01T07:00:00Z'),
      endsAt: new Date('2027-04-01T12:00:00Z'),
    });
    const [p] = await createStaff(w.db, w.facility.id, 1);
    const booked = (
      await w.call('member', {
        method: 'POST',
        url: `/api/facilities/${w.facility.id}/enrolments`,
        payload: { offeringId: o.id, personIds: [p!.id] },
      })
    ).json().results[0];
    const res = await w.call('member', { method: 'GET', url: `/api/facilities/${w.facility.id}/enrolments/${booked.enrolmentId}/calendar.ics` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    const { events } = parseIcs(res.body);
    expect(events[0]).toMatchObject({
      UID: `offering-enrolment-${booked.enrolmentId}@${new URL(w.t.config.publicUrl).hostname}`,
      DTSTART: '20270401T070000Z',
      DTEND: '20270401T120000Z',
      LOCATION: 'Umweltstation Nürnberg',
      STATUS: 'CONFIRMED',
    });
    expect(events[0]!.SUMMARY).toContain('Artenvielfalt, draußen');
    expect(events[0]!.URL).toMatch(/\/fortbildungen$/);
    // the confirmation mail carries the same calendar entry
    const [mail] = await mailsMatching(w.t, (m) => m.subject === 'Anmeldung bestätigt: Artenvielfalt, draußen', 1);
    expect(parseIcs(mail!.attachments![0]!.content).events[0]!.UID).toBe(events[0]!.UID);
    // once cancelled, the same UID comes as CANCELLED (a calendar removes the entry)
    await w.call('member', { method: 'DELETE', url: `/api/facilities/${w.facility.id}/enrolments/${booked.enrolmentId}` });
    const after = await w.call('member', { method: 'GET', url: `/api/facilities/${w.facility.id}/enrolments/${booked.enrolmentId}/calendar.ics` });
    expect(parseIcs(after.body).events[0]).toMatchObject({ UID: events[0]!.UID, STATUS: 'CANCELLED' });
  });

  it('given a hospitation at our KiTa, the host sees its visitors; the visitor KiTa books it like any offering', async () => {
    const h = await createOffering(w.db, w.season.id, {
      kind: 'hospitation',
      hostFacilityId: w.facility.id,
      title: 'Hospitation im Kinderhaus',
      place: '',
      capacity: 2,
    });
    const [v] = await createStaff(w.db, w.otherFacility.id, 1, { firstName: 'Vera', lastName: 'Besuch' });
    const list = (await w.call('otherMember', { method: 'GET', url: `/api/facilities/${w.otherFacility.id}/offerings?kind=hospitation` })).json();
    expect(list.offerings.find((x: { id: number }) => x.id === h.id)).toMatchObject({
      hostFacility: { label: 'Kinderhaus Sonnenschein' },
      seatsLeft: 2,
      canBook: true,
    });
    expect(
      (
        await w.call('otherMember', {
          method: 'POST',
          url: `/api/facilities/${w.otherFacility.id}/enrolments`,
          payload: { offeringId: h.id, personIds: [v!.id] },
        })
      ).statusCode,
    ).toBe(201);
    const visits = (await w.call('member', { method: 'GET', url: `/api/facilities/${w.facility.id}/hospitation-visits` })).json();
    expect(visits.hospitations[0]).toMatchObject({
      offeringId: h.id,
      visitors: [{ facilityLabel: 'Kita Lechauen', personName: 'Vera Besuch', state: 'confirmed' }],
    });
    // the visitor KiTa is no host: its view is empty; and it cannot read the host's view
    expect(
      (await w.call('otherMember', { method: 'GET', url: `/api/facilities/${w.otherFacility.id}/hospitation-visits` })).json().hospitations,
    ).toEqual([]);
    expect((await w.call('otherMember', { method: 'GET', url: `/api/facilities/${w.facility.id}/hospitation-visits` })).statusCode).toBe(403);
  });
});
