import type { User } from '../../../src/shared/contracts/auth';
import type { Season } from '../../../src/shared/contracts/season';
import type { DbOrTx } from '../../db/client';
import { facilitiesRepository } from '../facilities/facilities.repository';
import { seasonsRepository, toSeasonDto } from '../seasons/seasons.repository';
import { usersRepository } from './users.repository';
import type { UserRow } from './users.table';

/** Settings the user still has to decide (seed §8 dialog 3); admins are asked too. */
export async function missingSettings(db: DbOrTx, user: UserRow): Promise<Record<string, string>> {
  const missing: Record<string, string> = {};
  const policy = await usersRepository({ db }).currentPrivacyPolicy();
  if (policy && user.privacyPolicyVersion !== policy.version) {
    missing.privacyPolicy = `Datenschutzerklärung (Version ${policy.version})`;
  }
  if (user.newsletter === null) missing.newsletter = 'Newsletter';
  return missing;
}

/** The `user` + `curSeason` pair that login and loginstatus answer with (SPEC §3). */
export async function sessionView(db: DbOrTx, user: UserRow): Promise<{ user: User; curSeason: Season | null }> {
  const current = await seasonsRepository({ db }).current();
  const [summaries, missing] = await Promise.all([
    facilitiesRepository({ db }).summariesForUser(user.id, current?.id ?? null),
    missingSettings(db, user),
  ]);
  return {
    user: {
      id: user.id,
      is_admin: user.isAdmin,
      email: user.email,
      first_name: user.firstName,
      last_name: user.lastName,
      facilities: Object.fromEntries(summaries.map((f) => [String(f.id), f])),
      missingSettings: missing,
    },
    curSeason: current ? toSeasonDto(current) : null,
  };
}
