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
    postalCode: '90402',
    city: 'Nürnberg',
    region: 'Mittelfranken',
    operatorName: 'Stadt Nürnberg',
    operatorKind: 'kommunal',
    phone: '0911 123456',
    email: 'regenbogen@kita.example',
    website: 'https://regenbogen.example',
    childrenCount: 60,
    staffCount: 12,
    createdAt: '2026-09-01T08:00:00.000Z',
    updatedAt: '2026-10-05T12:30:00.000Z',
    updatedBy: { id: 4, name: 'Nina Muster' },
    version: 3,
    ...overrides,
  };
}

export function buildPerson(overrides: Partial<Person> = {}): Person {
  return {
    id: 501,
    facilityId: 12,
    salutation: 'Frau',
    firstName: 'Paula',
    lastName: 'Pädagogin',
    email: 'paula@kita.example',
    phone: '',
    position: 'Leitung',
    userId: null,
    hasAccount: false,
    invitedAt: null,
    removedAt: null,
    createdAt: '2026-09-01T08:00:00.000Z',
    updatedAt: '2026-09-01T08:00:00.000Z',
    updatedBy: null,
    version: 1,
    ...overrides,
  };
}

export function enrolmentStatus(overrides: Partial<SeasonEnrolmentStatus> = {}): SeasonEnrolmentStatus {
  return { season: currentSeason, enrolment: null, canChange: true, message: null, ...overrides };
}
