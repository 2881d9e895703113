import type { InjectOptions } from 'fastify';
import type { BuildAppOptions } from '../lib/server-module';
import { addMember, createFacility, createSeason, createUser, type TestUser } from './factories';
import { loginAs } from './login-as';
import { buildTestApp, type TestApp } from './test-app';

export type Role = 'anonymous' | 'member' | 'otherMember' | 'admin';

/**
 * The four callers of the permission matrix around one KiTa: anonymous, its member, a member of another KiTa,
 * an admin; plus a current season with open enrolment (issue 5 tests). `env`: configuration as the process environment
 * would give it (e.g. ACTIVECAMPAIGN_URL of a local stand-in); `mail`: the mail plugin's options (`start: false` keeps the
 * mails in the outbox as written).
 */
export async function facilityFixture(options: { env?: Record<string, string>; mail?: BuildAppOptions['mail'] } = {}) {
  const t: TestApp = await buildTestApp({ env: options.env, mail: options.mail });
  const db = t.handle.db;
  const facility = await createFacility(db, { label: 'Kinderhaus Sonnenschein', postalCode: '80802', city: 'München', region: 'Oberbayern' });
  const otherFacility = await createFacility(db, { label: 'Kita Lechauen', postalCode: '86161', city: 'Augsburg', region: 'Schwaben' });
  const season = await createSeason(db, {
    identifier: '2026-27',
    label: 'KiTa-Jahr 2026/27',
    isCurrent: true,
    enrolmentState: 'open',
    startDate: '2026-09-01',
    endDate: '2027-08-31',
    enrolmentDeadline: '2099-02-05',
  });
  const member = await createUser(db, { firstName: 'Maria', lastName: 'Mitglied' });
  const otherMember = await createUser(db, { firstName: 'Otto', lastName: 'Anders' });
  const admin = await createUser(db, { isAdmin: true, firstName: 'Alex', lastName: 'Admin' });
  await addMember(db, facility.id, member.id);
  await addMember(db, otherFacility.id, otherMember.id);
  const cookies: Record<Role, string | undefined> = {
    anonymous: undefined,
    member: await loginAs(t.app, member),
    otherMember: await loginAs(t.app, otherMember),
    admin: await loginAs(t.app, admin),
  };
  const call = (role: Role, options: InjectOptions) =>
    t.app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(cookies[role] ? { cookie: cookies[role] } : {}) } });
  const users: Record<Exclude<Role, 'anonymous'>, TestUser> = { member, otherMember, admin };
  return { t, db, facility, otherFacility, season, users, cookies, call, close: () => t.close() };
}

export type FacilityFixture = Awaited<ReturnType<typeof facilityFixture>>;
