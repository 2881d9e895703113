import { z } from 'zod/mini';

/** Public, non-secret configuration the SPA needs (support contact of seed §8, programme name, version). */
export const publicConfigSchema = z.object({
  programmeName: z.string(),
  supportEmail: z.string(),
  supportPhone: z.string(),
  version: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
