import { z } from 'zod';

/** the kinds of dates in the programme, counted separately so each count links to its own admin list */
const perKind = z.object({ training: z.number().int(), hospitation: z.number().int(), awarding: z.number().int() });

/** the season dates the admin home watches (seasons table, issue 5's checklist steps) */
export const seasonDeadlineKinds = [
  'enrolmentOpensOn',
  'enrolmentDeadline',
  'teamWorkshopDeadline',
  'trainingsDeadline',
  'hospitationDeadline',
  'documentationDeadline',
  'juryDate',
  'awardDate',
] as const;

export const seasonDeadlineLabels: Record<(typeof seasonDeadlineKinds)[number], string> = {
  enrolmentOpensOn: 'Anmeldung öffnet',
  enrolmentDeadline: 'Anmeldeschluss',
  teamWorkshopDeadline: 'Frist Team-Workshops',
  trainingsDeadline: 'Frist Fortbildungen',
  hospitationDeadline: 'Frist Hospitationen',
  documentationDeadline: 'Abgabe Dokumentationsbögen',
  juryDate: 'Jurysitzung',
  awardDate: 'Auszeichnung',
};

/** how many days ahead the admin home looks for dates with free seats and for season deadlines */
export const WORK_LIST_SOON_DAYS = 14;
export const WORK_LIST_DEADLINE_DAYS = 30;

/**
 * GET /api/admin/work-list: what needs doing, for the admin home /verwaltung (issue 22). Counts only, each from one
 * query; the client links each to the admin list behind it.
 */
export const adminWorkListSchema = z.object({
  /** the current season, whose documentation forms and team-workshop applications are counted; null when none */
  currentSeason: z.object({ id: z.number().int(), identifier: z.string(), label: z.string() }).nullable(),
  /** join requests of users to existing KiTas, not yet decided */
  joinRequests: z.number().int(),
  /** the current season's forms submitted and not yet decided, and the jury's reviews of them */
  documentation: z.object({
    submitted: z.number().int(),
    /** reviews by jury members on those forms */
    juryReviews: z.number().int(),
    juryMembers: z.number().int(),
  }),
  /** team-workshop applications submitted and not yet accepted or declined (current season; all when none) */
  teamWorkshopsToDecide: z.number().int(),
  /** published dates still to come with at least one person on the waiting list */
  datesWithWaitlist: perKind,
  /** published dates starting within WORK_LIST_SOON_DAYS days that still have free seats */
  datesSoonWithFreeSeats: perKind,
  /** mails given up on in the last 24 hours */
  failedMails: z.number().int(),
  /**
   * the ActiveCampaign sync (issue 21): null while no connection is configured (saved settings or ACTIVECAMPAIGN_URL
   * and _KEY); else its newest run, null before the first
   */
  activeCampaign: z
    .object({
      lastRun: z
        .object({
          id: z.number().int(),
          state: z.enum(['running', 'finished', 'failed']),
          startedAt: z.string(),
          finishedAt: z.string().nullable(),
        })
        .nullable(),
    })
    .nullable(),
  /** season dates within the next WORK_LIST_DEADLINE_DAYS days, soonest first */
  deadlines: z.array(
    z.object({
      seasonIdentifier: z.string(),
      seasonLabel: z.string(),
      kind: z.enum(seasonDeadlineKinds),
      date: z.string(),
    }),
  ),
});
export type AdminWorkList = z.infer<typeof adminWorkListSchema>;
