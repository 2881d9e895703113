import { and, eq, isNull, sql } from 'drizzle-orm';
import { facilities, facilityMembers } from '../modules/facilities/facilities.table';
import { seasons } from '../modules/seasons/seasons.table';
import { teamWorkshopApplications as twa } from '../modules/team-workshops/team-workshops.table';
import type { Tx } from './client';

/**
 * SPEC §7: a team-workshop application per state across demo KiTas (never the KiTa of eine-kita@, which applies
 * in the e2e suite). Found by KiTa + season, brought to the demo state: running it twice changes nothing.
 */
export const demoTeamWorkshops = [
  {
    facility: 'Kinderhaus Sonnenschein',
    season: '2026-27',
    state: 'submitted' as const,
    dates: ['2027-02-10', '2027-02-17', '2027-03-03'],
    participants: 12,
    topics: 'Gärtnern mit Kindern, Kompost',
    comment: '',
    scheduledAt: null,
  },
  {
    facility: 'Kindertagesstätte Zauberwald',
    season: '2026-27',
    state: 'accepted' as const,
    dates: ['2027-03-12'],
    participants: 18,
    topics: 'Wildbienen und Blühwiesen',
    comment: 'Wir melden uns wegen des Termins.',
    scheduledAt: null,
  },
  {
    facility: 'Haus für Kinder Regenbogen',
    season: '2026-27',
    state: 'scheduled' as const,
    dates: ['2027-03-04', '2027-03-11'],
    participants: 9,
    topics: 'Müll vermeiden im KiTa-Alltag',
    comment: '',
    scheduledAt: new Date('2027-03-04T08:00:00Z'),
  },
  {
    facility: 'Waldkindergarten Isarauen',
    season: '2025-26',
    state: 'declined' as const,
    dates: ['2026-03-05'],
    participants: 6,
    topics: 'Wald im Winter',
    comment: 'Im KiTa-Jahr 2025/26 waren alle Termine vergeben.',
    scheduledAt: null,
  },
];

/** the KiTa of eine-kita@demo.example has no application (the e2e suite applies with it) */
const withoutApplication = 'Kinderhaus Pegnitzwiese';

export async function seedDemoTeamWorkshops(tx: Tx) {
  const [clean] = await tx.select({ id: facilities.id }).from(facilities).where(eq(facilities.label, withoutApplication)).limit(1);
  if (clean)
    await tx
      .update(twa)
      .set({ withdrawnAt: new Date() })
      .where(and(eq(twa.facilityId, clean.id), isNull(twa.withdrawnAt)));
  for (const d of demoTeamWorkshops) {
    const [f] = await tx.select({ id: facilities.id }).from(facilities).where(eq(facilities.label, d.facility)).limit(1);
    const [s] = await tx.select({ id: seasons.id }).from(seasons).where(eq(seasons.identifier, d.season)).limit(1);
    if (!f || !s) throw new Error(`Demo team workshop names unknown KiTa ${d.facility} or season ${d.season}`);
    const [member] = await tx.select({ userId: facilityMembers.userId }).from(facilityMembers).where(eq(facilityMembers.facilityId, f.id)).limit(1);
    const values = {
      preferredDate1: d.dates[0]!,
      preferredDate2: d.dates[1] ?? null,
      preferredDate3: d.dates[2] ?? null,
      participantCount: d.participants,
      topicWishes: d.topics,
      remarks: '',
      state: d.state,
      scheduledAt: d.scheduledAt,
      decisionComment: d.comment,
      decidedAt: d.state === 'submitted' ? null : new Date('2026-11-02T10:00:00Z'),
    };
    const [existing] = await tx
      .select({ id: twa.id })
      .from(twa)
      .where(and(eq(twa.facilityId, f.id), eq(twa.seasonId, s.id), isNull(twa.withdrawnAt)))
      .limit(1);
    if (existing) {
      await tx
        .update(twa)
        .set({ ...values, version: sql`${twa.version}` })
        .where(eq(twa.id, existing.id));
    } else {
      const by = member?.userId ?? null;
      await tx
        .insert(twa)
        .values({ ...values, facilityId: f.id, seasonId: s.id, createdBy: by, updatedBy: by, createdAt: new Date('2026-10-20T07:30:00Z') });
    }
  }
}
