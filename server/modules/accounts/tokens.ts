import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import { accountTokenSchema, type TokenKind } from '../../../src/shared/contracts/accounts';
import type { DbOrTx } from '../../db/client';
import { fail, type HttpError } from '../../lib/http-error';
import { hashToken } from '../auth/sessions.queries';
import { users, type UserRow } from '../users/users.table';
import { accountTokens, type AccountTokenRow } from './accounts.table';

export const tokenLifetimesMs: Record<TokenKind, number> = {
  activation: 48 * 3_600_000,
  'password-reset': 3_600_000,
  'email-change': 24 * 3_600_000,
};

/** the page a link of each kind opens (seed §2 routes) */
export const tokenPaths: Record<TokenKind, (token: string) => string> = {
  activation: (t) => `/aktivieren/ct${t}`,
  'password-reset': (t) => `/passwort-wiederherstellen-${t}`,
  'email-change': (t) => `/einstellungen/email-bestaetigen/${t}`,
};

export type TokenState = 'valid' | 'malformed' | 'unknown' | 'expired' | 'used' | 'deactivated';

const tokenErrors: Record<Exclude<TokenState, 'valid'>, (kind: TokenKind) => HttpError> = {
  malformed: () => fail('token.malformed'),
  unknown: (kind) => fail('token.unknown', [kind]),
  expired: (kind) => fail('token.expired', [kind]),
  used: (kind) => fail('token.used', [kind]),
  deactivated: () => fail('token.deactivated'),
};

export const tokenError = (kind: TokenKind, state: Exclude<TokenState, 'valid'>) => tokenErrors[state](kind);

/** One German text per state (from the error catalogue), so every page explains a broken link the same way. */
export const tokenMessage = (kind: TokenKind, state: TokenState): string =>
  state === 'valid' ? 'Der Link ist gültig.' : tokenError(kind, state).message;

/** A fresh 256-bit token; only its sha256 is stored. */
export async function issueToken(db: DbOrTx, kind: TokenKind, userId: number, opts: { newEmail?: string; now?: Date } = {}): Promise<string> {
  const now = opts.now ?? new Date();
  const token = randomBytes(32).toString('base64url');
  await db.insert(accountTokens).values({
    kind,
    tokenHash: hashToken(token),
    userId,
    newEmail: opts.newEmail ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + tokenLifetimesMs[kind]),
  });
  return token;
}

export type InspectedToken = { state: TokenState; row: AccountTokenRow | null; user: UserRow | null };

/** What a token is, without using it. An activation link of an already activated account counts as used. */
export async function inspectToken(db: DbOrTx, kind: TokenKind, token: string, now = new Date()): Promise<InspectedToken> {
  if (!accountTokenSchema.safeParse(token).success) return { state: 'malformed', row: null, user: null };
  const rows = await db
    .select({ token: accountTokens, user: users })
    .from(accountTokens)
    .innerJoin(users, eq(users.id, accountTokens.userId))
    .where(and(eq(accountTokens.tokenHash, hashToken(token)), eq(accountTokens.kind, kind)))
    .limit(1);
  const found = rows[0];
  if (!found) return { state: 'unknown', row: null, user: null };
  const { token: row, user } = found;
  if (user.deactivatedAt) return { state: 'deactivated', row, user };
  if (row.usedAt || (kind === 'activation' && user.activatedAt)) return { state: 'used', row, user };
  if (row.expiresAt <= now) return { state: 'expired', row, user };
  return { state: 'valid', row, user };
}

/**
 * Uses a token inside the caller's transaction: the conditional update makes it single-use even when two
 * requests race (the second finds used_at set and fails as "used").
 */
export async function consumeToken(tx: DbOrTx, kind: TokenKind, token: string, now = new Date()): Promise<{ row: AccountTokenRow; user: UserRow }> {
  const found = await inspectToken(tx, kind, token, now);
  if (found.state !== 'valid') throw tokenError(kind, found.state);
  const used = await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.id, found.row!.id), isNull(accountTokens.usedAt)))
    .returning({ id: accountTokens.id });
  if (used.length === 0) throw tokenError(kind, 'used');
  return { row: found.row!, user: found.user! };
}

/** After a reset or an activation, the user's other open links of that kind are spent too. */
export async function spendOpenTokens(tx: DbOrTx, kind: TokenKind, userId: number, now = new Date()) {
  await tx
    .update(accountTokens)
    .set({ usedAt: now })
    .where(and(eq(accountTokens.userId, userId), eq(accountTokens.kind, kind), isNull(accountTokens.usedAt)));
}
