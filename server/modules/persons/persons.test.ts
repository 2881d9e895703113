import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { addMember, createFacility, createUser, enrol } from '../../testing/factories';
import { facilityFixture, type Role } from '../../testing/facility-fixture';
import { loginAs } from '../../testing/login-as';
import { auditLog } from '../audit/audit.table';
import { persons } from './persons.table';
import { createTestWorld } from '../../testing/test-world';
import { parseAnswer, reasonOfAnswer } from '../../testing/parse-answer';
import { loginStatusResponseSchema } from '../../../src/shared/contracts/auth';
import { acceptInvitationResponseSchema, personInviteResponseSchema, personPageSchema, personSchema } from '../../../src/shared/contracts/persons';

const f = createTestWorld(() => facilityFixture());

const person = {
  salutation: 'Frau',
  firstName: 'Erika',
  lastName: 'Beispiel',
  email: 'erika.beispiel@kita.example',
  phone: '089 123456',
  position: 'Leitung',
};
const add = async (overrides: Partial<typeof person> = {}, role: Role = 'member') =>
  f.call(role, { method: 'POST', url: `/api/facilities/${f.facility.id}/persons`, payload: { ...person, ...overrides } });

describe('staff list', () => {
  it('given a member, when adding a person, it is listed with paging, sorting and search', async () => {
    expect(parseAnswer(personSchema, await add(), 201)).toMatchObject({
      firstName: 'Erika',
      hasAccount: false,
      version: 1,
      facilityId: f.facility.id,
    });
    await add({ firstName: 'Anton', lastName: 'Zander', email: '', position: 'Ergänzungskraft' });
    const page = parseAnswer(
      personPageSchema,
      await f.call('member', { method: 'GET', url: `/api/facilities/${f.facility.id}/persons?pageSize=1&sort=lastName&dir=desc` }),
    );
    expect(page).toMatchObject({ total: 2, page: 1, pageSize: 1, items: [{ lastName: 'Zander' }] });
    const search = parseAnswer(personPageSchema, await f.call('member', { method: 'GET', url: `/api/facilities/${f.facility.id}/persons?q=beisp` }));
    expect(search.items.map((p) => p.lastName)).toEqual(['Beispiel']);
  });

  it('given bad input, answers 400 with German field texts', async () => {
    const res = await add({ firstName: '', email: 'nope', position: 'Chefin' });
    expect(reasonOfAnswer(res, 400).fields).toMatchObject({
      firstName: 'Bitte gib den Vornamen an.',
      email: 'Bitte gib eine gültige E-Mail-Adresse an (z. B. name@kita.de).',
      position: 'Bitte wähle die Funktion.',
    });
  });

  it('given a person, when editing with the current version it saves; with a stale one it answers 409', async () => {
    const created = parseAnswer(personSchema, await add({ lastName: 'Version' }), 201);
    const url = `/api/facilities/${f.facility.id}/persons/${created.id}`;
    const ok = parseAnswer(
      personSchema,
      await f.call('member', { method: 'PUT', url, payload: { ...person, lastName: 'Neu', version: created.version } }),
    );
    expect(ok).toMatchObject({ lastName: 'Neu', version: 2, updatedBy: { id: f.users.member.id } });
    const stale = await f.call('admin', { method: 'PUT', url, payload: { ...person, lastName: 'Alt', version: created.version } });
    expect(reasonOfAnswer(stale, 409).code).toBe('conflict');
  });

  it('given a person who was contact of an enrolment, removing keeps the row and the enrolment; the list no longer shows them', async () => {
    const created = parseAnswer(personSchema, await add({ lastName: 'Geht' }), 201);
    const old = await enrol(f.db, f.facility.id, f.season.id, { contactPersonId: created.id, withdrawnAt: new Date() });
    const res = await f.call('member', { method: 'DELETE', url: `/api/facilities/${f.facility.id}/persons/${created.id}` });
    expect(res.statusCode).toBe(204);
    const [row] = await f.db.select().from(persons).where(eq(persons.id, created.id));
    expect(row?.removedAt).toBeInstanceOf(Date);
    const list = parseAnswer(personPageSchema, await f.call('member', { method: 'GET', url: `/api/facilities/${f.facility.id}/persons?pageSize=0` }));
    expect(list.items.map((p) => p.id)).not.toContain(created.id);
    expect((await f.call('member', { method: 'GET', url: `/api/facilities/${f.facility.id}/persons/${created.id}` })).statusCode).toBe(404);
    expect(old.id).toBeGreaterThan(0);
    const [entry] = await f.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'person.remove'), eq(auditLog.entityId, String(created.id))));
    expect(entry?.before).toMatchObject({ lastName: 'Geht' });
  });

  it("given a person of another KiTa, reaching it through the own KiTa's id answers 404", async () => {
    const foreign = parseAnswer(
      personSchema,
      await f.call('otherMember', { method: 'POST', url: `/api/facilities/${f.otherFacility.id}/persons`, payload: person }),
      201,
    );
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await f.call('member', {
        method,
        url: `/api/facilities/${f.facility.id}/persons/${foreign.id}`,
        ...(method === 'PUT' ? { payload: { ...person, version: 1 } } : {}),
      });
      expect(res.statusCode).toBe(404);
    }
  });
});

describe('staff list sorting', () => {
  it('given an unknown sort key (also __proto__), answers 400 like the admin lists instead of falling back or failing', async () => {
    for (const sort of ['__proto__', 'constructor', 'toString', 'userId', 'nope']) {
      const res = await f.call('member', { method: 'GET', url: `/api/facilities/${f.facility.id}/persons?sort=${sort}` });
      expect(res.statusCode, sort).toBe(400);
      expect(reasonOfAnswer(res, 400).code).toBe('validation_failed');
    }
  });

  it('given names with umlauts, the name sort folds them (Ä next to A, not after Z)', async () => {
    const facility = await createFacility(f.db, { label: 'KiTa Umlaut' });
    await addMember(f.db, facility.id, f.users.member.id);
    for (const lastName of ['Zimmermann', 'Özdemir', 'Albrecht', 'Ärmel', 'Otto', 'Übel', 'ulm']) {
      await f.call('member', { method: 'POST', url: `/api/facilities/${facility.id}/persons`, payload: { ...person, lastName: lastName } });
    }
    const names = async (dir: string) =>
      parseAnswer(
        personPageSchema,
        await f.call('member', { method: 'GET', url: `/api/facilities/${facility.id}/persons?sort=lastName&dir=${dir}` }),
      ).items.map((p) => p.lastName);
    expect(await names('asc')).toEqual(['Albrecht', 'Ärmel', 'Otto', 'Özdemir', 'Übel', 'ulm', 'Zimmermann']);
    expect(await names('desc')).toEqual(['Zimmermann', 'ulm', 'Übel', 'Özdemir', 'Otto', 'Ärmel', 'Albrecht']);
  });
});

describe('invitations', () => {
  it('given a person with e-mail, when inviting, a mail with a registration link is queued; accepting links account and person and adds membership', async () => {
    const created = parseAnswer(personSchema, await add({ email: 'neu.eingeladen@kita.example', lastName: 'Eingeladen' }), 201);
    const res = await f.call('member', { method: 'POST', url: `/api/facilities/${f.facility.id}/persons/${created.id}/invite` });
    expect(parseAnswer(personInviteResponseSchema, res)).toMatchObject({ email: 'neu.eingeladen@kita.example' });
    expect(res.body).not.toContain('einladung=');
    await f.t.flushMail();
    const mail = f.t.mails.find((m) => m.to === 'neu.eingeladen@kita.example');
    expect(mail?.subject).toMatch(/^Einladung ins Portal/);
    const path = /\/registrieren\?einladung=[A-Za-z0-9_-]+/.exec(mail?.text ?? '')?.[0] ?? '';
    expect(path).toMatch(/^\/registrieren\?einladung=/);
    const token = path.split('einladung=')[1]!;

    const invited = await createUser(f.db, { email: 'neu.eingeladen@kita.example' });
    const cookie = await loginAs(f.t.app, invited);
    expect(
      (await f.t.app.inject({ method: 'POST', url: '/api/me/person-invitations', headers: { cookie }, payload: { token: 'x'.repeat(20) } }))
        .statusCode,
    ).toBe(404);
    const accept = await f.t.app.inject({ method: 'POST', url: '/api/me/person-invitations', headers: { cookie }, payload: { token } });
    expect(parseAnswer(acceptInvitationResponseSchema, accept)).toEqual({
      facilityId: f.facility.id,
      facilityLabel: f.facility.label,
      personId: created.id,
    });
    const status = parseAnswer(loginStatusResponseSchema, await f.t.app.inject({ method: 'GET', url: '/api/loginstatus', headers: { cookie } }));
    expect(Object.keys(status.user?.facilities ?? {})).toEqual([String(f.facility.id)]);
    const after = parseAnswer(personSchema, await f.call('member', { method: 'GET', url: `/api/facilities/${f.facility.id}/persons/${created.id}` }));
    expect(after).toMatchObject({ hasAccount: true, userId: invited.id });
    // single use
    expect((await f.t.app.inject({ method: 'POST', url: '/api/me/person-invitations', headers: { cookie }, payload: { token } })).statusCode).toBe(
      404,
    );
  });

  it('given a person without e-mail, inviting answers 400 with a German hint', async () => {
    const created = parseAnswer(personSchema, await add({ email: '', lastName: 'OhneMail' }), 201);
    const res = await f.call('member', { method: 'POST', url: `/api/facilities/${f.facility.id}/persons/${created.id}/invite` });
    expect(reasonOfAnswer(res, 400)).toMatchObject({ code: 'email_missing', message: 'Trage zuerst eine E-Mail-Adresse für diese Person ein.' });
  });
});

describe('permission matrix of the staff routes', () => {
  const expected: Record<Role, number[]> = {
    anonymous: [401],
    otherMember: [403, 404],
    member: [200, 201, 204, 400, 404, 409],
    admin: [200, 201, 204, 400, 404, 409],
  };
  for (const role of ['anonymous', 'otherMember', 'member', 'admin'] as const) {
    it(`given ${role}, every staff route answers ${role === 'member' || role === 'admin' ? 'normally' : expected[role].join('/')} and a stranger sees no data`, async () => {
      const [target] = await f.db
        .insert(persons)
        .values({ facilityId: f.facility.id, firstName: 'Geheim', lastName: 'Person', position: 'Sonstige', email: 'geheim@kita.example' })
        .returning();
      const base = `/api/facilities/${f.facility.id}/persons`;
      const routes = [
        { method: 'GET' as const, url: base },
        { method: 'POST' as const, url: base, payload: person },
        { method: 'GET' as const, url: `${base}/${target!.id}` },
        { method: 'PUT' as const, url: `${base}/${target!.id}`, payload: { ...person, firstName: 'Geheim', version: 1 } },
        { method: 'POST' as const, url: `${base}/${target!.id}/invite` },
        { method: 'DELETE' as const, url: `${base}/${target!.id}` },
      ];
      for (const route of routes) {
        const res = await f.call(role, route);
        expect(`${route.method} ${route.url} ${expected[role].includes(res.statusCode)}`).toBe(`${route.method} ${route.url} true`);
        if (role === 'anonymous' || role === 'otherMember') expect(res.body).not.toContain('Geheim');
      }
      if (role === 'anonymous' || role === 'otherMember') {
        const [row] = await f.db.select().from(persons).where(eq(persons.id, target!.id));
        expect(row?.removedAt).toBeNull();
      }
    });
  }
});
