import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createFacility, createUser } from '../../testing/factories';
import { facilityFixture, type FacilityFixture } from '../../testing/facility-fixture';
import { loginAs } from '../../testing/login-as';

let f: FacilityFixture;
beforeAll(async () => {
  f = await facilityFixture();
});
afterAll(async () => f?.close());

const removeMember = (cookie: string, facilityId: number, userId: number, query = '') =>
  f.t.app.inject({ method: 'DELETE', url: `/api/facilities/${facilityId}/members/${userId}${query}`, headers: { cookie } });

describe('removing the last member of a KiTa', () => {
  it('given the only member removes themselves, answers 409 last_member in German until confirmed', async () => {
    const facility = await createFacility(f.db, { label: 'Kita Einzelstück' });
    const user = await createUser(f.db, { firstName: 'Lotte', lastName: 'Letzte' });
    await addMember(f.db, facility.id, user.id);
    const cookie = await loginAs(f.t.app, user, '10.90.0.1');
    const warned = await removeMember(cookie, facility.id, user.id);
    expect(warned.statusCode).toBe(409);
    expect(warned.json().reason).toEqual({
      code: 'last_member',
      message:
        'Du bist das letzte Mitglied von „Kita Einzelstück“. Danach kann niemand mehr die Daten dieser KiTa im Portal bearbeiten. Bitte bestätige, dass du den Zugriff trotzdem entziehen möchtest.',
    });
    expect((await removeMember(cookie, facility.id, user.id, '?confirmLastMember=true')).statusCode).toBe(204);
  });

  it('given two members, removing one needs no confirmation; then the other is the last', async () => {
    const facility = await createFacility(f.db, { label: 'Kita Zweisam' });
    const a = await createUser(f.db, { firstName: 'Anna', lastName: 'Erste' });
    const b = await createUser(f.db, { firstName: 'Bert', lastName: 'Zweiter' });
    await addMember(f.db, facility.id, a.id);
    await addMember(f.db, facility.id, b.id);
    const cookie = await loginAs(f.t.app, a, '10.90.1.1');
    expect((await removeMember(cookie, facility.id, b.id)).statusCode).toBe(204);
    const admin = f.cookies.admin!;
    const last = await removeMember(admin, facility.id, a.id);
    expect(last.statusCode).toBe(409);
    expect(last.json().reason.message).toMatch(/^Anna Erste ist das letzte Mitglied von „Kita Zweisam“/);
  });
});

describe('invitations are redeemed only by the invited address', () => {
  it('given an invitation link opened by another account, answers 409 and links nothing; the invited address can still redeem it', async () => {
    const add = await f.call('member', {
      method: 'POST',
      url: `/api/facilities/${f.facility.id}/persons`,
      payload: {
        salutation: 'Frau',
        firstName: 'Ina',
        lastName: 'Eingeladen',
        position: 'Leitung',
        email: 'ina.eingeladen@kita.example',
        phone: '089 123456',
      },
    });
    expect(add.statusCode).toBe(201);
    const personId = add.json().id as number;
    const invite = await f.call('member', { method: 'POST', url: `/api/facilities/${f.facility.id}/persons/${personId}/invite` });
    expect(invite.statusCode).toBe(200);
    await f.t.flushMail();
    const mail = f.t.mails.find((m) => m.to === 'ina.eingeladen@kita.example');
    const token = /einladung=([A-Za-z0-9_-]+)/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(token).not.toBe('');

    const stranger = await createUser(f.db, { email: 'jemand.anders@test.example' });
    const strangerCookie = await loginAs(f.t.app, stranger, '10.91.0.1');
    const refused = await f.t.app.inject({
      method: 'POST',
      url: '/api/me/person-invitations',
      headers: { cookie: strangerCookie },
      payload: { token },
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().reason).toMatchObject({
      code: 'invitation_other_email',
      message: expect.stringContaining('Diese Einladung gilt für eine andere E-Mail-Adresse'),
    });
    const status = (await f.t.app.inject({ method: 'GET', url: '/api/loginstatus', headers: { cookie: strangerCookie } })).json();
    expect(status.user.facilities).toEqual({});

    const invited = await createUser(f.db, { email: 'Ina.Eingeladen@Kita.example' });
    const invitedCookie = await loginAs(f.t.app, invited, '10.91.0.2');
    const accepted = await f.t.app.inject({
      method: 'POST',
      url: '/api/me/person-invitations',
      headers: { cookie: invitedCookie },
      payload: { token },
    });
    expect(accepted.statusCode).toBe(200);
  });
});
