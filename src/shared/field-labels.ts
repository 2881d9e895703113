import type { FacilityField } from './contracts/facilities';

/**
 * The German name of each field people see: the forms' labels, the details' labels and the history's field
 * names, on the staff side and in the admin area alike (one list, so the history never shows `childrenCount`).
 */
export const FACILITY_FIELD_LABELS: Record<FacilityField, string> = {
  label: 'Name der KiTa',
  kind: 'Art der Einrichtung',
  street: 'Straße und Hausnummer',
  postal_code: 'Postleitzahl',
  city: 'Ort',
  region: 'Regierungsbezirk',
  operator_name: 'Name des Trägers',
  operator_kind: 'Art des Trägers',
  phone: 'Telefon',
  email: 'E-Mail der KiTa',
  website: 'Internetseite',
  children_count: 'Zahl der Kinder',
  staff_count: 'Zahl der Mitarbeitenden',
};

export const PERSON_FIELD_LABELS = {
  salutation: 'Anrede',
  first_name: 'Vorname',
  last_name: 'Nachname',
  email: 'E-Mail',
  phone: 'Telefon',
  position: 'Funktion',
} as const;

export const SEASON_ENROLMENT_FIELD_LABELS = {
  project_topics: 'Projektthemen',
  project_title: 'Projekttitel',
  contact_person_id: 'Ansprechperson (Nr.)',
  groups_taking_part: 'Teilnehmende Gruppen',
  children_taking_part: 'Teilnehmende Kinder',
  withdrawn_at: 'Abgemeldet am',
} as const;

export const SEASON_FIELD_LABELS = {
  identifier: 'Kennung',
  label: 'Bezeichnung',
  start_date: 'Beginn',
  end_date: 'Ende',
  enrolment_state: 'Anmeldung',
  enrolment_opens_on: 'Anmeldung ab',
  enrolment_deadline: 'Anmeldeschluss',
  allow_documentation: 'Dokumentation erlaubt',
  documentation_deadline: 'Frist Dokumentation',
  is_current: 'Aktuelles KiTa-Jahr',
} as const;

/** Fields that several records' histories name (links between records, accounts, consents). */
export const COMMON_FIELD_LABELS = {
  facility_id: 'KiTa (Nr.)',
  season_id: 'KiTa-Jahr (Nr.)',
  person_id: 'Person (Nr.)',
  user_id: 'Benutzerkonto (Nr.)',
  request_id: 'Beitrittsanfrage (Nr.)',
  merged_into_id: 'Zusammengeführt in KiTa (Nr.)',
  first_name: 'Vorname',
  last_name: 'Nachname',
  email: 'E-Mail',
  is_admin: 'Verwaltungsrechte',
  ended: 'Beendete Sitzungen',
  ended_sessions: 'Beendete Sitzungen',
  newsletter: 'Newsletter',
  privacy_policy_version: 'Fassung der Datenschutzerklärung',
  version: 'Fassung',
  last_member_of: 'Letztes Mitglied von KiTa (Nr.)',
} as const;

const byEntity: Record<string, Readonly<Record<string, string>>> = {
  facility: FACILITY_FIELD_LABELS,
  person: PERSON_FIELD_LABELS,
  season_enrolment: SEASON_ENROLMENT_FIELD_LABELS,
  season: SEASON_FIELD_LABELS,
};

/** `childrenCount` and `children_count` are the same field: the history stores what the server's rows call it. */
const snake = (key: string) => key.replace(/([a-z\d])([A-Z])/g, '$1_$2').toLowerCase();

/**
 * The German label of a field named in a record's history (`entityType` e.g. 'facility', 'person'); an unknown
 * name (a newer server) shows as sent.
 */
export function fieldLabel(key: string, entityType?: string): string {
  const field = snake(key);
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
