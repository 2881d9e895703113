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
  start_date: optionalDate,
  end_date: optionalDate,
  enrolment_state: z.enum(enrolmentStates).default('closed'),
  enrolment_opens_on: optionalDate,
  enrolment_deadline: optionalDate,
  allow_documentation: z.boolean().default(false),
  documentation_deadline: optionalDate,
  team_workshop_deadline: optionalDate,
  trainings_deadline: optionalDate,
  hospitation_deadline: optionalDate,
  jury_date: optionalDate,
  award_date: optionalDate,
});
const endAfterStart = (s: { start_date: string | null; end_date: string | null }) => !s.start_date || !s.end_date || s.start_date <= s.end_date;
const endAfterStartIssue = { message: 'Das Ende liegt vor dem Beginn.', path: ['end_date'] };
export const seasonInputSchema = seasonFields.refine(endAfterStart, endAfterStartIssue);
export const seasonUpdateSchema = seasonFields.extend({ version: versionSchema }).refine(endAfterStart, endAfterStartIssue);

/** PUT /api/admin/seasons/{seasonId}/enrolment-state: open or close enrolment */
export const enrolmentStateInputSchema = z.object({ enrolment_state: enrolmentStateSchema, version: versionSchema });

export const adminSeasonSchema = z.object({
  ...seasonSchema.shape,
  enrolment_opens_on: z.nullable(isoDateSchema),
  team_workshop_deadline: z.nullable(isoDateSchema),
  trainings_deadline: z.nullable(isoDateSchema),
  hospitation_deadline: z.nullable(isoDateSchema),
  jury_date: z.nullable(isoDateSchema),
  award_date: z.nullable(isoDateSchema),
  enrolled_count: z.number().int(),
  created_at: isoTimestampSchema,
  updated_at: isoTimestampSchema,
  updated_by: actorSchema,
  version: z.number().int(),
});
/** GET /api/admin/seasons: a page of the list contract `adminSeasonList` */
export const adminSeasonPageSchema = listPageSchemaOf(adminSeasonSchema);

/** GET /api/admin/seasons/choices: every season as a choice (filters, the current season), newest first, not paged */
export const seasonChoiceSchema = z.object({ id: z.number().int(), identifier: z.string(), label: z.string(), is_current: z.boolean() });
export const seasonChoiceListSchema = z.object({ items: z.array(seasonChoiceSchema) });

/** GET /api/admin/seasons/{seasonId}/stats: enrolled KiTas at a glance */
export const seasonStatsSchema = z.object({
  season_id: z.number().int(),
  enrolled: z.number().int(),
  withdrawn: z.number().int(),
  by_region: z.array(z.object({ region: z.string(), count: z.number().int() })),
  by_kind: z.array(z.object({ kind: z.string(), count: z.number().int() })),
});

/** GET /api/admin/seasons/{seasonId}/history: the season's audit entries, newest first */
export const seasonHistorySchema = z.object({ items: z.array(auditEntrySchema) });

export type SeasonInput = z.input<typeof seasonInputSchema>;
export type AdminSeason = z.infer<typeof adminSeasonSchema>;
export type SeasonStats = z.infer<typeof seasonStatsSchema>;
export type SeasonChoice = z.infer<typeof seasonChoiceSchema>;
