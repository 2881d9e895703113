import { z } from 'zod';

/** SPEC §3: every failure answers with this body; the client shows `reason.message`. */
export const errorReasonSchema = z.object({
  message: z.string(),
  code: z.string(),
  fields: z.record(z.string(), z.string()).optional(),
});
export const errorBodySchema = z.object({ reason: errorReasonSchema });

export type ErrorReason = z.infer<typeof errorReasonSchema>;
export type ErrorBody = z.infer<typeof errorBodySchema>;
