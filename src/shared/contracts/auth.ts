import { z } from 'zod/mini';
import { seasonSchema } from './season';
import { isCleanText, textCharsMessage } from './text';

export const facilitySummarySchema = z.object({
  id: z.int(),
  label: z.string(),
  is_enrolled_to_cur_season: z.boolean(),
});

/** seed §3 + SPEC §3: the user as the client holds it next to the login status. */
export const userSchema = z.object({
  id: z.int(),
  is_admin: z.boolean(),
  /** issue 12: may review the documentation forms (/verwaltung/dokuboegen) without administering; additive to seed §3 */
  isJury: z.boolean(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  /** facilities by id (JSON object keys are strings) */
  facilities: z.record(z.string(), facilitySummarySchema),
  /** settings the user still has to decide: key → German label */
  missingSettings: z.record(z.string(), z.string()),
});

export const loginRequestSchema = z.object({
  email: z.string({ error: 'Bitte gib deine E-Mail-Adresse an.' }).check(
    z.trim(),
    z.minLength(1, 'Bitte gib deine E-Mail-Adresse an.'),
    z.maxLength(254, 'Die E-Mail-Adresse ist zu lang.'),
    z.refine((v) => isCleanText(v), textCharsMessage),
  ),
  password: z
    .string({ error: 'Bitte gib dein Passwort an.' })
    .check(z.minLength(1, 'Bitte gib dein Passwort an.'), z.maxLength(1024, 'Das Passwort ist zu lang.')),
  /** second factor, only when the server asked for it with `needs: "totp"` (accounts issue) */
  totp: z.optional(
    z.string().check(
      z.maxLength(64),
      z.refine((v) => isCleanText(v), textCharsMessage),
    ),
  ),
});

export const loginResponseSchema = z.object({
  success: z.boolean(),
  user: z.nullable(userSchema),
  curSeason: z.nullable(seasonSchema),
  msg: z.string(),
  needs: z.optional(z.enum(['totp', 'totp-setup'])),
  /** with needs 'totp-setup': the secret to scan (accounts issue) */
  totpSetup: z.optional(z.object({ secret: z.string(), otpauthUrl: z.string() })),
  /** once, right after the second factor was set up at login */
  recoveryCodes: z.optional(z.array(z.string())),
});

export const logoutResponseSchema = z.object({ success: z.boolean(), msg: z.string() });

export const loginStatusResponseSchema = z.object({
  loggedin: z.boolean(),
  user: z.nullable(userSchema),
  curSeason: z.nullable(seasonSchema),
});

export const pingRequestSchema = z.object({
  windowId: z.uuid({ error: 'Die Fenster-ID ist ungültig.' }),
});
export const pingResponseSchema = z.object({ loggedin: z.boolean(), version: z.string() });

export type FacilitySummary = z.infer<typeof facilitySummarySchema>;
export type User = z.infer<typeof userSchema>;
export type LoginRequest = z.infer<typeof loginRequestSchema>;
export type LoginResponse = z.infer<typeof loginResponseSchema>;
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;
export type LoginStatusResponse = z.infer<typeof loginStatusResponseSchema>;
export type PingRequest = z.infer<typeof pingRequestSchema>;
export type PingResponse = z.infer<typeof pingResponseSchema>;
