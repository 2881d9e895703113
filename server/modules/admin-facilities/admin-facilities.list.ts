import { adminFacilityListItemSchema } from '../../../src/shared/contracts/admin-facilities';
import { adminFacilityList } from '../../../src/shared/contracts/admin-facility-list';
import { facilities } from '../facilities/facilities.table';
import { defineList } from '../../lib/list-kit';
import { adminFacilityPage, adminFacilityRows, sortColumns, toListItem, type AdminFacilityRow } from './admin-facilities.queries';

/** /api/admin/facilities: the page keeps its tuned prepared query; the exports read keyset batches of full rows */
export const adminFacilityListDef = defineList({
  contract: adminFacilityList,
  route: { url: '/api/admin/facilities', access: 'admin', tags: ['admin facilities'] },
  // the session lookup loaded the current season with the user: no query for it here
  context: ({ request }) => (request.userContext ? (request.userContext.curSeason?.id ?? null) : undefined),
  sort: sortColumns,
  tieBreaker: facilities.id,
  rows: adminFacilityRows,
  item: toListItem,
  itemSchema: adminFacilityListItemSchema,
  page: adminFacilityPage,
  export: {
    fileName: 'kitas',
    sheetName: 'KiTas',
    columns: [
      { header: 'ID', value: (r: AdminFacilityRow) => r.f.id, kind: 'number', width: 8 },
      { header: 'Name', value: (r) => r.f.label, width: 36 },
      { header: 'Art', value: (r) => r.f.kind },
      { header: 'Straße', value: (r) => r.f.street, width: 28 },
      { header: 'PLZ', value: (r) => r.f.postalCode, kind: 'text', width: 8 },
      { header: 'Ort', value: (r) => r.f.city },
      { header: 'Regierungsbezirk', value: (r) => r.f.region },
      { header: 'Träger', value: (r) => r.f.operatorName, width: 30 },
      { header: 'Trägerart', value: (r) => r.f.operatorKind },
      { header: 'Telefon', value: (r) => r.f.phone },
      { header: 'E-Mail', value: (r) => r.f.email, width: 30 },
      { header: 'Webseite', value: (r) => r.f.website, width: 30 },
      { header: 'Kinder', value: (r) => r.f.childrenCount, kind: 'number', width: 10 },
      { header: 'Mitarbeitende', value: (r) => r.f.staffCount, kind: 'number', width: 10 },
      { header: 'Mitglieder', value: (r) => r.membersCount, kind: 'number', width: 10 },
      { header: 'Personal', value: (r) => r.personsCount, kind: 'number', width: 10 },
      { header: 'Angemeldet', value: (r) => r.isEnrolled, width: 12 },
      { header: 'Angelegt am', value: (r) => r.f.createdAt, kind: 'datetime' },
      { header: 'Zuletzt geändert', value: (r) => r.f.updatedAt, kind: 'datetime' },
    ],
  },
});
