import type { AdminEnrolment, AdminOffering } from '../../shared/contracts/admin-programme';
import type { FacilityEnrolment, Offering } from '../../shared/contracts/programme';

/** a published training event of the Einsteiger module with free seats, open for booking */
export function buildOffering(overrides: Partial<Offering> = {}): Offering {
  return {
    id: 501,
    kind: 'training',
    title: 'Einsteiger: Grundlagen der BNE',
    description: 'Wie Kinder Nachhaltigkeit erleben.',
    moduleId: 41,
    moduleTitle: 'Einsteiger',
    hostFacility: null,
    awardingEventId: null,
    startsAt: '2027-02-03T08:00:00.000Z',
    endsAt: '2027-02-03T15:00:00.000Z',
    place: 'Bildungszentrum, Hauptstr. 1, 80331 München',
    onlineUrl: '',
    region: 'Oberbayern',
    capacity: 20,
    seatsLeft: 3,
    waitlistLength: 0,
    registrationOpensAt: '2026-11-01T08:00:00.000Z',
    registrationClosesAt: '2027-01-27T22:59:00.000Z',
    state: 'published',
    canBook: true,
    registrationMessage: null,
    enrolments: [],
    ...overrides,
  };
}

export const einsteigerModule = {
  id: 41,
  title: 'Einsteiger',
  description: 'Für KiTas, die zum ersten Mal dabei sind.',
  targetGroup: 'neue KiTas',
  maxPerFacilityPerEvent: 2,
  maxPerFacilityPerModule: 3,
};

export function buildFacilityEnrolment(overrides: Partial<FacilityEnrolment> = {}): FacilityEnrolment {
  return {
    enrolmentId: 7001,
    offeringId: 501,
    kind: 'training',
    offeringTitle: 'Einsteiger: Grundlagen der BNE',
    moduleTitle: 'Einsteiger',
    startsAt: '2027-02-03T08:00:00.000Z',
    endsAt: '2027-02-03T15:00:00.000Z',
    place: 'Bildungszentrum, Hauptstr. 1, 80331 München',
    onlineUrl: '',
    offeringState: 'published',
    personId: 801,
    personName: 'Anna Apfel',
    state: 'confirmed',
    waitlistPosition: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    cancelReason: null,
    canCancel: true,
    ...overrides,
  };
}

export function buildAdminOffering(overrides: Partial<AdminOffering> = {}): AdminOffering {
  return {
    id: 501,
    kind: 'training',
    seasonId: 2,
    moduleId: 41,
    moduleTitle: 'Einsteiger',
    hostFacilityId: null,
    hostFacilityLabel: null,
    awardingEventId: null,
    awardingEventTitle: null,
    title: 'Einsteiger: Grundlagen der BNE',
    description: '',
    startsAt: '2027-02-03T08:00:00.000Z',
    endsAt: '2027-02-03T15:00:00.000Z',
    place: 'Bildungszentrum München',
    onlineUrl: '',
    region: 'Oberbayern',
    capacity: 2,
    registrationOpensAt: null,
    registrationClosesAt: null,
    reminderDays: 7,
    state: 'published',
    cancelReason: null,
    seatsTaken: 2,
    seatsFree: 0,
    waitlistLength: 1,
    updatedAt: '2026-11-20T09:00:00.000Z',
    updatedBy: null,
    version: 3,
    ...overrides,
  };
}

export function buildAdminEnrolment(overrides: Partial<AdminEnrolment> = {}): AdminEnrolment {
  return {
    id: 9001,
    offeringId: 501,
    offeringTitle: 'Einsteiger: Grundlagen der BNE',
    startsAt: '2027-02-03T08:00:00.000Z',
    facilityId: 11,
    facilityLabel: 'KiTa Sonnenschein',
    facilityPostalCode: '80331',
    facilityCity: 'München',
    facilityRegion: 'Oberbayern',
    personId: 801,
    salutation: 'Frau',
    firstName: 'Anna',
    lastName: 'Apfel',
    position: 'Leitung',
    email: 'anna@example.org',
    phone: '',
    state: 'confirmed',
    waitlistPosition: null,
    overCapacity: false,
    cancelReason: null,
    createdAt: '2026-11-20T09:00:00.000Z',
    createdBy: null,
    version: 1,
    ...overrides,
  };
}
