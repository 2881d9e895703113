import { and, eq, ilike, isNull, or } from 'drizzle-orm';
import { adminTeamWorkshopList } from '../../../src/shared/contracts/admin-team-workshop-list';
import { teamWorkshopListItemSchema, teamWorkshopStateLabels } from '../../../src/shared/contracts/team-workshops';
import { defineList, germanSort, type Cursor } from '../../lib/list-kit';
import { likePattern } from '../../lib/paging';
import { isoOrNull } from '../../lib/record-helpers';
import { facilities as f } from '../facilities/facilities.table';
import { seasons as s } from '../seasons/seasons.table';
import { preferredDatesOf } from './team-workshops.queries';
import { teamWorkshopApplications as twa, type TeamWorkshopRow } from './team-workshops.table';

type Row = { a: TeamWorkshopRow; kita: { label: string; postalCode: string; city: string; region: string }; seasonLabel: string };

/** /api/admin/team-workshop-applications and its exports: live applications with their KiTa (a read model, ADR 0009) */
export const adminTeamWorkshopListDef = defineList({
  contract: adminTeamWorkshopList,
  route: { url: '/api/admin/team-workshop-applications', access: 'admin', tags: ['admin team workshops'] },
  context: () => null,
  sort: {
    facility: germanSort(f.label),
    city: germanSort(f.city),
    region: f.region,
    season: s.startDate,
    state: twa.state,
    participants: twa.participantCount,
    scheduledAt: twa.scheduledAt,
    createdAt: twa.createdAt,
  },
  tieBreaker: twa.id,
  rows: (db, q, slice) => {
    const p = q.q ? likePattern(q.q) : undefined;
    const base = db
      .select({ a: twa, kita: { label: f.label, postalCode: f.postalCode, city: f.city, region: f.region }, seasonLabel: s.label, ...slice.columns })
      .from(twa)
      .innerJoin(f, eq(f.id, twa.facilityId))
      .innerJoin(s, eq(s.id, twa.seasonId))
      .where(
        and(
          isNull(twa.withdrawnAt),
          q.seasonId ? eq(twa.seasonId, q.seasonId) : undefined,
          q.state ? eq(twa.state, q.state) : undefined,
          q.region ? eq(f.region, q.region) : undefined,
          p ? or(ilike(f.label, p), ilike(f.city, p)) : undefined,
          slice.where,
        ),
      )
      .orderBy(...slice.orderBy)
      .offset(slice.offset);
    return (slice.limit ? base.limit(slice.limit) : base) as Promise<(Row & Cursor)[]>;
  },
  item: ({ a, kita, seasonLabel }: Row) => ({
    id: a.id,
    seasonId: a.seasonId,
    seasonLabel,
    preferredDates: preferredDatesOf(a),
    participantCount: a.participantCount,
    state: a.state,
    scheduledAt: isoOrNull(a.scheduledAt),
    createdAt: a.createdAt.toISOString(),
    version: a.version,
    facility: { id: a.facilityId, label: kita.label, city: kita.city, region: kita.region },
  }),
  itemSchema: teamWorkshopListItemSchema,
  export: {
    fileName: 'team-workshops',
    sheetName: 'Team-Workshops',
    columns: [
      { header: 'KiTa', value: (r: Row) => r.kita.label, width: 36 },
      { header: 'PLZ', value: (r) => r.kita.postalCode },
      { header: 'Ort der KiTa', value: (r) => r.kita.city },
      { header: 'Regierungsbezirk', value: (r) => r.kita.region },
      { header: 'KiTa-Jahr', value: (r) => r.seasonLabel },
      { header: 'Status', value: (r) => teamWorkshopStateLabels[r.a.state] },
      { header: 'Termin', value: (r) => r.a.scheduledAt, kind: 'datetime' },
      { header: 'Wunschtermin 1', value: (r) => r.a.preferredDate1, kind: 'date' },
      { header: 'Wunschtermin 2', value: (r) => r.a.preferredDate2, kind: 'date' },
      { header: 'Wunschtermin 3', value: (r) => r.a.preferredDate3, kind: 'date' },
      { header: 'Teilnehmende', value: (r) => r.a.participantCount, kind: 'number' },
      { header: 'Themenwünsche', value: (r) => r.a.topicWishes, width: 40 },
      {
        header: 'Abweichende Adresse',
        value: (r) => (r.a.addressStreet !== null ? `${r.a.addressStreet}, ${r.a.addressPostalCode} ${r.a.addressCity}` : ''),
        width: 36,
      },
      { header: 'Anmerkungen', value: (r) => r.a.remarks, width: 40 },
      { header: 'Kommentar zur Entscheidung', value: (r) => r.a.decisionComment, width: 40 },
      { header: 'Eingereicht am', value: (r) => r.a.createdAt, kind: 'datetime' },
    ],
  },
});
