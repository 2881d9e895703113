import { eq, sql, type SQL } from 'drizzle-orm';
import type { FacilitySummary, User } from '../../../src/shared/contracts/auth';
import type { Season } from '../../../src/shared/contracts/season';
import type { DbOrTx } from '../../db/client';
import { userQueries } from './users.queries';
import { privacyPolicyVersions, users, type SessionUser } from './users.table';

/**
 * What every authenticated request may need besides the user row: memberships with the current season's
 * enrolment, the current season, and the newest published privacy policy (for missingSettings). The session
 * lookup selects it in the same query (sessions.queries `findLive`), so loginstatus, the access plugin's
 * member check and handlers need no further query.
 */
export type UserContext = {
  /** ordered by label */
  facilities: FacilitySummary[];
  curSeason: Season | null;
  privacyPolicyVersion: string | null;
};

/**
 * The context's columns for a select that has the user's id: scalar subqueries correlated on `userId`, each one index
 * probe, json_build_object giving the contract's shape. Each module writes the part over its own tables (facilities:
 * the user's KiTas; seasons: the current season and "enrolled to it"; users: the privacy policy version below); the
 * seasons module puts them together (seasons/session-context.ts) and the session plugin and the login pass it in.
 * `userId` must be qualified (see `usersIdColumn`): drizzle renders a bare column of a one-table select unqualified.
 */
export type UserContextColumns = (
  userId: SQL,
  now: SQL,
) => { facilities: SQL<FacilitySummary[]>; curSeason: SQL<Season | null>; privacyPolicyVersion: SQL<string | null> };

/** the newest privacy policy version published by `now` */
export const privacyPolicyVersionColumn = (now: SQL) =>
  sql<string | null>`(
    select ${privacyPolicyVersions.version} from ${privacyPolicyVersions}
    where ${privacyPolicyVersions.publishedAt} <= ${now}
    order by ${privacyPolicyVersions.publishedAt} desc limit 1
  )`;

/** `"users"."id"`, qualified whatever the outer select looks like */
export const usersIdColumn = sql`${users}.${sql.identifier('id')}`;

/** The user row and its context in one query (login, password reset: callers without a session lookup). */
export async function loadUserContext(db: DbOrTx, columns: UserContextColumns, userId: number, now = new Date()): Promise<UserContext> {
  const rows = await db
    .select(columns(usersIdColumn, sql`${now.toISOString()}::timestamptz`))
    .from(users)
    .where(eq(users.id, userId));
  const row = rows[0];
  return row ?? { facilities: [], curSeason: null, privacyPolicyVersion: null };
}

function missingFrom(user: SessionUser, policyVersion: string | null): Record<string, string> {
  const missing: Record<string, string> = {};
  if (policyVersion !== null && user.privacyPolicyVersion !== policyVersion) {
    missing.privacyPolicy = `Datenschutzerklärung (Fassung ${policyVersion})`;
  }
  if (user.newsletter === null) missing.newsletter = 'Newsletter';
  return missing;
}

/** Settings the user still has to decide (seed §8 dialog 3); admins are asked too. */
export async function missingSettings(db: DbOrTx, user: SessionUser): Promise<Record<string, string>> {
  const policy = await userQueries({ db }).currentPrivacyPolicy();
  return missingFrom(user, policy?.version ?? null);
}

/** The `user` + `curSeason` pair of SPEC §3 from what the session lookup already loaded: no query. */
export function sessionViewFrom(user: SessionUser, context: UserContext): { user: User; curSeason: Season | null } {
  const facilities: Record<string, FacilitySummary> = {};
  for (const f of context.facilities) facilities[String(f.id)] = f;
  return {
    user: {
      id: user.id,
      is_admin: user.isAdmin,
      isJury: user.isJury,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      facilities,
      missingSettings: missingFrom(user, context.privacyPolicyVersion),
    },
    curSeason: context.curSeason,
  };
}

/** The `user` + `curSeason` pair that login and loginstatus answer with (SPEC §3), in one query. */
export async function sessionView(db: DbOrTx, columns: UserContextColumns, user: SessionUser): Promise<{ user: User; curSeason: Season | null }> {
  return sessionViewFrom(user, await loadUserContext(db, columns, user.id));
}
