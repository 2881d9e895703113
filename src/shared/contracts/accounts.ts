import { z } from 'zod';
import { seasonSchema } from './season';
import { userSchema } from './auth';
import { idParam, idSchema } from './common';
import { isCleanText, textCharsMessage } from './text';

/**
 * Accounts (issue 4): registration, activation, forgotten password, settings under /api/me, two-factor sign-in,
 * admin account calls. Length rules live here; the strength check (zxcvbn, German dictionaries) runs on the
 * server and answers per field like any other validation failure (`fields.password`).
 */

export const passwordRules = { min: 12, max: 128 } as const;

export const passwordMessages = {
  required: 'Bitte gib ein Passwort an.',
  tooShort: `Das Passwort muss mindestens ${passwordRules.min} Zeichen lang sein.`,
  tooLong: `Das Passwort darf höchstens ${passwordRules.max} Zeichen lang sein.`,
  weak: 'Dieses Passwort ist zu leicht zu erraten. Nimm besser mehrere Wörter oder eine längere Zeichenfolge.',
  containsPersonal: 'Das Passwort darf nicht deine E-Mail-Adresse oder deinen Namen enthalten.',
  mismatch: 'Die beiden Passwörter stimmen nicht überein.',
  currentWrong: 'Das aktuelle Passwort ist falsch.',
} as const;

export const newPasswordSchema = z
  .string({ error: passwordMessages.required })
  .min(1, passwordMessages.required)
  .min(passwordRules.min, passwordMessages.tooShort)
  .max(passwordRules.max, passwordMessages.tooLong)
  .refine((v) => isCleanText(v), textCharsMessage);

export const emailSchema = z
  .string({ error: 'Bitte gib deine E-Mail-Adresse an.' })
  .trim()
  .min(1, 'Bitte gib deine E-Mail-Adresse an.')
  .max(254, 'Die E-Mail-Adresse ist zu lang.')
  .refine((v) => isCleanText(v), textCharsMessage)
  .pipe(z.email({ error: 'Bitte gib eine gültige E-Mail-Adresse an.' }));

const nameSchema = (what: 'Vorname' | 'Nachname') =>
  z
    .string({ error: `Bitte gib deinen ${what}n an.` })
    .trim()
    .min(1, `Bitte gib deinen ${what}n an.`)
    .max(100, `Der ${what} ist zu lang (höchstens 100 Zeichen).`)
    .refine((v) => isCleanText(v), textCharsMessage);

/** 256-bit tokens travel base64url (43 characters); anything else is refused as malformed before a lookup */
export const accountTokenSchema = z
  .string({ error: 'Der Link ist unvollständig.' })
  .regex(/^[A-Za-z0-9_-]{43}$/, 'Der Link ist unvollständig oder beschädigt. Bitte kopiere ihn vollständig aus der E-Mail.');

/** a privacy policy's version label ("2026-01"), compared with the stored ones */
const policyVersionSchema = (message: string) =>
  z
    .string({ error: message })
    .min(1, message)
    .max(50, 'Die Version ist zu lang (höchstens 50 Zeichen).')
    .refine((v) => isCleanText(v), textCharsMessage);

/** the answer of every public flow that must not reveal whether an address exists */
export const messageResponseSchema = z.object({ msg: z.string() });

// ---------------------------------------------------------------- public flows (/api/auth/...)

/** POST /api/auth/register → 202 messageResponseSchema (same answer for a new and an existing address) */
export const registerRequestSchema = z
  .object({
    firstName: nameSchema('Vorname'),
    lastName: nameSchema('Nachname'),
    email: emailSchema,
    password: newPasswordSchema,
    passwordRepeat: z.string({ error: 'Bitte wiederhole das Passwort.' }).min(1, 'Bitte wiederhole das Passwort.'),
    /** the version the user saw and accepted (GET /api/privacy-policy) */
    privacyPolicyVersion: policyVersionSchema('Bitte akzeptiere die Datenschutzerklärung.'),
    acceptPrivacyPolicy: z.literal(true, { error: 'Bitte akzeptiere die Datenschutzerklärung.' }),
    newsletter: z.boolean().default(false),
  })
  .refine((b) => b.password === b.passwordRepeat, { path: ['passwordRepeat'], message: passwordMessages.mismatch });

/** GET /api/privacy-policy (public) → the version in force, or null before the first one is published */
export const privacyPolicyResponseSchema = z.object({
  version: z.string().nullable(),
  publishedAt: z.iso.datetime().nullable(),
});

/** POST /api/auth/activate. An account created by an admin has no password yet: then password + repeat are due. */
export const activateRequestSchema = z
  .object({
    token: accountTokenSchema,
    password: newPasswordSchema.optional(),
    passwordRepeat: z.string().optional(),
  })
  .refine((b) => b.password === undefined || b.password === b.passwordRepeat, { path: ['passwordRepeat'], message: passwordMessages.mismatch });

/** POST /api/auth/activation/resend and POST /api/auth/password/forgot → messageResponseSchema, always the same */
export const emailOnlyRequestSchema = z.object({ email: emailSchema });

/** POST /api/auth/password/reset → passwordResetResponseSchema (logs in unless a second factor is due) */
export const passwordResetRequestSchema = z
  .object({
    token: accountTokenSchema,
    password: newPasswordSchema,
    passwordRepeat: z.string({ error: 'Bitte wiederhole das Passwort.' }).min(1, 'Bitte wiederhole das Passwort.'),
  })
  .refine((b) => b.password === b.passwordRepeat, { path: ['passwordRepeat'], message: passwordMessages.mismatch });

export const passwordResetResponseSchema = z.object({
  msg: z.string(),
  /** false when the account signs in with a second factor: the page sends the user to /login */
  loggedin: z.boolean(),
  user: z.nullable(userSchema),
  curSeason: z.nullable(seasonSchema),
});

/** POST /api/auth/email-change/confirm (public: the link may be opened in another browser) → messageResponseSchema */
export const emailChangeConfirmRequestSchema = z.object({ token: accountTokenSchema });

export const tokenKinds = ['activation', 'password-reset', 'email-change'] as const;
export const tokenKindSchema = z.enum(tokenKinds, { error: 'Unbekannte Link-Art.' });

/** GET /api/auth/token-status?kind=&token= — lets a page explain a link before the user types anything */
export const tokenStatusQuerySchema = z.object({
  kind: tokenKindSchema,
  token: z
    .string()
    .max(200)
    .refine((v) => isCleanText(v), textCharsMessage),
});

export const tokenStates = ['valid', 'malformed', 'unknown', 'expired', 'used', 'deactivated'] as const;
export const tokenStatusResponseSchema = z.object({
  status: z.enum(tokenStates),
  /** German explanation for every state but valid */
  msg: z.string(),
  /** activation of an account created by an admin: the page asks for a password */
  needsPassword: z.boolean(),
});

// ---------------------------------------------------------------- two-factor sign-in (POST /api/login extension)

/**
 * POST /api/login keeps its shape. With a right password it may answer HTTP 401
 * `{success:false, msg, needs:'totp'}` (send again with `totp`: a 6-digit code or a recovery code) or
 * `{success:false, msg, needs:'totp-setup', totpSetup}` (admin without a second factor: scan, then send again with
 * `totp`). The successful set-up answers 200 with `recoveryCodes` once.
 */
export const totpSetupSchema = z.object({
  /** base32 secret for manual entry */
  secret: z.string(),
  /** otpauth:// URI for the QR code */
  otpauthUrl: z.string(),
});

export const totpCodeSchema = z
  .string({ error: 'Bitte gib den Code aus deiner Authenticator-App an.' })
  .trim()
  .regex(/^\d{6}$/, 'Der Code besteht aus 6 Ziffern.');

/** GET /api/me/totp */
export const totpStatusResponseSchema = z.object({
  enabled: z.boolean(),
  /** admins under ADMIN_TOTP=required cannot switch it off */
  required: z.boolean(),
  recoveryCodesLeft: z.number().int(),
});
/** POST /api/me/totp/setup → totpSetupSchema (nothing changes until enable) */
/** POST /api/me/totp/enable */
export const totpEnableRequestSchema = z.object({ code: totpCodeSchema });
export const recoveryCodesResponseSchema = z.object({ recoveryCodes: z.array(z.string()), msg: z.string() });
/** POST /api/me/totp/disable and POST /api/me/totp/recovery-codes need the password */
export const passwordConfirmRequestSchema = z.object({
  password: z.string({ error: 'Bitte gib dein Passwort an.' }).min(1, 'Bitte gib dein Passwort an.').max(1024),
});

// ---------------------------------------------------------------- settings (/api/me/...)

export const consentsSchema = z.object({
  privacyPolicyVersion: z.string().nullable(),
  privacyPolicyAcceptedAt: z.iso.datetime().nullable(),
  /** the version in force; differs from privacyPolicyVersion when a new one was published */
  currentPrivacyPolicyVersion: z.string().nullable(),
  /** null = not decided yet */
  newsletter: z.boolean().nullable(),
  newsletterDecidedAt: z.iso.datetime().nullable(),
});

/** GET /api/me/account and the answer of every settings write */
export const accountResponseSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isAdmin: z.boolean(),
  createdAt: z.iso.datetime(),
  lastLoginAt: z.iso.datetime().nullable(),
  /** a requested e-mail change waiting for confirmation */
  pendingEmail: z.string().nullable(),
  consents: consentsSchema,
  totp: totpStatusResponseSchema,
  missingSettings: z.record(z.string(), z.string()),
});

/** PATCH /api/me/profile */
export const profileUpdateRequestSchema = z.object({ firstName: nameSchema('Vorname'), lastName: nameSchema('Nachname') });

/** POST /api/me/email → messageResponseSchema (a link goes to the new address, a notice to the old one) */
export const emailChangeRequestSchema = z.object({
  newEmail: emailSchema,
  password: z.string({ error: 'Bitte gib dein Passwort an.' }).min(1, 'Bitte gib dein Passwort an.').max(1024),
});

/** POST /api/me/password → messageResponseSchema; other sessions end */
export const passwordChangeRequestSchema = z
  .object({
    currentPassword: z.string({ error: 'Bitte gib dein aktuelles Passwort an.' }).min(1, 'Bitte gib dein aktuelles Passwort an.').max(1024),
    password: newPasswordSchema,
    passwordRepeat: z.string({ error: 'Bitte wiederhole das Passwort.' }).min(1, 'Bitte wiederhole das Passwort.'),
  })
  .refine((b) => b.password === b.passwordRepeat, { path: ['passwordRepeat'], message: passwordMessages.mismatch });

/** PUT /api/me/consents → accountResponseSchema; give one or both */
export const consentsUpdateRequestSchema = z
  .object({
    newsletter: z.boolean().optional(),
    /** must be the version in force (else 409 policy_outdated) */
    acceptPrivacyPolicyVersion: policyVersionSchema('Bitte gib die Version der Datenschutzerklärung an.').optional(),
  })
  .refine((b) => b.newsletter !== undefined || b.acceptPrivacyPolicyVersion !== undefined, {
    path: ['_'],
    message: 'Bitte triff mindestens eine Entscheidung.',
  });

/** GET /api/me/sessions */
export const sessionInfoSchema = z.object({
  id: z.string(),
  current: z.boolean(),
  createdAt: z.iso.datetime(),
  lastSeenAt: z.iso.datetime(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export const sessionsResponseSchema = z.object({ items: z.array(sessionInfoSchema) });
/** POST /api/me/sessions/end-others */
export const endSessionsResponseSchema = z.object({ ended: z.number().int(), msg: z.string() });

/** GET /api/me/deletion-check: KiTas where the user is the only member (warn before deleting) */
export const deletionCheckResponseSchema = z.object({
  lastMemberOf: z.array(z.object({ id: z.number().int(), label: z.string() })),
});
/** POST /api/me/delete → messageResponseSchema; 409 last_member unless confirmLastMember is true */
export const accountDeleteRequestSchema = z.object({
  password: z.string({ error: 'Bitte gib dein Passwort an.' }).min(1, 'Bitte gib dein Passwort an.').max(1024),
  confirmLastMember: z.boolean().default(false),
});

/**
 * GET /api/me/export: JSON download (Content-Disposition attachment). Sections are open records so later issues
 * add their data (persons, enrolments) without breaking the client.
 */
export const dataExportSchema = z.object({
  exportedAt: z.iso.datetime(),
  account: z.record(z.string(), z.unknown()),
  consents: consentsSchema,
  memberships: z.array(z.object({ facilityId: z.number().int(), label: z.string(), since: z.iso.datetime() })),
  persons: z.array(z.record(z.string(), z.unknown())),
  enrolments: z.array(z.record(z.string(), z.unknown())),
  sessions: z.array(sessionInfoSchema),
  activity: z.array(z.object({ action: z.string(), at: z.iso.datetime(), entityType: z.string(), entityId: z.string().nullable() })),
});

// ---------------------------------------------------------------- admin (/api/admin/...)

/** POST /api/admin/users: an account for a person; the invitation mail lets them set a password */
export const adminCreateUserRequestSchema = z.object({
  email: emailSchema,
  firstName: nameSchema('Vorname'),
  lastName: nameSchema('Nachname'),
  isAdmin: z.boolean().default(false),
  /** link the new account to this person record (persons come with the KiTa module) */
  personId: idSchema.optional(),
  /** make the account a member of this KiTa */
  facilityId: idSchema.optional(),
});

export const adminUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  isAdmin: z.boolean(),
  /** issue 12: reviews the documentation forms without administering */
  isJury: z.boolean(),
  activatedAt: z.iso.datetime().nullable(),
  deactivatedAt: z.iso.datetime().nullable(),
  lastLoginAt: z.iso.datetime().nullable(),
  createdAt: z.iso.datetime(),
  totpEnabled: z.boolean(),
  activeSessions: z.number().int(),
});

export const adminUserParamsSchema = z.object({ userId: idParam });
/** PUT /api/admin/users/{userId}/admin */
export const adminSetAdminRequestSchema = z.object({ isAdmin: z.boolean({ error: 'Bitte wähle Ja oder Nein.' }) });
/** PUT /api/admin/users/{userId}/jury (issue 12) */
export const adminSetJuryRequestSchema = z.object({ isJury: z.boolean({ error: 'Bitte wähle Ja oder Nein.' }) });
/** POST /api/admin/privacy-policy: publish a new version; every user is asked again (missingSettings) */
export const publishPrivacyPolicyRequestSchema = z.object({
  version: z
    .string({ error: 'Bitte gib eine Bezeichnung der Fassung an.' })
    .trim()
    .min(1, 'Bitte gib eine Bezeichnung der Fassung an.')
    .max(50, 'Die Bezeichnung der Fassung ist zu lang (höchstens 50 Zeichen).')
    .refine((v) => isCleanText(v), textCharsMessage),
});

export type RegisterRequest = z.infer<typeof registerRequestSchema>;
export type ActivateRequest = z.infer<typeof activateRequestSchema>;
export type PasswordResetRequest = z.infer<typeof passwordResetRequestSchema>;
export type PasswordResetResponse = z.infer<typeof passwordResetResponseSchema>;
export type TokenKind = z.infer<typeof tokenKindSchema>;
export type TokenStatusResponse = z.infer<typeof tokenStatusResponseSchema>;
export type TotpSetup = z.infer<typeof totpSetupSchema>;
export type TotpStatusResponse = z.infer<typeof totpStatusResponseSchema>;
export type AccountResponse = z.infer<typeof accountResponseSchema>;
export type ProfileUpdateRequest = z.infer<typeof profileUpdateRequestSchema>;
export type EmailChangeRequest = z.infer<typeof emailChangeRequestSchema>;
export type PasswordChangeRequest = z.infer<typeof passwordChangeRequestSchema>;
export type ConsentsUpdateRequest = z.infer<typeof consentsUpdateRequestSchema>;
export type SessionInfo = z.infer<typeof sessionInfoSchema>;
export type DeletionCheckResponse = z.infer<typeof deletionCheckResponseSchema>;
export type AccountDeleteRequest = z.infer<typeof accountDeleteRequestSchema>;
export type DataExport = z.infer<typeof dataExportSchema>;
export type AdminCreateUserRequest = z.infer<typeof adminCreateUserRequestSchema>;
export type AdminUser = z.infer<typeof adminUserSchema>;
