import { z } from 'zod';
import type { S3Options } from './lib/file-storage';
import { englishDefault } from './lib/zod-german';
import { inactiveAccountGraceDays, retentionRuleKeys, retentionRules, type RetentionRuleKey } from '../src/shared/contracts/retention';

/** RETENTION_<RULE>_DAYS of a rule: `documentation-files` → RETENTION_DOCUMENTATION_FILES_DAYS */
const envNameOf = (key: RetentionRuleKey) => `RETENTION_${key.toUpperCase().replaceAll('-', '_')}_DAYS` as `RETENTION_${string}_DAYS` & EnvName;

/**
 * A connection URL (DATABASE_URL, SMTP_URL) as its driver will read it. A password with `/`, `?`, `#` or `@` not
 * percent-encoded ends the URL's user part early: the driver then threw `TypeError: Invalid URL` at start (or, when
 * what follows happened to parse, connected somewhere else). An `@` after the host shows the same mistake.
 */
const connectionUrl = (protocols: string[]) =>
  z.string().refine((v) => {
    try {
      const u = new URL(v);
      return protocols.includes(u.protocol) && !`${u.pathname}${u.search}${u.hash}`.includes('@');
    } catch {
      return false;
    }
  });

const days = z.coerce.number().int().min(1).max(36_500).optional();

/** SPEC §5: every variable is optional so the embedded default starts without any set-up. */
const envSchema = z.object({
  NODE_ENV: z.string().optional(),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  /** loopback unless said otherwise: a newcomer's `npm start` is not reachable from the network; containers set 0.0.0.0 */
  HOST: z.string().default('127.0.0.1'),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: connectionUrl(['postgres:', 'postgresql:', 'socket:']).optional(),
  DATA_DIR: z.string().min(1).default('./data'),
  SMTP_URL: connectionUrl(['smtp:', 'smtps:']).optional(),
  MAIL_FROM: z.string().min(1).optional(),
  PROGRAMME_NAME: z.string().min(1).default('KiTa-Portal'),
  SUPPORT_EMAIL: z.string().min(1).default('kontakt@kita-portal.example'),
  SUPPORT_PHONE: z.string().min(1).default('0911 123456-0'),
  /** BITV 2.0 §7 / TMG: where the legal pages live; without a URL the portal shows its own page (or none for the imprint) */
  IMPRINT_URL: z.url({ protocol: /^https?$/ }).optional(),
  PRIVACY_URL: z.url({ protocol: /^https?$/ }).optional(),
  ACCESSIBILITY_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** feedback contact of the accessibility statement (BITV 2.0 §7); default SUPPORT_EMAIL */
  ACCESSIBILITY_CONTACT: z.string().min(1).optional(),
  ACTIVECAMPAIGN_URL: z.string().optional(),
  ACTIVECAMPAIGN_KEY: z.string().optional(),
  ADMIN_EMAIL: z.string().optional(),
  ADMIN_PASSWORD: z.string().optional(),
  ADMIN_TOTP: z.enum(['required', 'optional']).default('required'),
  SESSION_IDLE_MINUTES: z.coerce.number().positive().default(120),
  SESSION_MAX_HOURS: z.coerce.number().positive().default(12),
  /** sent and given-up mails (recipient, subject) are deleted after this many days: keep no addresses longer than needed */
  /** base64 of 32 random bytes that encrypt TOTP secrets in the database; default: DATA_DIR/secrets/totp.key */
  TOTP_KEY: z
    .string()
    .refine(
      (v) => Buffer.from(v.trim(), 'base64').length === 32,
      'ungültig – erwartet: 32 zufällige Bytes in Base64, z. B. aus `openssl rand -base64 32`.',
    )
    .optional(),
  /** older name of RETENTION_SENT_MAILS_DAYS, still read when that is not set */
  MAIL_RETENTION_DAYS: z.coerce.number().int().min(1).optional(),
  // issue 38, SPEC §9: the retention rules' periods in days (defaults in src/shared/contracts/retention.ts)
  RETENTION_UNACTIVATED_ACCOUNTS_DAYS: days,
  RETENTION_INACTIVE_ACCOUNTS_DAYS: days,
  RETENTION_INACTIVE_ACCOUNTS_GRACE_DAYS: days,
  RETENTION_DOCUMENTATION_FILES_DAYS: days,
  RETENTION_REMOVED_PERSONS_DAYS: days,
  RETENTION_SENT_MAILS_DAYS: days,
  RETENTION_AUDIT_LOG_DAYS: days,
  RETENTION_LEGACY_IMPORT_FILES_DAYS: days,
  /** bytes; the foundation only has small JSON bodies, uploads get their own limit later */
  BODY_LIMIT: z.coerce
    .number()
    .int()
    .positive()
    .default(1024 * 1024),
  /** SIGTERM: how long requests in flight and the jobs may take to finish before the process exits with 1 */
  SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).default(20),
  /** set behind a reverse proxy so request.ip and the protocol come from X-Forwarded-* */
  TRUST_PROXY: z.enum(['0', '1', 'true', 'false']).default('0'),
  /** uploads: `local` = DATA_DIR/uploads (one server), `s3` = an S3-compatible store (several servers) */
  FILE_STORAGE: z.enum(['local', 's3']).default('local'),
  S3_ENDPOINT: z
    .url({ protocol: /^https?$/, error: 'S3_ENDPOINT muss eine http(s)-Adresse sein, z. B. https://s3.eu-central-1.amazonaws.com.' })
    .optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['0', '1', 'true', 'false']).default('0'),
  /** GET /api/metrics answers only with `Authorization: Bearer <METRICS_TOKEN>`; unset: 404 (SPEC §10) */
  METRICS_TOKEN: z.string().trim().min(24).optional(),
  /** the commit /api/health names, when the build did not record it (server/lib/version.ts) */
  GIT_COMMIT: z
    .string()
    .regex(/^[0-9a-f]{7,40}$/i)
    .transform((v) => v.toLowerCase())
    .optional(),
});

type EnvName = keyof z.infer<typeof envSchema>;

/**
 * What a variable must look like, said when it does not (zod's own texts are English and technical). The value is
 * never repeated: it may hold a password.
 */
const expected: Partial<Record<EnvName, string>> = {
  PORT: 'eine ganze Zahl von 0 bis 65535, z. B. PORT=3000',
  PUBLIC_URL: 'eine vollständige Adresse mit http:// oder https://, z. B. PUBLIC_URL=https://kita.example.org',
  DATABASE_URL:
    'eine PostgreSQL-Adresse postgres://benutzer:passwort@host:5432/datenbank. Zeichen wie / ? # @ : % im Passwort müssen prozentkodiert sein (/ als %2F, @ als %40) – oder wähle ein Passwort nur aus Buchstaben und Ziffern, z. B. mit `openssl rand -hex 24`',
  SMTP_URL:
    'eine Adresse smtp://benutzer:passwort@host:587 oder smtps://…:465. Zeichen wie / ? # @ : % im Passwort müssen prozentkodiert sein (/ als %2F, @ als %40)',
  SESSION_IDLE_MINUTES: 'eine Zahl größer als 0 (Minuten)',
  SESSION_MAX_HOURS: 'eine Zahl größer als 0 (Stunden)',
  MAIL_RETENTION_DAYS: 'eine ganze Zahl ab 1 (Tage)',
  ...Object.fromEntries(
    [...retentionRuleKeys.map(envNameOf), 'RETENTION_INACTIVE_ACCOUNTS_GRACE_DAYS'].map((n) => [
      n,
      'eine ganze Zahl von 1 bis 36500 (Tage), z. B. 1096 für 36 Monate',
    ]),
  ),
  BODY_LIMIT: 'eine ganze Zahl größer als 0 (Bytes)',
  SHUTDOWN_TIMEOUT_SECONDS: 'eine ganze Zahl ab 1 (Sekunden)',
  IMPRINT_URL: 'eine Adresse mit http:// oder https://',
  PRIVACY_URL: 'eine Adresse mit http:// oder https://',
  ACCESSIBILITY_URL: 'eine Adresse mit http:// oder https://',
  METRICS_TOKEN: 'mindestens 24 zufällige Zeichen, z. B. aus `openssl rand -hex 32`',
  GIT_COMMIT: 'die Kennung eines Commits (7 bis 40 Hexadezimalziffern)',
};

/** the German text of one problem: ours as written (custom checks), else what the variable must be */
function problemText(issue: z.core.$ZodIssue): string {
  if (!englishDefault.test(issue.message)) return issue.message;
  if (issue.code === 'invalid_value') return `ungültig – erlaubt: ${issue.values.map(String).join(', ')}.`;
  const name = String(issue.path[0]) as EnvName;
  const want = expected[name];
  return want ? `ungültig – erwartet: ${want}.` : 'ungültig.';
}

/**
 * A configuration the portal cannot start with: each variable and what is wrong with it, in German, in one line
 * (server/index.ts logs it as one JSON line and exits 1).
 */
export class ConfigError extends Error {
  constructor(readonly problems: { variable: string; message: string }[]) {
    super(`Die Konfiguration ist ungültig, das Portal startet nicht. ${problems.map((p) => `${p.variable}: ${p.message}`).join(' ')}`);
    this.name = 'ConfigError';
  }
}

const s3Required = ['S3_ENDPOINT', 'S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

const configSchema = envSchema.superRefine((e, ctx) => {
  // production sets Secure cookies and builds every link from PUBLIC_URL: without https, logins could travel in the clear
  if (e.NODE_ENV === 'production' && !e.PUBLIC_URL?.startsWith('https://'))
    ctx.addIssue({
      code: 'custom',
      path: ['PUBLIC_URL'],
      message: `mit NODE_ENV=production ist eine https-Adresse nötig, z. B. PUBLIC_URL=https://kita.example.org (gesetzt: ${e.PUBLIC_URL ?? 'nichts'}).`,
    });
  if (e.FILE_STORAGE !== 's3') return;
  for (const name of s3Required) {
    if (!e[name])
      ctx.addIssue({
        code: 'custom',
        path: [name],
        message: `fehlt – mit FILE_STORAGE=s3 sind ${s3Required.slice(0, -1).join(', ')} und ${s3Required.at(-1)} nötig.`,
      });
  }
});

/** the S3 store's options as configured (the per-request timeout keeps its default) */
export type S3StorageConfig = Omit<S3Options, 'timeoutMs'>;

export type AppConfig = {
  port: number;
  host: string;
  publicUrl: string;
  publicOrigin: string;
  secureCookies: boolean;
  databaseUrl: string | undefined;
  dataDir: string;
  smtpUrl: string | undefined;
  mailFrom: string | undefined;
  programmeName: string;
  supportEmail: string;
  supportPhone: string;
  imprintUrl: string | undefined;
  privacyUrl: string | undefined;
  accessibilityUrl: string | undefined;
  accessibilityContact: string;
  /** ACTIVECAMPAIGN_URL/KEY: the connection until an admin saves another (SPEC §5) */
  activeCampaignUrl: string | undefined;
  activeCampaignKey: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  adminTotp: 'required' | 'optional';
  sessionIdleMinutes: number;
  sessionMaxHours: number;
  /** SPEC §9: each retention rule's period in days, and the days from an inactive account's warning to its deletion */
  retention: { days: Record<RetentionRuleKey, number>; inactiveGraceDays: number };
  totpKey: string | undefined;
  bodyLimit: number;
  trustProxy: boolean;
  shutdownTimeoutSeconds: number;
  /** the bearer token of GET /api/metrics; undefined: the endpoint answers 404 */
  metricsToken: string | undefined;
  gitCommit: string | undefined;
  /** where uploads live; `s3` carries the store's address and keys */
  fileStorage: { kind: 'local' } | ({ kind: 's3' } & S3StorageConfig);
  production: boolean;
};

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  // empty strings from .env files or compose files mean "not set"
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = configSchema.safeParse(cleaned);
  if (!parsed.success) throw new ConfigError(parsed.error.issues.map((i) => ({ variable: i.path.join('.'), message: problemText(i) })));
  const e = parsed.data;
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, '');
  const url = new URL(publicUrl);
  return {
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    publicOrigin: url.origin,
    secureCookies: url.protocol === 'https:',
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    programmeName: e.PROGRAMME_NAME,
    supportEmail: e.SUPPORT_EMAIL,
    supportPhone: e.SUPPORT_PHONE,
    imprintUrl: e.IMPRINT_URL,
    privacyUrl: e.PRIVACY_URL,
    accessibilityUrl: e.ACCESSIBILITY_URL,
    accessibilityContact: e.ACCESSIBILITY_CONTACT ?? e.SUPPORT_EMAIL,
    activeCampaignUrl: e.ACTIVECAMPAIGN_URL,
    activeCampaignKey: e.ACTIVECAMPAIGN_KEY,
    adminEmail: e.ADMIN_EMAIL,
    adminPassword: e.ADMIN_PASSWORD,
    adminTotp: e.ADMIN_TOTP,
    sessionIdleMinutes: e.SESSION_IDLE_MINUTES,
    sessionMaxHours: e.SESSION_MAX_HOURS,
    retention: {
      days: Object.fromEntries(
        retentionRules.map((r) => [
          r.key,
          (e[envNameOf(r.key)] as number | undefined) ?? (r.key === 'sent-mails' ? e.MAIL_RETENTION_DAYS : undefined) ?? r.days,
        ]),
      ) as Record<RetentionRuleKey, number>,
      inactiveGraceDays: e.RETENTION_INACTIVE_ACCOUNTS_GRACE_DAYS ?? inactiveAccountGraceDays,
    },
    totpKey: e.TOTP_KEY,
    bodyLimit: e.BODY_LIMIT,
    trustProxy: e.TRUST_PROXY === '1' || e.TRUST_PROXY === 'true',
    shutdownTimeoutSeconds: e.SHUTDOWN_TIMEOUT_SECONDS,
    metricsToken: e.METRICS_TOKEN,
    gitCommit: e.GIT_COMMIT,
    fileStorage:
      e.FILE_STORAGE === 's3'
        ? {
            kind: 's3',
            // present: checked by configSchema above
            endpoint: e.S3_ENDPOINT!,
            region: e.S3_REGION!,
            bucket: e.S3_BUCKET!,
            accessKeyId: e.S3_ACCESS_KEY_ID!,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY!,
            forcePathStyle: e.S3_FORCE_PATH_STYLE === '1' || e.S3_FORCE_PATH_STYLE === 'true',
          }
        : { kind: 'local' },
    production: e.NODE_ENV === 'production',
  };
}
