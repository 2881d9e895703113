/**
 * The fixed lists of SPEC §2 that forms offer and the server checks. Regions are data (a list here, text in SQL),
 * so adding one needs no migration.
 */
export const regions = ['Oberbayern', 'Niederbayern', 'Oberpfalz', 'Oberfranken', 'Mittelfranken', 'Unterfranken', 'Schwaben'] as const;

export const facilityKinds = ['Krippe', 'Kindergarten', 'Hort', 'Großtagespflege', 'Haus für Kinder'] as const;

export const operatorKinds = ['kommunal', 'kirchlich', 'frei gemeinnützig', 'privat', 'sonstige'] as const;

export const personPositions = ['Leitung', 'stellv. Leitung', 'pädagogische Fachkraft', 'Ergänzungskraft', 'Sonstige'] as const;

export const salutations = ['Frau', 'Herr', 'divers', 'keine Angabe'] as const;

/** project topics of the programme (SPEC intro); "Sonstiges" for anything else */
export const projectTopics = ['Ernährung', 'Abfall', 'Konsum', 'Artenvielfalt', 'Mobilität', 'Energie', 'Wasser', 'Klima', 'Sonstiges'] as const;

/** how an empty list value (a KiTa's kind or operator kind an import could not know) reads wherever it is shown */
export const notGiven = 'nicht angegeben';
export const shownOrNotGiven = (value: string) => value || notGiven;

/**
 * The master data a KiTa's record is incomplete without (issue 34: an import leaves empty what its file lacked).
 * The one rule: the admin list's filter "Stammdaten unvollständig" (server) and the detail's notice (client) read it.
 */
export const masterDataFields = ['kind', 'operatorKind', 'street', 'postalCode', 'city'] as const;
type MasterDataField = (typeof masterDataFields)[number];
export const masterDataLabels: Record<MasterDataField, string> = {
  kind: 'Art der Einrichtung',
  operatorKind: 'Trägerart',
  street: 'Straße',
  postalCode: 'PLZ',
  city: 'Ort',
};
/** the master data a KiTa lacks (an empty value), in the order of `masterDataFields` */
export const missingMasterData = (f: Record<MasterDataField, string>): MasterDataField[] => masterDataFields.filter((k) => f[k] === '');

export type Region = (typeof regions)[number];
export type FacilityKind = (typeof facilityKinds)[number];
export type OperatorKind = (typeof operatorKinds)[number];
export type PersonPosition = (typeof personPositions)[number];
export type Salutation = (typeof salutations)[number];
export type ProjectTopic = (typeof projectTopics)[number];

/** sort columns of the admin lists (here, without zod, because the lists' URL validation loads with every page) */
export const adminFacilitySortKeys = ['label', 'city', 'postalCode', 'region', 'kind', 'createdAt', 'updatedAt'] as const;
export const adminPersonSortKeys = ['lastName', 'firstName', 'email', 'position', 'facilityLabel', 'createdAt'] as const;
