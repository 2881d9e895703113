import { z } from 'zod/mini';

/** Public, non-secret configuration the SPA needs (support contact of seed §8, programme name, legal pages, version). */
export const publicConfigSchema = z.object({
  programmeName: z.string(),
  supportEmail: z.string(),
  supportPhone: z.string(),
  /** BITV 2.0 §7 and the imprint duty: external pages when configured, else null (the portal's own page, none for the imprint) */
  imprintUrl: z.nullable(z.string()),
  privacyUrl: z.nullable(z.string()),
  accessibilityUrl: z.nullable(z.string()),
  /** feedback contact of the accessibility statement (an e-mail address or other contact text) */
  accessibilityContact: z.string(),
  version: z.string(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;
