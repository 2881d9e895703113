import { berlinToday } from '../berlin-date';
import { z } from 'zod';
import { teamWorkshopStates } from './admin-team-workshop-list';
import { listPageSchemaOf } from './list-query';
import {
  actorSchema,
  auditEntrySchema,
  isCleanText,
  isoTimestampSchema,
  optionalText,
  postalCodeSchema,
  textCharsMessage,
  versionParam,
  versionSchema,
} from './common';

/** Issue 11: a KiTa's application for an in-house team workshop (one live application per KiTa and season). */
export { teamWorkshopStates };
export type TeamWorkshopState = (typeof teamWorkshopStates)[number];
/** SPEC §6: states written out in German */
export const teamWorkshopStateLabels: Record<TeamWorkshopState, string> = {
  submitted: 'eingereicht',
  accepted: 'angenommen',
  declined: 'abgelehnt',
  scheduled: 'terminiert',
};

/** "terminiert am 04.03.2027, 09:00 Uhr" or the state's German word; the caller brings its date-time format */
export const teamWorkshopStateText = (a: { state: TeamWorkshopState; scheduledAt: string | null }, formatDateTime: (iso: string) => string) =>
  a.state === 'scheduled' && a.scheduledAt ? `terminiert am ${formatDateTime(a.scheduledAt)}` : teamWorkshopStateLabels[a.state];

export const MAX_PREFERRED_DATES = 3;
export const MAX_PARTICIPANTS = 200;

const isRealDate = (v: string) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const d = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v;
};

/** the first problem of the preferred dates, in German; null when they are fine (on the list: the form shows one message) */
function preferredDatesProblem(dates: string[]): string | null {
  if (dates.some((v) => !isRealDate(v))) return 'Bitte gib ein Datum im Format TT.MM.JJJJ an.';
  if (dates.some((v) => v <= berlinToday())) return 'Wunschtermine müssen in der Zukunft liegen.';
  if (dates.some((v) => v >= '2100-01-01')) return 'Dieses Datum liegt zu weit in der Zukunft.';
  if (new Set(dates).size !== dates.length) return 'Bitte gib jeden Wunschtermin nur einmal an.';
  return null;
}

const addressText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, `Höchstens ${max} Zeichen.`)
    .refine((v) => isCleanText(v), textCharsMessage)
    .default('');

/**
 * POST (apply) and PUT (change while `submitted`, with `version`) /api/facilities/{id}/team-workshop-applications.
 * The address is only given when the workshop takes place somewhere else than the KiTa's own address.
 */
export const teamWorkshopInputSchema = z
  .object({
    preferredDates: z
      .array(z.string({ error: 'Bitte gib ein Datum im Format TT.MM.JJJJ an.' }).max(10, 'Bitte gib ein Datum im Format TT.MM.JJJJ an.'), {
        error: 'Bitte gib mindestens einen Wunschtermin an.',
      })
      .min(1, 'Bitte gib mindestens einen Wunschtermin an.')
      .max(MAX_PREFERRED_DATES, `Höchstens ${MAX_PREFERRED_DATES} Wunschtermine.`)
      .superRefine((dates, ctx) => {
        const problem = preferredDatesProblem(dates);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
    participantCount: z
      .number({ error: 'Bitte gib die Zahl der Teilnehmenden an.' })
      .int('Bitte gib eine ganze Zahl an.')
      .min(1, 'Mindestens eine Person nimmt teil.')
      .max(MAX_PARTICIPANTS, `Höchstens ${MAX_PARTICIPANTS} Teilnehmende.`),
    topicWishes: optionalText(2000, { multiline: true }),
    addressDiffers: z.boolean({ error: 'Bitte gib an, ob die Adresse abweicht.' }).default(false),
    street: addressText(200),
    postalCode: z.string().trim().max(5, 'Die Postleitzahl hat genau 5 Ziffern.').default(''),
    city: addressText(100),
    remarks: optionalText(2000, { multiline: true }),
    /** required when changing; absent when applying */
    version: versionSchema.optional(),
  })
  .superRefine((v, ctx) => {
    if (!v.addressDiffers) return;
    // validated like a KiTa's address (facilities contract)
    if (v.street === '') ctx.addIssue({ code: 'custom', path: ['street'], message: 'Bitte gib Straße und Hausnummer an.' });
    const postal = postalCodeSchema.safeParse(v.postalCode);
    if (!postal.success)
      ctx.addIssue({ code: 'custom', path: ['postalCode'], message: postal.error.issues[0]?.message ?? 'Die Postleitzahl hat genau 5 Ziffern.' });
    if (v.city === '') ctx.addIssue({ code: 'custom', path: ['city'], message: 'Bitte gib den Ort an.' });
  });

export const teamWorkshopAddressSchema = z.object({ street: z.string(), postalCode: z.string(), city: z.string() });

export const teamWorkshopApplicationSchema = z.object({
  id: z.number().int(),
  facilityId: z.number().int(),
  seasonId: z.number().int(),
  seasonLabel: z.string(),
  preferredDates: z.array(z.string()),
  participantCount: z.number().int(),
  topicWishes: z.string(),
  /** null: at the KiTa's own address */
  address: teamWorkshopAddressSchema.nullable(),
  remarks: z.string(),
  state: z.enum(teamWorkshopStates),
  /** set when scheduled */
  scheduledAt: isoTimestampSchema.nullable(),
  decisionComment: z.string(),
  decidedAt: isoTimestampSchema.nullable(),
  createdAt: isoTimestampSchema,
  createdBy: actorSchema,
  updatedAt: isoTimestampSchema,
  updatedBy: actorSchema,
  withdrawnAt: isoTimestampSchema.nullable(),
  version: z.number().int(),
});

/** GET: the live application of the current season (or null), whether it may be created/changed now and why not */
export const teamWorkshopStatusSchema = z.object({
  season: z.object({ id: z.number().int(), label: z.string(), deadline: z.string().nullable() }).nullable(),
  application: teamWorkshopApplicationSchema.nullable(),
  canChange: z.boolean(),
  /** German: why no change is possible (decided, deadline passed, no season) */
  message: z.string().nullable(),
});

/** DELETE …?version= withdraws the undecided application */
export const teamWorkshopWithdrawQuerySchema = z.object({ version: versionParam });

// ---------------------------------------------------------------- admin

export const teamWorkshopDecisions = ['accept', 'decline', 'schedule'] as const;

/**
 * POST /api/admin/team-workshop-applications/{applicationId}/decision. Decline needs a comment (the KiTa reads it),
 * schedule a date and time (ISO with offset); accept may carry a comment.
 */
export const teamWorkshopDecisionSchema = z
  .object({
    decision: z.enum(teamWorkshopDecisions, { error: 'Bitte wähle eine Entscheidung.' }),
    comment: optionalText(2000, { multiline: true }),
    scheduledAt: z.iso.datetime({ offset: true, error: 'Bitte gib Datum und Uhrzeit des Termins an.' }).optional(),
    version: versionSchema,
  })
  .superRefine((v, ctx) => {
    if (v.decision === 'decline' && v.comment === '') {
      ctx.addIssue({ code: 'custom', path: ['comment'], message: 'Bitte begründe die Ablehnung; die KiTa liest den Kommentar.' });
    }
    if (v.decision === 'schedule') {
      if (!v.scheduledAt) ctx.addIssue({ code: 'custom', path: ['scheduledAt'], message: 'Bitte gib Datum und Uhrzeit des Termins an.' });
      else if (new Date(v.scheduledAt).getTime() <= Date.now())
        ctx.addIssue({ code: 'custom', path: ['scheduledAt'], message: 'Der Termin muss in der Zukunft liegen.' });
      else if (new Date(v.scheduledAt).getUTCFullYear() >= 2100)
        ctx.addIssue({ code: 'custom', path: ['scheduledAt'], message: 'Dieser Termin liegt zu weit in der Zukunft.' });
    }
  });

export const teamWorkshopFacilitySchema = z.object({
  id: z.number().int(),
  label: z.string(),
  street: z.string(),
  postalCode: z.string(),
  city: z.string(),
  region: z.string(),
});

/** a row of the admin list */
export const teamWorkshopListItemSchema = teamWorkshopApplicationSchema
  .pick({
    id: true,
    seasonId: true,
    seasonLabel: true,
    preferredDates: true,
    participantCount: true,
    state: true,
    scheduledAt: true,
    createdAt: true,
    version: true,
  })
  .extend({ facility: teamWorkshopFacilitySchema.pick({ id: true, label: true, city: true, region: true }) });

export const teamWorkshopPageSchema = listPageSchemaOf(teamWorkshopListItemSchema);

/** GET /api/admin/team-workshop-applications/{applicationId} */
export const teamWorkshopDetailSchema = z.object({
  application: teamWorkshopApplicationSchema,
  facility: teamWorkshopFacilitySchema,
  history: z.array(auditEntrySchema),
});

export type TeamWorkshopInput = z.input<typeof teamWorkshopInputSchema>;
export type TeamWorkshopApplication = z.infer<typeof teamWorkshopApplicationSchema>;
export type TeamWorkshopStatus = z.infer<typeof teamWorkshopStatusSchema>;
export type TeamWorkshopDecision = z.input<typeof teamWorkshopDecisionSchema>;
export type TeamWorkshopListItem = z.infer<typeof teamWorkshopListItemSchema>;
export type TeamWorkshopDetail = z.infer<typeof teamWorkshopDetailSchema>;
