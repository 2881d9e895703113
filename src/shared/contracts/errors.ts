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

/** Response schemas for a route's error statuses, all in the SPEC §3 shape: `errorResponses(400, 404, 409)`. */
export function errorResponses<const C extends readonly number[]>(...codes: C): { [K in C[number]]: typeof errorBodySchema } {
  return Object.fromEntries(codes.map((code) => [code, errorBodySchema])) as { [K in C[number]]: typeof errorBodySchema };
}
