import { and, eq, ilike, or } from 'drizzle-orm';
import { adminSeasonList } from '../../../src/shared/contracts/admin-season-list';
import { adminSeasonSchema } from '../../../src/shared/contracts/admin-seasons';
import { defineList, germanSort, sliceRows } from '../../lib/list-kit';
import { likePattern } from '../../lib/paging';
import { adminSeasonColumns, toAdminSeason, updater, type AdminSeasonRow } from './admin-seasons.service';
import { seasons } from './seasons.table';

/** /api/admin/seasons and its exports */
export const adminSeasonListDef = defineList({
  contract: adminSeasonList,
  route: { url: '/api/admin/seasons', access: 'admin', tags: ['admin seasons'] },
  context: () => null,
  sort: {
    identifier: seasons.identifier,
    label: germanSort(seasons.label),
    startDate: seasons.startDate,
    enrolment_state: seasons.enrolmentState,
    enrolledCount: adminSeasonColumns.n,
  },
  tieBreaker: seasons.id,
  rows: (db, q, s) => {
    const search = q.q ? likePattern(q.q) : null;
    const where = and(
      search ? or(ilike(seasons.identifier, search), ilike(seasons.label, search)) : undefined,
      q.enrolment_state ? eq(seasons.enrolmentState, q.enrolment_state) : undefined,
    );
    const query = db
      .select({ ...adminSeasonColumns, ...s.columns })
      .from(seasons)
      .leftJoin(updater.table, updater.on(seasons.updatedBy));
    return sliceRows(query.$dynamic(), s, where);
  },
  item: toAdminSeason,
  itemSchema: adminSeasonSchema,
  export: {
    fileName: 'kita-jahre',
    sheetName: 'KiTa-Jahre',
    columns: [
      { header: 'Kennung', value: (r: AdminSeasonRow) => r.s.identifier, kind: 'text', width: 10 },
      { header: 'Bezeichnung', value: (r) => r.s.label, width: 24 },
      { header: 'Beginn', value: (r) => r.s.startDate, kind: 'date' },
      { header: 'Ende', value: (r) => r.s.endDate, kind: 'date' },
      { header: 'Anmeldung', value: (r) => (r.s.enrolmentState === 'open' ? 'offen' : 'geschlossen') },
      { header: 'Anmeldung öffnet', value: (r) => r.s.enrolmentOpensOn, kind: 'date' },
      { header: 'Anmeldefrist', value: (r) => r.s.enrolmentDeadline, kind: 'date' },
      { header: 'Dokumentation erlaubt', value: (r) => r.s.allowDocumentation },
      { header: 'Dokumentationsfrist', value: (r) => r.s.documentationDeadline, kind: 'date' },
      { header: 'Angemeldete KiTas', value: (r) => Number(r.n), kind: 'number', width: 10 },
      { header: 'Aktuell', value: (r) => r.s.isCurrent },
      { header: 'Zuletzt geändert', value: (r) => r.s.updatedAt, kind: 'datetime' },
    ],
  },
});
