import type { SeasonReport } from '../../shared/contracts/season-report';

const regions = ['Oberbayern', 'Niederbayern', 'Oberpfalz', 'Oberfranken', 'Mittelfranken', 'Unterfranken', 'Schwaben'];
const zeros = { dates: 0, held: 0, cancelled: 0, seats: 0, booked: 0, attended: 0, waitlisted: 0 };

/** A season report (issue 22) with something in every section: 12 KiTas in Oberbayern, 3 in Schwaben. */
export function seasonReport(overrides: Partial<SeasonReport> = {}): SeasonReport {
  const funnelRow = (region: string) =>
    region === 'Oberbayern'
      ? { region, enrolled: 12, submitted: 9, approved: 7, awarded: 7 }
      : region === 'Schwaben'
        ? { region, enrolled: 3, submitted: 1, approved: 0, awarded: 1 }
        : { region, enrolled: 0, submitted: 0, approved: 0, awarded: 0 };
  const reachRow = (region: string) =>
    region === 'Oberbayern'
      ? { region, facilities: 12, children: 1234, childrenMissing: 1, staff: 150, staffMissing: 0 }
      : region === 'Schwaben'
        ? { region, facilities: 3, children: null, childrenMissing: 3, staff: 20, staffMissing: 1 }
        : { region, facilities: 0, children: 0, childrenMissing: 0, staff: 0, staffMissing: 0 };
  const past = { dates: 4, held: 3, cancelled: 1, seats: 60, booked: 55, attended: 40, waitlisted: 6 };
  return {
    season: { identifier: '2026-27', label: 'KiTa-Jahr 2026/27', isCurrent: true },
    hasPortalData: true,
    funnel: { rows: regions.map(funnelRow), total: { enrolled: 15, submitted: 10, approved: 7, awarded: 8 } },
    facilities: {
      cells: [
        { kind: 'Kindergarten', operatorKind: 'kommunal', count: 10 },
        { kind: 'Krippe', operatorKind: 'kirchlich', count: 5 },
      ],
      enrolled: 15,
      new: 4,
      again: 11,
      awardedBefore: 6,
    },
    reach: {
      rows: regions.map(reachRow),
      total: { facilities: 15, children: 1234, childrenMissing: 4, staff: 170, staffMissing: 1 },
    },
    programme: {
      trainingsByModule: [{ moduleId: 1, title: 'Wasser erleben', ...past }],
      trainingsByRegion: regions.map((region) => ({ region, ...(region === 'Oberbayern' ? past : zeros) })),
      trainingsTotal: past,
      hospitationsByRegion: [...regions.map((region) => ({ region, ...zeros })), { region: '', ...zeros, dates: 2, seats: 6, booked: 5 }],
      hospitationsTotal: { ...zeros, dates: 2, seats: 6, booked: 5 },
    },
    teamWorkshops: {
      rows: [
        { state: 'submitted', applications: 2, participants: 25 },
        { state: 'accepted', applications: 1, participants: 12 },
        { state: 'declined', applications: 0, participants: 0 },
        { state: 'scheduled', applications: 3, participants: 40 },
      ],
      total: { applications: 6, participants: 77 },
    },
    awarding: {
      events: [
        {
          id: 5,
          title: 'Auszeichnung Süd',
          startsAt: '2027-07-03T08:00:00.000Z',
          region: 'Oberbayern',
          workshops: 2,
          seats: 40,
          booked: 31,
          attended: 0,
          waitlisted: 2,
          facilities: 9,
        },
      ],
      total: { workshops: 2, seats: 40, booked: 31, attended: 0, waitlisted: 2, facilities: 9 },
    },
    comparison: {
      seasons: [
        {
          identifier: '2024-25',
          label: 'KiTa-Jahr 2024/25',
          source: 'import',
          enrolled: 8,
          submitted: null,
          approved: null,
          awarded: 5,
          children: null,
        },
        {
          identifier: '2025-26',
          label: 'KiTa-Jahr 2025/26',
          source: 'none',
          enrolled: null,
          submitted: null,
          approved: null,
          awarded: null,
          children: null,
        },
        { identifier: '2026-27', label: 'KiTa-Jahr 2026/27', source: 'portal', enrolled: 15, submitted: 10, approved: 7, awarded: 8, children: 1234 },
      ],
    },
    ...overrides,
  };
}

/** a season before the portal: nothing in the portal, its imported history in the comparison */
export const importedSeasonReport = (): SeasonReport =>
  seasonReport({
    season: { identifier: '2024-25', label: 'KiTa-Jahr 2024/25', isCurrent: false },
    hasPortalData: false,
    funnel: null,
    facilities: null,
    reach: null,
    programme: null,
    teamWorkshops: null,
    awarding: null,
    comparison: {
      seasons: [
        {
          identifier: '2024-25',
          label: 'KiTa-Jahr 2024/25',
          source: 'import',
          enrolled: 8,
          submitted: null,
          approved: null,
          awarded: 5,
          children: null,
        },
      ],
    },
  });
