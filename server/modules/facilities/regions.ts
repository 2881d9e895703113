/** SPEC §2: the Bavarian Regierungsbezirke. A data list, not an enum in SQL, so adding one needs no migration. */
export const regions = [
  'Oberbayern',
  'Niederbayern',
  'Oberpfalz',
  'Oberfranken',
  'Mittelfranken',
  'Unterfranken',
  'Schwaben',
] as const;

export const facilityKinds = ['Krippe', 'Kindergarten', 'Hort', 'Großtagespflege', 'Haus für Kinder'] as const;

export const operatorKinds = ['kommunal', 'kirchlich', 'frei gemeinnützig', 'privat', 'sonstige'] as const;

export type Region = (typeof regions)[number];
