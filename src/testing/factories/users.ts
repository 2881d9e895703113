import type { FacilitySummary, LoginStatusResponse, User } from '../../shared/contracts/auth';
import type { Season } from '../../shared/contracts/season';

/** Data factories mirroring the demo accounts of SPEC §7, so client tests speak the same language as e2e. */
export const currentSeason: Season = {
  id: 2,
  identifier: '2026-27',
  label: 'KiTa-Jahr 2026/27',
  startDate: '2026-09-01',
  endDate: '2027-08-31',
  enrolment_state: 'open',
  enrolmentDeadline: '2027-02-01',
  allow_documentation: true,
  documentationDeadline: '2027-06-30',
  isCurrent: true,
};

export function facility(id: number, label: string, enrolled = true): FacilitySummary {
  return { id, label, is_enrolled_to_cur_season: enrolled };
}

function byId(list: FacilitySummary[]): User['facilities'] {
  return Object.fromEntries(list.map((f) => [String(f.id), f]));
}

export function buildUser(overrides: Partial<User> & { facilityList?: FacilitySummary[] } = {}): User {
  const { facilityList, ...rest } = overrides;
  return {
    id: 100,
    is_admin: false,
    isJury: false,
    email: 'eine-kita@demo.example',
    firstName: 'Erika',
    lastName: 'Muster',
    facilities: byId(facilityList ?? [facility(11, 'KiTa Sonnenschein')]),
    missingSettings: {},
    ...rest,
  };
}

export const users = {
  admin: () => buildUser({ id: 1, is_admin: true, email: 'admin@demo.example', firstName: 'Ada', facilityList: [] }),
  /** issue 12: reviews the documentation forms, no KiTa (jury@demo.example) */
  jury: () => buildUser({ id: 7, isJury: true, email: 'jury@demo.example', firstName: 'Julia', facilityList: [] }),
  noFacility: () => buildUser({ id: 2, email: 'ohne-kita@demo.example', firstName: 'Olga', facilityList: [] }),
  oneEnrolled: () => buildUser({ id: 3, email: 'eine-kita@demo.example', facilityList: [facility(11, 'KiTa Sonnenschein')] }),
  notEnrolled: () =>
    buildUser({ id: 4, email: 'nicht-angemeldet@demo.example', firstName: 'Nina', facilityList: [facility(12, 'KiTa Regenbogen', false)] }),
  several: () =>
    buildUser({
      id: 5,
      email: 'mehrere-kitas@demo.example',
      firstName: 'Max',
      facilityList: [facility(21, 'KiTa Am Bach'), facility(22, 'KiTa Waldwichtel'), facility(23, 'Hort Kleine Strolche', false)],
    }),
  missingSettings: () =>
    buildUser({
      id: 6,
      email: 'einstellungen@demo.example',
      firstName: 'Emil',
      facilityList: [facility(31, 'KiTa Löwenzahn')],
      missingSettings: { privacyPolicy: 'Datenschutzerklärung (neue Fassung)', newsletter: 'Newsletter' },
    }),
};

export const loggedIn = (user: User): LoginStatusResponse => ({ loggedin: true, user, curSeason: currentSeason });
export const anonymous = (): LoginStatusResponse => ({ loggedin: false, user: null, curSeason: null });
