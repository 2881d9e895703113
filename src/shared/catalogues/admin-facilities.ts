import { moduleCatalogue } from './kit';

/** server/modules/admin-facilities: its errors, its audit actions with their German names, the records its audit rows point at */
export const adminFacilities = moduleCatalogue({
  audit: {
    'facility.admin_update': 'Stammdaten geändert (Verwaltung)',
    'facility.merge_into': 'Duplikat hierher zusammengeführt',
    'facility.merged_away': 'In andere KiTa zusammengeführt',
  },
});
