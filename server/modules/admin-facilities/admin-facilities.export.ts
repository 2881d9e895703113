import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { DbOrTx } from '../../db/client';
import { csvExcel, type Column } from '../../lib/export-format';
import { xlsxStream } from '../../lib/xlsx-stream';
import { adminFacilityBatches, type AdminFacilityListQuery, type AdminFacilityRow } from './admin-facilities.query';

export const facilityExportColumns: Column<AdminFacilityRow>[] = [
  { header: 'ID', value: (r) => r.f.id, kind: 'number', width: 8 },
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
];

const stamp = () => new Date().toISOString().slice(0, 10);

export function sendFacilityCsv(reply: FastifyReply, db: DbOrTx, q: AdminFacilityListQuery) {
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', `attachment; filename="kitas-${stamp()}.csv"`)
    .header('cache-control', 'no-store')
    .send(Readable.from(csvExcel(facilityExportColumns, adminFacilityBatches(db, q))));
}

export function sendFacilityXlsx(reply: FastifyReply, db: DbOrTx, q: AdminFacilityListQuery) {
  const stream = xlsxStream('KiTas', facilityExportColumns, adminFacilityBatches(db, q), (err) => reply.log.error({ err }, 'xlsx export failed'));
  return reply
    .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
    .header('content-disposition', `attachment; filename="kitas-${stamp()}.xlsx"`)
    .header('cache-control', 'no-store')
    .send(stream);
}
