import type { AdminFacilityDetail, AdminFacilityListItem } from '../../shared/contracts/admin-facilities';
import type { AdminPersonDetail, AdminPersonListItem } from '../../shared/contracts/admin-persons';
import type { AdminSeason } from '../../shared/contracts/admin-seasons';
import type { Facility } from '../../shared/contracts/facilities';
import type { Person } from '../../shared/contracts/persons';

const AT = '2026-10-01T08:00:00.000Z';

/** Admin-screen data in the shapes of the shared contracts, for msw handlers in client tests. */
export function adminSeason(overrides: Partial<AdminSeason> = {}): AdminSeason {
  return {
    id: 2,
    identifier: '2026-27',
    label: 'KiTa-Jahr 2026/27',
    startDate: '2026-09-01',
    endDate: '2027-08-31',
    enrolment_state: 'open',
    enrolmentOpensOn: null,
    enrolmentDeadline: '2027-02-01',
    allow_documentation: true,
    documentationDeadline: '2027-06-30',
    teamWorkshopDeadline: null,
    trainingsDeadline: null,
    hospitationDeadline: null,
    juryDate: null,
    awardDate: null,
    isCurrent: true,
    enrolledCount: 7,
    createdAt: AT,
    updatedAt: AT,
    updatedBy: null,
    version: 3,
    ...overrides,
  };
}

export function adminFacilityItem(id: number, label: string, overrides: Partial<AdminFacilityListItem> = {}): AdminFacilityListItem {
  return {
    id,
    label,
    kind: 'Kindergarten',
    street: 'Hauptstraße 1',
    postalCode: '80331',
    city: 'München',
    region: 'Oberbayern',
    operatorName: 'Stadt München',
    email: 'kita@example.org',
    phone: '089 1234567',
    membersCount: 2,
    personsCount: 5,
    isEnrolled: true,
    createdAt: AT,
    updatedAt: AT,
    ...overrides,
  };
}

export function facilityRecord(id: number, label: string, overrides: Partial<Facility> = {}): Facility {
  return {
    id,
    label,
    kind: 'Kindergarten',
    street: 'Hauptstraße 1',
    postalCode: '80331',
    city: 'München',
    region: 'Oberbayern',
    operatorName: 'Stadt München',
    operatorKind: 'kommunal',
    phone: '089 1234567',
    email: 'kita@example.org',
    website: '',
    childrenCount: 40,
    staffCount: 8,
    createdAt: AT,
    updatedAt: AT,
    updatedBy: { id: 1, name: 'Ada Admin' },
    version: 4,
    ...overrides,
  };
}

export function personRecord(id: number, overrides: Partial<Person> = {}): Person {
  return {
    id,
    facilityId: 11,
    salutation: 'Frau',
    firstName: 'Jördis',
    lastName: 'Größer',
    email: 'joerdis@example.org',
    phone: '',
    position: 'Leitung',
    userId: null,
    hasAccount: false,
    invitedAt: null,
    removedAt: null,
    createdAt: AT,
    updatedAt: AT,
    updatedBy: null,
    version: 2,
    ...overrides,
  };
}

export function adminFacilityDetail(id: number, label: string, overrides: Partial<AdminFacilityDetail> = {}): AdminFacilityDetail {
  return {
    facility: facilityRecord(id, label),
    members: [],
    persons: [personRecord(500 + id, { facilityId: id })],
    enrolments: [],
    joinRequests: [],
    teamWorkshopApplications: [],
    history: [],
    mergedIntoId: null,
    ...overrides,
  };
}

export function adminPersonItem(personId: number, overrides: Partial<AdminPersonListItem> = {}): AdminPersonListItem {
  return {
    key: `p${personId}`,
    kind: 'person',
    personId: personId,
    userId: null,
    firstName: 'Jördis',
    lastName: 'Größer',
    email: 'joerdis@example.org',
    position: 'Leitung',
    facilityId: 11,
    facilityLabel: 'KiTa Sonnenschein',
    is_admin: false,
    accountActive: null,
    removedAt: null,
    createdAt: AT,
    ...overrides,
  };
}

export function adminPersonDetail(personId: number, overrides: Partial<AdminPersonDetail> = {}): AdminPersonDetail {
  return {
    person: personRecord(personId),
    facility: { id: 11, label: 'KiTa Sonnenschein' },
    account: null,
    history: [],
    ...overrides,
  };
}
