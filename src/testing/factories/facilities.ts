import type { Facility } from '../../shared/contracts/facilities';
import type { Person } from '../../shared/contracts/persons';
import type { SeasonEnrolmentStatus } from '../../shared/contracts/season-enrolment';
import { currentSeason } from './users';

/** A KiTa's master data as GET /api/facilities/{id} answers. */
export function buildFacility(overrides: Partial<Facility> = {}): Facility {
  return {
    id: 12,
    label: 'KiTa Regenbogen',
    kind: 'Kindergarten',
    street: 'Hauptstraße 1',
    postal_code: '90402',
    city: 'Nürnberg',
    region: 'Mittelfranken',
    operator_name: 'Stadt Nürnberg',
    operator_kind: 'kommunal',
    phone: '0911 123456',
    email: 'regenbogen@kita.example',
    website: 'https://regenbogen.example',
    children_count: 60,
    staff_count: 12,
    created_at: '2026-09-01T08:00:00.000Z',
    updated_at: '2026-10-05T12:30:00.000Z',
    updated_by: { id: 4, name: 'Nina Muster' },
    version: 3,
    ...overrides,
  };
}

export function buildPerson(overrides: Partial<Person> = {}): Person {
  return {
    id: 501,
    facility_id: 12,
    salutation: 'Frau',
    first_name: 'Paula',
    last_name: 'Pädagogin',
    email: 'paula@kita.example',
    phone: '',
    position: 'Leitung',
    user_id: null,
    has_account: false,
    invited_at: null,
    removed_at: null,
    created_at: '2026-09-01T08:00:00.000Z',
    updated_at: '2026-09-01T08:00:00.000Z',
    updated_by: null,
    version: 1,
    ...overrides,
  };
}

export function enrolmentStatus(overrides: Partial<SeasonEnrolmentStatus> = {}): SeasonEnrolmentStatus {
  return { season: currentSeason, enrolment: null, can_change: true, message: null, ...overrides };
}
