import { createHash, randomBytes } from 'node:crypto';
import { and, count, eq, isNull, isNotNull, not, or, like } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import type { AppConfig } from '../../config';
import type { DbOrTx } from '../../db/client';
import { totpBox } from '../../lib/secret-box';
import type { UserRow } from '../users/users.table';
import { totpRecoveryCodes, userTotp } from './accounts.table';

/**
 * TOTP (RFC 6238, 30 s, 6 digits) through otplib. The secret is never logged or sent again after set-up;
 * a code is accepted once (last time step kept) within ±30 s of clock drift. Secrets are stored encrypted
 * (AES-256-GCM, key outside the database: TOTP_KEY or DATA_DIR/secrets/totp.key; server/lib/secret-box.ts).
 */

/** what the TOTP functions need of the configuration to reach the encryption key */
export type TotpKeyConfig = Pick<AppConfig, 'totpKey' | 'dataDir'>;

export const totpRequired = (user: Pick<UserRow, 'isAdmin'>, config: Pick<AppConfig, 'adminTotp'>) => user.isAdmin && config.adminTotp === 'required';

export async function totpRow(db: DbOrTx, userId: number) {
  const [row] = await db.select().from(userTotp).where(eq(userTotp.userId, userId)).limit(1);
  return row ?? null;
}

export const totpEnabled = async (db: DbOrTx, userId: number) => Boolean((await totpRow(db, userId))?.secret);

/** Offers a secret to scan; the pending one is reused so a repeated call shows the same QR code. */
export async function beginTotpSetup(db: DbOrTx, user: Pick<UserRow, 'id' | 'email'>, config: Pick<AppConfig, 'programmeName'> & TotpKeyConfig) {
  const box = totpBox(config);
  const row = await totpRow(db, user.id);
  let secret = row?.pendingSecret ? box.open(row.pendingSecret) : undefined;
  if (!secret) {
    secret = generateSecret({ length: 20 });
    const sealed = box.seal(secret);
    await db
      .insert(userTotp)
      .values({ userId: user.id, pendingSecret: sealed })
      .onConflictDoUpdate({ target: userTotp.userId, set: { pendingSecret: sealed } });
  }
  return { secret, otpauthUrl: generateURI({ issuer: config.programmeName, label: user.email, secret }) };
}

async function matchCode(secret: string, code: string, lastStep: number | null, now: Date): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token: code,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: 30,
      ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
    });
    return result.valid ? (result as { timeStep: number }).timeStep : null;
  } catch {
    // otplib throws on malformed input (e.g. afterTimeStep beyond the window); that is a wrong code to us
    return null;
  }
}

const normaliseRecovery = (code: string) => code.toUpperCase().replace(/[^A-Z2-7]/g, '');
const hashRecovery = (code: string) => createHash('sha256').update(normaliseRecovery(code)).digest('hex');
const base32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** 10 codes of 10 base32 characters (50 bits each), shown once as XXXXX-XXXXX; only hashes are kept. */
async function newRecoveryCodes(db: DbOrTx, userId: number): Promise<string[]> {
  const codes = Array.from({ length: 10 }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => base32[b % 32]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
  await db.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
  await db.insert(totpRecoveryCodes).values(codes.map((c) => ({ userId, codeHash: hashRecovery(c) })));
  return codes;
}

/** Confirms the pending secret with a code from the app; answers the recovery codes, or null for a wrong code. */
export async function confirmTotpSetup(db: DbOrTx, userId: number, code: string, keys: TotpKeyConfig, now = new Date()): Promise<string[] | null> {
  const row = await totpRow(db, userId);
  if (!row?.pendingSecret) return null;
  const step = await matchCode(totpBox(keys).open(row.pendingSecret), code.trim(), null, now);
  if (step === null) return null;
  await db
    .update(userTotp)
    .set({ secret: row.pendingSecret, pendingSecret: null, enabledAt: now, lastStep: step })
    .where(eq(userTotp.userId, userId));
  return newRecoveryCodes(db, userId);
}

/** A 6-digit code or an unused recovery code (then spent). */
export async function checkSecondFactor(
  db: DbOrTx,
  userId: number,
  input: string,
  keys: TotpKeyConfig,
  now = new Date(),
): Promise<'code' | 'recovery' | null> {
  const row = await totpRow(db, userId);
  if (!row?.secret) return null;
  const trimmed = input.trim();
  if (/^\d{6}$/.test(trimmed)) {
    const step = await matchCode(totpBox(keys).open(row.secret), trimmed, row.lastStep, now);
    if (step === null) return null;
    await db.update(userTotp).set({ lastStep: step }).where(eq(userTotp.userId, userId));
    return 'code';
  }
  if (normaliseRecovery(trimmed).length !== 10) return null;
  const used = await db
    .update(totpRecoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(totpRecoveryCodes.userId, userId), eq(totpRecoveryCodes.codeHash, hashRecovery(trimmed)), isNull(totpRecoveryCodes.usedAt)))
    .returning({ id: totpRecoveryCodes.id });
  return used.length > 0 ? 'recovery' : null;
}

export async function recoveryCodesLeft(db: DbOrTx, userId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(totpRecoveryCodes)
    .where(and(eq(totpRecoveryCodes.userId, userId), isNull(totpRecoveryCodes.usedAt)));
  return row?.n ?? 0;
}

export async function regenerateRecoveryCodes(db: DbOrTx, userId: number) {
  return newRecoveryCodes(db, userId);
}

export async function disableTotp(db: DbOrTx, userId: number) {
  await db.delete(userTotp).where(eq(userTotp.userId, userId));
  await db.delete(totpRecoveryCodes).where(eq(totpRecoveryCodes.userId, userId));
}

/**
 * Secrets written before encryption existed are sealed once at start (idempotent; several processes may race, the
 * update only touches rows still in plain text). Answers how many rows it sealed.
 */
export async function sealPlainTotpSecrets(db: DbOrTx, keys: TotpKeyConfig): Promise<number> {
  const box = totpBox(keys);
  const plain = (col: typeof userTotp.secret | typeof userTotp.pendingSecret) => and(isNotNull(col), not(like(col, 'v1.%')));
  const rows = await db
    .select()
    .from(userTotp)
    .where(or(plain(userTotp.secret), plain(userTotp.pendingSecret)));
  let sealed = 0;
  for (const row of rows) {
    const seal = (v: string | null) => (v === null || box.isSealed(v) ? v : box.seal(v));
    const done = await db
      .update(userTotp)
      .set({ secret: seal(row.secret), pendingSecret: seal(row.pendingSecret) })
      .where(and(eq(userTotp.userId, row.userId), or(plain(userTotp.secret), plain(userTotp.pendingSecret))))
      .returning({ userId: userTotp.userId });
    sealed += done.length;
  }
  return sealed;
}
