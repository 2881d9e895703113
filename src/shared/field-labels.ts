import type { FacilityField } from './contracts/facilities';

/**
 * The German name of each field people see: the forms' labels, the details' labels and the history's field
 * names, on the staff side and in the admin area alike (one list, so the history never shows `childrenCount`).
 */
export const FACILITY_FIELD_LABELS: Record<FacilityField, string> = {
  label: 'Name der KiTa',
  kind: 'Art der Einrichtung',
  street: 'Straße und Hausnummer',
  postalCode: 'Postleitzahl',
  city: 'Ort',
  region: 'Regierungsbezirk',
  operatorName: 'Name des Trägers',
  operatorKind: 'Art des Trägers',
  phone: 'Telefon',
  email: 'E-Mail der KiTa',
  website: 'Internetseite',
  childrenCount: 'Zahl der Kinder',
  staffCount: 'Zahl der Mitarbeitenden',
};

export const PERSON_FIELD_LABELS = {
  salutation: 'Anrede',
  firstName: 'Vorname',
  lastName: 'Nachname',
  email: 'E-Mail',
  phone: 'Telefon',
  position: 'Funktion',
} as const;

export const SEASON_ENROLMENT_FIELD_LABELS = {
  projectTopics: 'Projektthemen',
  projectTitle: 'Projekttitel',
  contactPersonId: 'Ansprechperson (Nr.)',
  groupsTakingPart: 'Teilnehmende Gruppen',
  childrenTakingPart: 'Teilnehmende Kinder',
  withdrawnAt: 'Abgemeldet am',
} as const;

export const SEASON_FIELD_LABELS = {
  identifier: 'Kennung',
  label: 'Bezeichnung',
  startDate: 'Beginn',
  endDate: 'Ende',
  enrolmentState: 'Anmeldung',
  enrolmentOpensOn: 'Anmeldung ab',
  enrolmentDeadline: 'Anmeldeschluss',
  allowDocumentation: 'Dokumentation erlaubt',
  documentationDeadline: 'Frist Dokumentation',
  isCurrent: 'Aktuelles KiTa-Jahr',
} as const;

/** Fields that several records' histories name (links between records, accounts, consents). */
export const COMMON_FIELD_LABELS = {
  facilityId: 'KiTa (Nr.)',
  seasonId: 'KiTa-Jahr (Nr.)',
  personId: 'Person (Nr.)',
  userId: 'Benutzerkonto (Nr.)',
  requestId: 'Beitrittsanfrage (Nr.)',
  mergedIntoId: 'Zusammengeführt in KiTa (Nr.)',
  firstName: 'Vorname',
  lastName: 'Nachname',
  email: 'E-Mail',
  isAdmin: 'Verwaltungsrechte',
  ended: 'Beendete Sitzungen',
  endedSessions: 'Beendete Sitzungen',
  newsletter: 'Newsletter',
  privacyPolicyVersion: 'Fassung der Datenschutzerklärung',
  version: 'Fassung',
  lastMemberOf: 'Letztes Mitglied von KiTa (Nr.)',
} as const;

const byEntity: Record<string, Readonly<Record<string, string>>> = {
  facility: FACILITY_FIELD_LABELS,
  person: PERSON_FIELD_LABELS,
  season_enrolment: SEASON_ENROLMENT_FIELD_LABELS,
  season: SEASON_FIELD_LABELS,
};

/** `childrenCount` and `children_count` are the same field: older history entries may name a column in snake_case. */
const camel = (key: string) => key.replace(/_([a-z\d])/g, (_, c: string) => c.toUpperCase());

/**
 * The German label of a field named in a record's history (`entityType` e.g. 'facility', 'person'); an unknown
 * name (a newer server) shows as sent.
 */
export function fieldLabel(key: string, entityType?: string): string {
  const field = camel(key);
  const own = entityType ? byEntity[entityType] : undefined;
  return (
    own?.[field] ??
    (COMMON_FIELD_LABELS as Record<string, string>)[field] ??
    (FACILITY_FIELD_LABELS as Record<string, string>)[field] ??
    (PERSON_FIELD_LABELS as Record<string, string>)[field] ??
    (SEASON_ENROLMENT_FIELD_LABELS as Record<string, string>)[field] ??
    key
  );
}
