import { z } from 'zod';

export const enrolmentStates = ['closed', 'open'] as const;
export const enrolmentStateSchema = z.enum(enrolmentStates);

/** ISO calendar date `YYYY-MM-DD`. */
export const isoDateSchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Bitte gib ein Datum im Format TT.MM.JJJJ an.');

export const seasonSchema = z.object({
  id: z.number().int(),
  identifier: z.string(),
  label: z.string(),
  start_date: isoDateSchema.nullable(),
  end_date: isoDateSchema.nullable(),
  enrolment_state: enrolmentStateSchema.default('closed'),
  enrolment_deadline: isoDateSchema.nullable(),
  allow_documentation: z.boolean(),
  documentation_deadline: isoDateSchema.nullable(),
  is_current: z.boolean(),
});

export type Season = z.infer<typeof seasonSchema>;
