import { z } from 'zod';

/** POST /api/admin/seasons/{seasonId}/prepare-next (SPEC §9) */
export const prepareNextInputSchema = z.object({ dryRun: z.boolean().default(false) });

const counts = z.object({
  offerings: z.number().int(),
  awardingEvents: z.number().int(),
  workshops: z.number().int(),
  templates: z.number().int(),
});

export const prepareNextAnswerSchema = z.object({
  /** the next season's identifier (`2027-28`) */
  season: z.string(),
  /** true when the next season itself is (or, in a dry run, would be) created by this run */
  seasonCreated: z.boolean(),
  seasonStartDate: z.string().nullable(),
  seasonEndDate: z.string().nullable(),
  dryRun: z.boolean(),
  created: counts,
  skipped: counts,
  /** a few copied dates with where they move (ISO instants) */
  examples: z.array(
    z.object({
      kind: z.enum(['training', 'hospitation', 'awarding', 'awarding_event']),
      title: z.string(),
      from: z.string(),
      to: z.string(),
    }),
  ),
});
export type PrepareNextAnswer = z.infer<typeof prepareNextAnswerSchema>;
