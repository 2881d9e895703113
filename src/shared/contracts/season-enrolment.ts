import { z } from 'zod';
import { actorSchema, idField, isCleanText, isoTimestampSchema, optionalText, textCharsMessage, versionParam, versionSchema } from './common';
import { projectTopics } from './facility-lists';
import { isoDateSchema, seasonSchema } from './season';

/** PUT /api/facilities/{id}/season-enrolment: creates the enrolment to the current season or changes it */
export const seasonEnrolmentInputSchema = z.object({
  projectTopics: z
    .array(z.enum(projectTopics, { error: 'Bitte wähle Themen aus der Liste.' }), { error: 'Bitte wähle mindestens ein Thema.' })
    .min(1, 'Bitte wähle mindestens ein Thema.')
    .max(projectTopics.length, 'Bitte wähle jedes Thema nur einmal.')
    .refine((a) => new Set(a).size === a.length, 'Bitte wähle jedes Thema nur einmal.'),
  projectTitle: z
    .string({ error: 'Bitte gib einen Arbeitstitel für euer Projekt an.' })
    .trim()
    .min(3, 'Bitte gib einen Arbeitstitel für euer Projekt an (mindestens 3 Zeichen).')
    .max(200, 'Höchstens 200 Zeichen.')
    .refine((v) => isCleanText(v), textCharsMessage),
  contactPersonId: idField('Bitte wähle eine Ansprechperson aus eurem Personal.'),
  groupsTakingPart: optionalText(500, { multiline: true }),
  childrenTakingPart: z
    .number({ error: 'Bitte gib die Zahl der teilnehmenden Kinder an.' })
    .int('Bitte gib eine ganze Zahl an.')
    .min(0, 'Die Zahl der Kinder darf nicht negativ sein.')
    .max(10_000, 'Diese Zahl ist zu groß.'),
  acceptedTerms: z.literal(true, { error: 'Bitte akzeptiere die Teilnahmebedingungen.' }),
  /** required when changing an existing enrolment; absent when enrolling */
  version: versionSchema.optional(),
});

export const seasonEnrolmentSchema = z.object({
  id: z.number().int(),
  facilityId: z.number().int(),
  seasonId: z.number().int(),
  projectTopics: z.array(z.string()),
  projectTitle: z.string(),
  contactPersonId: z.number().int().nullable(),
  contactPersonName: z.string().nullable(),
  groupsTakingPart: z.string(),
  childrenTakingPart: z.number().int().nullable(),
  acceptedTermsAt: isoTimestampSchema.nullable(),
  createdAt: isoTimestampSchema,
  createdBy: actorSchema,
  updatedAt: isoTimestampSchema,
  updatedBy: actorSchema,
  withdrawnAt: isoTimestampSchema.nullable(),
  version: z.number().int(),
});

/**
 * GET /api/facilities/{id}/season-enrolment: the current season, the live enrolment (or null) and whether it
 * may be created/changed now; `message` says why not in German (closed, deadline passed, no current season).
 */
export const seasonEnrolmentStatusSchema = z.object({
  season: z.nullable(seasonSchema),
  enrolment: seasonEnrolmentSchema.nullable(),
  canChange: z.boolean(),
  message: z.string().nullable(),
});

/** DELETE answers the status after withdrawing */
export const withdrawQuerySchema = z.object({ version: versionParam.optional() });

/** `certificate`: only once the KiTa's Urkunde of the season is issued (issue 37) */
export const checklistStepKeys = ['enrolment', 'team_workshop', 'trainings', 'hospitation', 'documentation', 'jury', 'award', 'certificate'] as const;
/**
 * done, open (now possible), closed, upcoming, missed (deadline passed); booked / waitlisted (a date of the programme,
 * not yet attended), inReview (the form lies with the jury), declined (the jury rejected the form)
 */
export const checklistStepStates = ['done', 'open', 'closed', 'upcoming', 'missed', 'booked', 'waitlisted', 'inReview', 'declined'] as const;

/** GET /api/facilities/{id}/season-checklist: the steps of the current season for the home page */
export const seasonChecklistSchema = z.object({
  season: z.nullable(seasonSchema),
  steps: z.array(
    z.object({
      key: z.enum(checklistStepKeys),
      label: z.string(),
      state: z.enum(checklistStepStates),
      /** German one-liner, e.g. "Angemeldet am 03.11.2026", "Gebucht für Di., 10.02.2027, 09:00 Uhr" */
      detail: z.string().nullable(),
      deadline: z.nullable(isoDateSchema),
      /** the page of the step (every step has one; null is kept for older servers) */
      path: z.string().nullable(),
    }),
  ),
});

export type SeasonEnrolmentInput = z.input<typeof seasonEnrolmentInputSchema>;
export type SeasonEnrolment = z.infer<typeof seasonEnrolmentSchema>;
export type SeasonEnrolmentStatus = z.infer<typeof seasonEnrolmentStatusSchema>;
export type SeasonChecklist = z.infer<typeof seasonChecklistSchema>;
