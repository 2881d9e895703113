import type { FacilityField } from '../../../shared/contracts/facilities';

/** The German name of each master-data field: the form's labels, the details' labels and the history's field names. */
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

/** the label of a field the server named; an unknown name (a newer server) shows as sent */
export const facilityFieldLabel = (field: string): string => FACILITY_FIELD_LABELS[field as FacilityField] ?? field;
