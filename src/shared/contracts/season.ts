// zod/mini (not classic zod) for every contract the first page loads: same schemas for the server, a fraction of
// the bytes for the browser (ledger 0008). Contracts of later pages may use classic zod.
import { z } from 'zod/mini';

export const enrolmentStates = ['closed', 'open'] as const;
export const enrolmentStateSchema = z.enum(enrolmentStates);

/** ISO calendar date `YYYY-MM-DD`. */
export const isoDateSchema = z.string().check(z.regex(/^\d{4}-\d{2}-\d{2}$/, 'Bitte gib ein Datum im Format TT.MM.JJJJ an.'));

export const seasonSchema = z.object({
  id: z.int(),
  identifier: z.string(),
  label: z.string(),
  startDate: z.nullable(isoDateSchema),
  endDate: z.nullable(isoDateSchema),
  enrolment_state: z._default(enrolmentStateSchema, 'closed'),
  enrolmentDeadline: z.nullable(isoDateSchema),
  allow_documentation: z.boolean(),
  documentationDeadline: z.nullable(isoDateSchema),
  isCurrent: z.boolean(),
});

export type Season = z.infer<typeof seasonSchema>;
