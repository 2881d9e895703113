import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addMember, createFacility, createUser } from '../../testing/factories';
import { facilityFixture, type Role } from '../../testing/facility-fixture';
import { loginAs } from '../../testing/login-as';
import { auditLog } from '../audit/audit.table';
import { mailOutbox } from '../mail/mail.table';
import { facilities, facilityMembers } from './facilities.table';
import { createTestWorld } from '../../testing/test-world';
import { parseAnswer, reasonOfAnswer } from '../../testing/parse-answer';
import { loginStatusResponseSchema } from '../../../src/shared/contracts/auth';
import { adminFacilityDetailSchema } from '../../../src/shared/contracts/admin-facilities';
import {
  duplicateListSchema,
  facilitySchema,
  joinRequestListSchema,
  joinRequestSchema,
  memberListSchema,
} from '../../../src/shared/contracts/facilities';

const f = createTestWorld(() => facilityFixture());

const validFacility = {
  label: 'Kindergarten Pusteblume',
  kind: 'Kindergarten',
  street: 'Blumenweg 1',
  postalCode: '90402',
  city: 'Nürnberg',
  region: 'Mittelfranken',
  operatorName: 'Stadt Nürnberg',
  operatorKind: 'kommunal',
  phone: '0911 123456',
  email: 'pusteblume@kita.example',
  website: 'www.pusteblume.example',
  childrenCount: 50,
  staffCount: 8,
};

describe('register a KiTa', () => {
  it('given a logged-in user, when registering a valid KiTa, it is created, the creator is a member and loginstatus lists it at once', async () => {
    const body = parseAnswer(facilitySchema, await f.call('otherMember', { method: 'POST', url: '/api/facilities', payload: validFacility }), 201);
    expect(body).toMatchObject({ label: 'Kindergarten Pusteblume', website: 'https://www.pusteblume.example', version: 1 });
    expect(body.updatedBy).toEqual({ id: f.users.otherMember.id, name: 'Otto Anders' });
    const status = parseAnswer(loginStatusResponseSchema, await f.call('otherMember', { method: 'GET', url: '/api/loginstatus' }));
    expect(status.user?.facilities[String(body.id)]).toEqual({ id: body.id, label: 'Kindergarten Pusteblume', is_enrolled_to_cur_season: false });
    const [entry] = await f.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'facility.create'), eq(auditLog.entityId, String(body.id))));
    expect(entry?.actorUserId).toBe(f.users.otherMember.id);
  });

  it('given bad input, when registering, answers 400 with German texts per field', async () => {
    const res = await f.call('member', {
      method: 'POST',
      url: '/api/facilities',
      payload: { ...validFacility, postalCode: '1234', email: 'kein-at', phone: 'ruf an', website: 'nicht da', childrenCount: -1 },
    });
    expect(reasonOfAnswer(res, 400)).toMatchObject({
      code: 'validation_failed',
      fields: {
        postalCode: 'Die Postleitzahl hat genau 5 Ziffern.',
        email: 'Bitte gib eine gültige E-Mail-Adresse an (z. B. name@kita.de).',
        phone: 'Bitte gib eine gültige Telefonnummer an (nur Ziffern, Leerzeichen und + / ( ) -).',
        website: 'Bitte gib eine gültige Internetadresse an (z. B. https://www.kita.de).',
        childrenCount: 'Die Zahl der Kinder darf nicht negativ sein.',
      },
    });
  });

  it('given an anonymous caller, registering answers 401', async () => {
    expect((await f.call('anonymous', { method: 'POST', url: '/api/facilities', payload: validFacility })).statusCode).toBe(401);
  });

  it('given a KiTa with the same postal code and a similar name, the duplicate check finds it, and not a different one', async () => {
    const res = await f.call('member', { method: 'GET', url: '/api/facilities/duplicates?postalCode=80802&label=Kita%20Sonnenschein' });
    const items = parseAnswer(duplicateListSchema, res).items;
    expect(items.map((i) => i.id)).toEqual([f.facility.id]);
    expect(items[0]).toMatchObject({ isMember: true, hasPendingRequest: false });
    expect(items[0]!.similarity).toBeGreaterThanOrEqual(0.3);
    const none = await f.call('member', { method: 'GET', url: '/api/facilities/duplicates?postalCode=80802&label=Waldkindergarten%20Isarauen' });
    expect(parseAnswer(duplicateListSchema, none).items).toEqual([]);
    const otherPlz = await f.call('member', { method: 'GET', url: '/api/facilities/duplicates?postalCode=80803&label=Kinderhaus%20Sonnenschein' });
    expect(parseAnswer(duplicateListSchema, otherPlz).items).toEqual([]);
  });
});

describe('master data', () => {
  it('given a member, when reading and saving the master data, who changed it last is shown and the version goes up', async () => {
    const { version } = parseAnswer(facilitySchema, await f.call('member', { method: 'GET', url: `/api/facilities/${f.facility.id}` }));
    const res = await f.call('member', {
      method: 'PUT',
      url: `/api/facilities/${f.facility.id}`,
      payload: { ...validFacility, label: 'Kinderhaus Sonnenschein', postalCode: '80802', version },
    });
    const saved = parseAnswer(facilitySchema, res);
    expect(saved).toMatchObject({ version: version + 1, updatedBy: { id: f.users.member.id, name: 'Maria Mitglied' }, street: 'Blumenweg 1' });
    expect(saved.lastChangedFields).toEqual(expect.arrayContaining(['street', 'operatorName', 'childrenCount']));
    expect(saved.lastChangedFields).not.toContain('label');
    const [entry] = await f.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'facility.update'), eq(auditLog.entityId, String(f.facility.id))));
    expect(entry?.before).toMatchObject({ street: '' });
    expect(entry?.after).toMatchObject({ street: 'Blumenweg 1' });
  });

  it('given a KiTa without kind and operator kind (as an import creates it), saving "Keine Angabe" keeps both empty, for its members and an admin; registering needs a kind', async () => {
    const bare = await createFacility(f.db, {
      label: 'Kita Ohne Art',
      postalCode: '90762',
      city: 'Fürth',
      region: 'Mittelfranken',
      kind: '',
      operatorKind: '',
    });
    await addMember(f.db, bare.id, f.users.member.id);
    const read = parseAnswer(facilitySchema, await f.call('member', { method: 'GET', url: `/api/facilities/${bare.id}` }));
    const none = { ...validFacility, label: 'Kita Ohne Art', postalCode: '90762', city: 'Fürth', kind: '', operatorKind: '' };
    const saved = parseAnswer(
      facilitySchema,
      await f.call('member', { method: 'PUT', url: `/api/facilities/${bare.id}`, payload: { ...none, version: read.version } }),
    );
    expect(saved).toMatchObject({ kind: '', operatorKind: '', street: 'Blumenweg 1' });
    const byAdmin = await f.call('admin', {
      method: 'PUT',
      url: `/api/admin/facilities/${bare.id}`,
      payload: { ...none, street: 'Rathausplatz 2', version: saved.version },
    });
    expect(parseAnswer(facilitySchema, byAdmin)).toMatchObject({ kind: '', operatorKind: '', street: 'Rathausplatz 2' });
    // an operator kind left out is not given, not 'sonstige'
    const { operatorKind: _omitted, ...withoutOperatorKind } = validFacility;
    const created = parseAnswer(
      facilitySchema,
      await f.call('otherMember', { method: 'POST', url: '/api/facilities', payload: withoutOperatorKind }),
      201,
    );
    expect(created.operatorKind).toBe('');
    // nor does the database invent one for a row written without it (its default was 'sonstige')
    const [raw] = await f.db.insert(facilities).values({ label: 'Kita Roh', kind: '', region: 'Mittelfranken' }).returning();
    expect(raw!.operatorKind).toBe('');
    expect(
      reasonOfAnswer(await f.call('otherMember', { method: 'POST', url: '/api/facilities', payload: { ...validFacility, kind: '' } }), 400).fields,
    ).toMatchObject({
      kind: 'Bitte wähle die Art der Einrichtung.',
    });
  });

  it('given two editors, when the second saves with the old version, answers 409 conflict in German and keeps the first change', async () => {
    const { version } = parseAnswer(facilitySchema, await f.call('member', { method: 'GET', url: `/api/facilities/${f.facility.id}` }));
    const first = await f.call('member', {
      method: 'PUT',
      url: `/api/facilities/${f.facility.id}`,
      payload: { ...validFacility, label: 'Kinderhaus Sonnenschein', city: 'Erstens', version },
    });
    expect(first.statusCode).toBe(200);
    const second = await f.call('admin', {
      method: 'PUT',
      url: `/api/facilities/${f.facility.id}`,
      payload: { ...validFacility, label: 'Kinderhaus Sonnenschein', city: 'Zweitens', version },
    });
    expect(reasonOfAnswer(second, 409)).toMatchObject({
      code: 'conflict',
      message: expect.stringContaining('Jemand anderes hat diese Daten inzwischen geändert'),
    });
    expect(parseAnswer(facilitySchema, await f.call('member', { method: 'GET', url: `/api/facilities/${f.facility.id}` })).city).toBe('Erstens');
  });
});

describe('members and join requests', () => {
  it('given a user asking to join, members and admins get a mail, a member approves and the user becomes a member', async () => {
    const joiner = await createUser(f.db, { firstName: 'Jana', lastName: 'Neu' });
    const cookie = await loginAs(f.t.app, joiner);
    const ask = await f.t.app.inject({
      method: 'POST',
      url: `/api/facilities/${f.facility.id}/join-requests`,
      headers: { cookie },
      payload: { message: 'Ich bin die neue Leitung.' },
    });
    const request = parseAnswer(joinRequestSchema, ask, 201);
    expect(request).toMatchObject({ state: 'pending', user: { id: joiner.id, name: 'Jana Neu' } });
    const again = await f.t.app.inject({ method: 'POST', url: `/api/facilities/${f.facility.id}/join-requests`, headers: { cookie }, payload: {} });
    expect(again.statusCode).toBe(409);
    const mails = await f.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'facility-join-request'));
    expect(mails.map((m) => m.recipient).sort()).toEqual([f.users.admin.email, f.users.member.email].sort());
    // the joiner is not a member yet: no data
    expect((await f.t.app.inject({ method: 'GET', url: `/api/facilities/${f.facility.id}`, headers: { cookie } })).statusCode).toBe(403);
    const list = await f.call('member', { method: 'GET', url: `/api/facilities/${f.facility.id}/join-requests` });
    expect(parseAnswer(joinRequestListSchema, list).items.map((r) => r.id)).toContain(request.id);
    expect(
      (await f.call('otherMember', { method: 'POST', url: `/api/facilities/${f.facility.id}/join-requests/${request.id}/approve` })).statusCode,
    ).toBe(403);
    const approve = await f.call('member', { method: 'POST', url: `/api/facilities/${f.facility.id}/join-requests/${request.id}/approve` });
    expect(parseAnswer(joinRequestSchema, approve)).toMatchObject({ state: 'approved', decidedBy: { id: f.users.member.id } });
    expect((await f.call('member', { method: 'POST', url: `/api/facilities/${f.facility.id}/join-requests/${request.id}/decline` })).statusCode).toBe(
      409,
    );
    expect((await f.t.app.inject({ method: 'GET', url: `/api/facilities/${f.facility.id}`, headers: { cookie } })).statusCode).toBe(200);
  });

  it('given open requests at two KiTas, an admin lists them all, declines one (no access) and approves the other (access)', async () => {
    const ask = async (facilityId: number, lastName: string) => {
      const joiner = await createUser(f.db, { firstName: 'Ada', lastName });
      const cookie = await loginAs(f.t.app, joiner);
      const res = await f.t.app.inject({
        method: 'POST',
        url: `/api/facilities/${facilityId}/join-requests`,
        headers: { cookie },
        payload: { message: lastName },
      });
      return { cookie, request: parseAnswer(joinRequestSchema, res, 201) };
    };
    const declined = await ask(f.facility.id, 'Abgelehnt');
    const approved = await ask(f.otherFacility.id, 'Angenommen');
    const pendingIds = async () =>
      parseAnswer(joinRequestListSchema, await f.call('admin', { method: 'GET', url: '/api/admin/join-requests' })).items.map((r) => r.id);
    expect(await pendingIds()).toEqual(expect.arrayContaining([declined.request.id, approved.request.id]));
    for (const role of ['member', 'otherMember'] as const) {
      expect((await f.call(role, { method: 'GET', url: '/api/admin/join-requests' })).statusCode).toBe(403);
    }

    const decline = await f.call('admin', { method: 'POST', url: `/api/facilities/${f.facility.id}/join-requests/${declined.request.id}/decline` });
    expect(parseAnswer(joinRequestSchema, decline)).toMatchObject({ state: 'declined', decidedBy: { id: f.users.admin.id } });
    // a request is decided through its own KiTa only
    expect(
      (await f.call('admin', { method: 'POST', url: `/api/facilities/${f.facility.id}/join-requests/${approved.request.id}/approve` })).statusCode,
    ).toBe(404);
    const approve = await f.call('admin', {
      method: 'POST',
      url: `/api/facilities/${f.otherFacility.id}/join-requests/${approved.request.id}/approve`,
    });
    expect(parseAnswer(joinRequestSchema, approve)).toMatchObject({ state: 'approved', decidedBy: { id: f.users.admin.id } });

    const left = await pendingIds();
    expect(left).not.toContain(declined.request.id);
    expect(left).not.toContain(approved.request.id);
    expect((await f.t.app.inject({ method: 'GET', url: `/api/facilities/${f.facility.id}`, headers: { cookie: declined.cookie } })).statusCode).toBe(
      403,
    );
    expect(
      (await f.t.app.inject({ method: 'GET', url: `/api/facilities/${f.otherFacility.id}`, headers: { cookie: approved.cookie } })).statusCode,
    ).toBe(200);
    const detail = parseAnswer(
      adminFacilityDetailSchema,
      await f.call('admin', { method: 'GET', url: `/api/admin/facilities/${f.otherFacility.id}` }),
    );
    expect(detail.members.map((m) => m.lastName)).toContain('Angenommen');
  });

  it('given one account asking to join again and again, the eleventh request within a day answers 429 with Retry-After', async () => {
    const pushy = await createUser(f.db);
    const cookie = await loginAs(f.t.app, pushy);
    const ask = () =>
      f.t.app.inject({ method: 'POST', url: `/api/facilities/${f.otherFacility.id}/join-requests`, headers: { cookie }, payload: {} });
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await ask()).statusCode);
    expect(statuses).toEqual([201, ...Array(9).fill(409)]);
    const limited = await ask();
    expect(reasonOfAnswer(limited, 429).code).toBe('too_many_requests');
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('given a member, when removing another member, that one loses access; the list shows who is left', async () => {
    const leaving = await createUser(f.db, { firstName: 'Lea', lastName: 'Geht' });
    await addMember(f.db, f.facility.id, leaving.id);
    const cookie = await loginAs(f.t.app, leaving);
    const members = parseAnswer(memberListSchema, await f.call('member', { method: 'GET', url: `/api/facilities/${f.facility.id}/members` })).items;
    expect(members.map((m) => m.userId)).toContain(leaving.id);
    const res = await f.call('member', { method: 'DELETE', url: `/api/facilities/${f.facility.id}/members/${leaving.id}` });
    expect(res.statusCode).toBe(204);
    expect((await f.t.app.inject({ method: 'GET', url: `/api/facilities/${f.facility.id}`, headers: { cookie } })).statusCode).toBe(403);
    const rows = await f.db.select().from(facilityMembers).where(eq(facilityMembers.userId, leaving.id));
    expect(rows).toEqual([]);
    expect((await f.call('member', { method: 'DELETE', url: `/api/facilities/${f.facility.id}/members/${leaving.id}` })).statusCode).toBe(404);
  });

  it('given a member of another KiTa, removing a member of this KiTa through the own KiTa id answers 404', async () => {
    const res = await f.call('otherMember', { method: 'DELETE', url: `/api/facilities/${f.otherFacility.id}/members/${f.users.member.id}` });
    expect(res.statusCode).toBe(404);
  });
});

describe('permission matrix of the facility routes', () => {
  const routes = (id: number) => [
    { method: 'GET' as const, url: `/api/facilities/${id}` },
    { method: 'PUT' as const, url: `/api/facilities/${id}`, payload: { ...validFacility, version: 999 } },
    { method: 'GET' as const, url: `/api/facilities/${id}/history` },
    { method: 'GET' as const, url: `/api/facilities/${id}/members` },
    { method: 'GET' as const, url: `/api/facilities/${id}/join-requests` },
    { method: 'DELETE' as const, url: `/api/facilities/${id}/members/999999` },
    { method: 'POST' as const, url: `/api/facilities/${id}/join-requests/999999/approve` },
  ];
  const expected: Record<Role, number[]> = { anonymous: [401], otherMember: [403, 404], member: [200, 404, 409], admin: [200, 404, 409] };
  for (const role of ['anonymous', 'otherMember', 'member', 'admin'] as const) {
    it(`given ${role}, every facility-bound route answers ${expected[role].join('/')} and a stranger sees no data`, async () => {
      for (const route of routes(f.facility.id)) {
        const res = await f.call(role, route);
        expect({ route: `${route.method} ${route.url}`, status: expected[role].includes(res.statusCode) }).toEqual({
          route: `${route.method} ${route.url}`,
          status: true,
        });
        if (role === 'anonymous' || role === 'otherMember') expect(res.body).not.toContain('Sonnenschein');
      }
    });
  }

  it('given a merged or unknown KiTa id, member routes answer 404 for an admin', async () => {
    expect((await f.call('admin', { method: 'GET', url: '/api/facilities/999999' })).statusCode).toBe(404);
  });

  it('given a KiTa created by a factory, a second member sees it too', async () => {
    const extra = await createFacility(f.db);
    await addMember(f.db, extra.id, f.users.member.id);
    expect((await f.call('member', { method: 'GET', url: `/api/facilities/${extra.id}` })).statusCode).toBe(200);
  });
});
