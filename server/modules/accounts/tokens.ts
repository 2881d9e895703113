import { randomBytes } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import type { TokenKind } from '../../../src/shared/contracts/accounts';
import type { DbOrTx } from '../../db/client';
import { httpError } from '../../lib/http-error';
import { hashToken } from '../auth/sessions.repository';
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

const tokenShape = /^[A-Za-z0-9_-]{43}$/;

export type TokenState = 'valid' | 'malformed' | 'unknown' | 'expired' | 'used' | 'deactivated';

const linkAgain: Record<TokenKind, string> = {
  activation: 'Du kannst dir unter „Aktivierungslink erneut senden“ einen neuen schicken lassen.',
  'password-reset': 'Du kannst unter „Passwort vergessen“ einen neuen Link anfordern.',
  'email-change': 'Du kannst die Änderung in deinen Einstellungen noch einmal anstoßen.',
};

/** One German text per state, so every page explains a broken link the same way. */
export function tokenMessage(kind: TokenKind, state: TokenState): string {
  switch (state) {
    case 'valid':
      return 'Der Link ist gültig.';
    case 'malformed':
      return 'Der Link ist unvollständig oder beschädigt. Bitte kopiere ihn vollständig aus der E-Mail.';
    case 'unknown':
      return `Diesen Link kennen wir nicht. ${linkAgain[kind]}`;
    case 'expired':
      return `Dieser Link ist abgelaufen. ${linkAgain[kind]}`;
    case 'used':
      return kind === 'activation'
        ? 'Dieser Link wurde schon benutzt – dein Benutzerkonto ist aktiviert. Du kannst dich anmelden.'
        : `Dieser Link wurde schon benutzt. ${linkAgain[kind]}`;
    case 'deactivated':
      return 'Dieses Benutzerkonto ist deaktiviert. Bitte wende dich an uns.';
  }
}

const statusOf: Record<Exclude<TokenState, 'valid'>, [number, string]> = {
  malformed: [400, 'token_malformed'],
  unknown: [404, 'token_unknown'],
  expired: [410, 'token_expired'],
  used: [410, 'token_used'],
  deactivated: [403, 'account_deactivated'],
};

export function tokenError(kind: TokenKind, state: Exclude<TokenState, 'valid'>) {
  const [status, code] = statusOf[state];
  return httpError(status, code, tokenMessage(kind, state));
}

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
  if (!tokenShape.test(token)) return { state: 'malformed', row: null, user: null };
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
