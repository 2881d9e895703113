import { z } from 'zod';
import { actorSchema, auditEntrySchema, isoTimestampSchema, requiredText, versionSchema } from './common';
import { listPageSchemaOf } from './list-query';
import { enrolmentStates, enrolmentStateSchema, isoDateSchema, seasonSchema } from './season';

/** a date the calendar has (2026-02-30 passes the YYYY-MM-DD pattern but would fail in the database) */
const calendarDate = z.string().check((ctx) => {
  const parsed = isoDateSchema.safeParse(ctx.value);
  const d = new Date(`${ctx.value}T00:00:00Z`);
  if (!parsed.success || Number.isNaN(d.getTime()) || d.toISOString().slice(0, 10) !== ctx.value) {
    ctx.issues.push({ code: 'custom', message: 'Dieses Datum gibt es nicht. Bitte gib ein Datum im Format TT.MM.JJJJ an.', input: ctx.value });
  }
});
const optionalDate = z.nullable(calendarDate).default(null);

/** POST /api/admin/seasons and PUT /api/admin/seasons/{seasonId} (with version) */
const seasonFields = z.object({
  identifier: z
    .string({ error: 'Bitte gib die Kennung an (z. B. 2026-27).' })
    .trim()
    .regex(/^\d{4}-\d{2}$/, 'Die Kennung hat die Form JJJJ-JJ, z. B. 2026-27.'),
  label: requiredText('die Bezeichnung', 100),
  startDate: optionalDate,
  endDate: optionalDate,
  enrolment_state: z.enum(enrolmentStates).default('closed'),
  enrolmentOpensOn: optionalDate,
  enrolmentDeadline: optionalDate,
  allow_documentation: z.boolean().default(false),
  documentationDeadline: optionalDate,
  teamWorkshopDeadline: optionalDate,
  trainingsDeadline: optionalDate,
  hospitationDeadline: optionalDate,
  juryDate: optionalDate,
  awardDate: optionalDate,
});
const endAfterStart = (s: { startDate: string | null; endDate: string | null }) => !s.startDate || !s.endDate || s.startDate <= s.endDate;
const endAfterStartIssue = { message: 'Das Ende liegt vor dem Beginn.', path: ['endDate'] };
export const seasonInputSchema = seasonFields.refine(endAfterStart, endAfterStartIssue);
export const seasonUpdateSchema = seasonFields.extend({ version: versionSchema }).refine(endAfterStart, endAfterStartIssue);

/** PUT /api/admin/seasons/{seasonId}/enrolment-state: open or close enrolment */
export const enrolmentStateInputSchema = z.object({ enrolment_state: enrolmentStateSchema, version: versionSchema });

export const adminSeasonSchema = z.object({
  ...seasonSchema.shape,
  enrolmentOpensOn: z.nullable(isoDateSchema),
  teamWorkshopDeadline: z.nullable(isoDateSchema),
  trainingsDeadline: z.nullable(isoDateSchema),
  hospitationDeadline: z.nullable(isoDateSchema),
  juryDate: z.nullable(isoDateSchema),
  awardDate: z.nullable(isoDateSchema),
  enrolledCount: z.number().int(),
  createdAt: isoTimestampSchema,
  updatedAt: isoTimestampSchema,
  updatedBy: actorSchema,
  version: z.number().int(),
});
/** GET /api/admin/seasons: a page of the list contract `adminSeasonList` */
export const adminSeasonPageSchema = listPageSchemaOf(adminSeasonSchema);

/** GET /api/admin/seasons/choices: every season as a choice (filters, the current season), newest first, not paged */
export const seasonChoiceSchema = z.object({ id: z.number().int(), identifier: z.string(), label: z.string(), isCurrent: z.boolean() });
export const seasonChoiceListSchema = z.object({ items: z.array(seasonChoiceSchema) });

/** GET /api/admin/seasons/{seasonId}/stats: enrolled KiTas at a glance */
export const seasonStatsSchema = z.object({
  seasonId: z.number().int(),
  enrolled: z.number().int(),
  withdrawn: z.number().int(),
  byRegion: z.array(z.object({ region: z.string(), count: z.number().int() })),
  byKind: z.array(z.object({ kind: z.string(), count: z.number().int() })),
});

/** GET /api/admin/seasons/{seasonId}/history: the season's audit entries, newest first */
export const seasonHistorySchema = z.object({ items: z.array(auditEntrySchema) });

export type SeasonInput = z.input<typeof seasonInputSchema>;
export type AdminSeason = z.infer<typeof adminSeasonSchema>;
export type SeasonStats = z.infer<typeof seasonStatsSchema>;
export type SeasonChoice = z.infer<typeof seasonChoiceSchema>;
