import { z } from 'zod/mini';

/** SPEC §3: every failure answers with this body; the client shows `reason.message`. */
export const errorReasonSchema = z.object({
  message: z.string(),
  code: z.string(),
  fields: z.optional(z.record(z.string(), z.string())),
});
export const errorBodySchema = z.object({ reason: errorReasonSchema });

export type ErrorReason = z.infer<typeof errorReasonSchema>;
export type ErrorBody = z.infer<typeof errorBodySchema>;

// a route's error responses are derived from its access and schema: server/lib/route-builders.ts
