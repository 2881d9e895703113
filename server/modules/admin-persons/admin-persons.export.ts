import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { z } from 'zod';
import type { AdminPersonListItem, adminPersonListQuerySchema } from '../../../src/shared/contracts/admin-persons';
import type { DbOrTx } from '../../db/client';
import { csvExcel, type Column } from '../../lib/export-format';
import { xlsxStream } from '../../lib/xlsx-stream';
import { adminPersonPage } from './admin-persons.service';

type Query = z.infer<typeof adminPersonListQuerySchema>;

const columns: Column<AdminPersonListItem>[] = [
  { header: 'Art', value: (r) => (r.kind === 'person' ? 'Personal' : 'Benutzerkonto') },
  { header: 'Vorname', value: (r) => r.first_name },
  { header: 'Nachname', value: (r) => r.last_name },
  { header: 'E-Mail', value: (r) => r.email, width: 30 },
  { header: 'Funktion', value: (r) => r.position },
  { header: 'KiTa', value: (r) => r.facility_label, width: 36 },
  { header: 'Benutzerkonto', value: (r) => r.user_id !== null },
  { header: 'Konto aktiv', value: (r) => r.account_active },
  { header: 'Admin', value: (r) => r.is_admin },
  { header: 'Entfernt am', value: (r) => (r.removed_at ? new Date(r.removed_at) : null), kind: 'datetime' },
  { header: 'Angelegt am', value: (r) => new Date(r.created_at), kind: 'datetime' },
];

/** the filtered list in pages of 1,000, for streamed exports */
async function* batches(db: DbOrTx, q: Query) {
  for (let page = 1; ; page++) {
    const { items } = await adminPersonPage(db, { ...q, page, pageSize: 1000 });
    if (items.length > 0) yield items;
    if (items.length < 1000) return;
  }
}

const stamp = () => new Date().toISOString().slice(0, 10);

export function sendPersonExport(reply: FastifyReply, db: DbOrTx, q: Query, format: 'csv' | 'xlsx') {
  reply.header('cache-control', 'no-store').header('content-disposition', `attachment; filename="personen-${stamp()}.${format}"`);
  if (format === 'csv') return reply.header('content-type', 'text/csv; charset=utf-8').send(Readable.from(csvExcel(columns, batches(db, q))));
  const stream = xlsxStream('Personen', columns, batches(db, q), (err) => reply.log.error({ err }, 'xlsx export failed'));
  return reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(stream);
}
