import { z } from 'zod';

/**
 * GET /api/admin/season-report/{seasonIdentifier} (issue 22): the season's figures for the funders' report. Each
 * figure is counted the way the admin list behind it counts (server/modules/season-report). A figure without data
 * behind it (a season before the portal, nothing imported) is `null` and reads "keine Daten", never 0; a section
 * the season has no portal data for is `null` as a whole.
 */

const count = z.number().int().nonnegative();
/** a count that may have no data behind it: null = "keine Daten" */
const figure = count.nullable();

/**
 * `2026-27`, as documentation-template.ts's seasonIdentifierSchema (same pattern and message): importing it from there
 * split the documentation contracts into one more chunk on the staff pages (npm run bench bundle)
 */
export const seasonReportParamsSchema = z.object({ seasonIdentifier: z.string().regex(/^\d{4}-\d{2}$/, 'Bitte wähle ein KiTa-Jahr.') });

/** the dates without a Regierungsbezirk (online dates) are grouped under this key */
export const NO_REGION = '';

/** enrolled → documentation submitted (returned, approved and rejected ones included) → approved → awarded */
const funnelFigures = { enrolled: count, submitted: count, approved: count, awarded: count };
const funnelSchema = z.object({
  rows: z.array(z.object({ region: z.string(), ...funnelFigures })),
  total: z.object(funnelFigures),
});

/** the live-enrolled KiTas by kind and operator kind (one cell per pair that occurs), new or again */
const facilitiesSchema = z.object({
  cells: z.array(z.object({ kind: z.string(), operatorKind: z.string(), count })),
  enrolled: count,
  /** no live enrolment in an earlier season of the portal and nothing imported for an earlier season */
  new: count,
  again: count,
  /** of those taking part again: awarded in an earlier season (the e-mail lists' criterion, imports included) */
  awardedBefore: count,
});

/** children from the enrolments, staff from the KiTas' own numbers; null when no KiTa of the row gave one */
const reachFigures = {
  facilities: count,
  children: figure,
  childrenMissing: count,
  staff: figure,
  staffMissing: count,
};
const reachSchema = z.object({
  rows: z.array(z.object({ region: z.string(), ...reachFigures })),
  total: z.object(reachFigures),
});

/** published dates (cancelled ones counted apart); seats, bookings and the waiting list of the published ones */
const programmeFigures = {
  dates: count,
  held: count,
  cancelled: count,
  seats: count,
  booked: count,
  attended: count,
  waitlisted: count,
};
const programmeFiguresSchema = z.object(programmeFigures);
export type ProgrammeFigures = z.infer<typeof programmeFiguresSchema>;
const programmeSchema = z.object({
  trainingsByModule: z.array(z.object({ moduleId: z.number().int(), title: z.string(), ...programmeFigures })),
  trainingsByRegion: z.array(z.object({ region: z.string(), ...programmeFigures })),
  trainingsTotal: programmeFiguresSchema,
  hospitationsByRegion: z.array(z.object({ region: z.string(), ...programmeFigures })),
  hospitationsTotal: programmeFiguresSchema,
});

export const teamWorkshopReportStates = ['submitted', 'accepted', 'declined', 'scheduled'] as const;
const teamWorkshopsSchema = z.object({
  rows: z.array(z.object({ state: z.enum(teamWorkshopReportStates), applications: count, participants: count })),
  total: z.object({ applications: count, participants: count }),
});

/** the published awarding events with their published workshops; the total counts a KiTa at two events once */
const awardingFigures = { workshops: count, seats: count, booked: count, attended: count, waitlisted: count, facilities: count };
const awardingSchema = z.object({
  events: z.array(z.object({ id: z.number().int(), title: z.string(), startsAt: z.string(), region: z.string().nullable(), ...awardingFigures })),
  total: z.object(awardingFigures),
});

/** where a season's figures come from: the portal's own data, a legacy import (years before the portal), or nothing */
export const reportSources = ['portal', 'import', 'none'] as const;
const comparisonSchema = z.object({
  seasons: z.array(
    z.object({
      identifier: z.string(),
      label: z.string(),
      source: z.enum(reportSources),
      enrolled: figure,
      submitted: figure,
      approved: figure,
      awarded: figure,
      children: figure,
    }),
  ),
});

export const seasonReportSchema = z.object({
  season: z.object({ identifier: z.string(), label: z.string(), isCurrent: z.boolean() }),
  /** false: the portal holds nothing of this season (the sections below are null) */
  hasPortalData: z.boolean(),
  funnel: funnelSchema.nullable(),
  facilities: facilitiesSchema.nullable(),
  reach: reachSchema.nullable(),
  programme: programmeSchema.nullable(),
  teamWorkshops: teamWorkshopsSchema.nullable(),
  awarding: awardingSchema.nullable(),
  /** this season and up to five before it, oldest first */
  comparison: comparisonSchema,
});
export type SeasonReport = z.infer<typeof seasonReportSchema>;
export type SeasonReportSection = Exclude<keyof SeasonReport, 'season' | 'hasPortalData'>;
