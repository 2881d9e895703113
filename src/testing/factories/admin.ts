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
    start_date: '2026-09-01',
    end_date: '2027-08-31',
    enrolment_state: 'open',
    enrolment_opens_on: null,
    enrolment_deadline: '2027-02-01',
    allow_documentation: true,
    documentation_deadline: '2027-06-30',
    team_workshop_deadline: null,
    trainings_deadline: null,
    hospitation_deadline: null,
    jury_date: null,
    award_date: null,
    is_current: true,
    enrolled_count: 7,
    created_at: AT,
    updated_at: AT,
    updated_by: null,
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
    postal_code: '80331',
    city: 'München',
    region: 'Oberbayern',
    operator_name: 'Stadt München',
    email: 'kita@example.org',
    phone: '089 1234567',
    members_count: 2,
    persons_count: 5,
    is_enrolled: true,
    created_at: AT,
    updated_at: AT,
    ...overrides,
  };
}

export function facilityRecord(id: number, label: string, overrides: Partial<Facility> = {}): Facility {
  return {
    id,
    label,
    kind: 'Kindergarten',
    street: 'Hauptstraße 1',
    postal_code: '80331',
    city: 'München',
    region: 'Oberbayern',
    operator_name: 'Stadt München',
    operator_kind: 'kommunal',
    phone: '089 1234567',
    email: 'kita@example.org',
    website: '',
    children_count: 40,
    staff_count: 8,
    created_at: AT,
    updated_at: AT,
    updated_by: { id: 1, name: 'Ada Admin' },
    version: 4,
    ...overrides,
  };
}

export function personRecord(id: number, overrides: Partial<Person> = {}): Person {
  return {
    id,
    facility_id: 11,
    salutation: 'Frau',
    first_name: 'Jördis',
    last_name: 'Größer',
    email: 'joerdis@example.org',
    phone: '',
    position: 'Leitung',
    user_id: null,
    has_account: false,
    invited_at: null,
    removed_at: null,
    created_at: AT,
    updated_at: AT,
    updated_by: null,
    version: 2,
    ...overrides,
  };
}

export function adminFacilityDetail(id: number, label: string, overrides: Partial<AdminFacilityDetail> = {}): AdminFacilityDetail {
  return {
    facility: facilityRecord(id, label),
    members: [],
    persons: [personRecord(500 + id, { facility_id: id })],
    enrolments: [],
    join_requests: [],
    teamWorkshopApplications: [],
    history: [],
    merged_into_id: null,
    ...overrides,
  };
}

export function adminPersonItem(personId: number, overrides: Partial<AdminPersonListItem> = {}): AdminPersonListItem {
  return {
    key: `p${personId}`,
    kind: 'person',
    person_id: personId,
    user_id: null,
    first_name: 'Jördis',
    last_name: 'Größer',
    email: 'joerdis@example.org',
    position: 'Leitung',
    facility_id: 11,
    facility_label: 'KiTa Sonnenschein',
    is_admin: false,
    account_active: null,
    removed_at: null,
    created_at: AT,
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
