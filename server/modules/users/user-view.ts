import { eq, sql, type SQL } from 'drizzle-orm';
import type { FacilitySummary, User } from '../../../src/shared/contracts/auth';
import type { Season } from '../../../src/shared/contracts/season';
import type { DbOrTx } from '../../db/client';
import { usersRepository } from './users.repository';
import { users, type SessionUser } from './users.table';

/**
 * What every authenticated request may need besides the user row: memberships with the current season's
 * enrolment, the current season, and the newest published privacy policy (for missingSettings). The session
 * lookup selects it in the same query (sessions.repository `findLive`), so loginstatus, the access plugin's
 * member check and handlers need no further query.
 */
export type UserContext = {
  /** ordered by label */
  facilities: FacilitySummary[];
  curSeason: Season | null;
  privacyPolicyVersion: string | null;
};

/**
 * Scalar subqueries correlated on `userId`, to add to any select that has the user's id. Each is one index probe
 * (facility_members by user, season_enrolments by (facility, season), seasons' partial unique index on
 * is_current); json_build_object gives the contract's shape directly
 * (camelCase, with the seed's `is_enrolled_to_cur_season`, `enrolment_state` and `allow_documentation`).
 * `userId` must be qualified (see `usersIdColumn`): drizzle renders a bare column of a one-table select
 * unqualified, and inside these subqueries `"id"` would bind to `facilities.id`.
 */
export function userContextColumns(userId: SQL, now: Date | SQL) {
  const nowParam = now instanceof Date ? now.toISOString() : now;
  const curSeasonId = sql`(select cs.id from seasons cs where cs.is_current)`;
  return {
    facilities: sql<FacilitySummary[]>`(
      select coalesce(json_agg(json_build_object(
        'id', f.id,
        'label', f.label,
        'is_enrolled_to_cur_season', exists (
          select 1 from season_enrolments e
          where e.facility_id = f.id and e.season_id = ${curSeasonId} and e.withdrawn_at is null
        )
      ) order by f.label, f.id), '[]'::json)
      from facility_members m join facilities f on f.id = m.facility_id
      where m.user_id = ${userId}
    )`,
    curSeason: sql<Season | null>`(
      select json_build_object(
        'id', s.id, 'identifier', s.identifier, 'label', s.label,
        'startDate', s.start_date, 'endDate', s.end_date,
        'enrolment_state', s.enrolment_state, 'enrolmentDeadline', s.enrolment_deadline,
        'allow_documentation', s.allow_documentation, 'documentationDeadline', s.documentation_deadline,
        'isCurrent', s.is_current
      ) from seasons s where s.is_current
    )`,
    privacyPolicyVersion: sql<string | null>`(
      select p.version from privacy_policy_versions p
      where p.published_at <= ${nowParam}::timestamptz
      order by p.published_at desc limit 1
    )`,
  };
}

/** `"users"."id"`, qualified whatever the outer select looks like */
export const usersIdColumn = sql`${users}.${sql.identifier('id')}`;

/** The user row and its context in one query (login, password reset: callers without a session lookup). */
export async function loadUserContext(db: DbOrTx, userId: number, now = new Date()): Promise<UserContext> {
  const rows = await db.select(userContextColumns(usersIdColumn, now)).from(users).where(eq(users.id, userId));
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
  const policy = await usersRepository({ db }).currentPrivacyPolicy();
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
export async function sessionView(db: DbOrTx, user: SessionUser): Promise<{ user: User; curSeason: Season | null }> {
  return sessionViewFrom(user, await loadUserContext(db, user.id));
}
