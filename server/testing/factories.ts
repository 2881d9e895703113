import { randomBytes } from 'node:crypto';
import type { DbOrTx } from '../db/client';
import { hashPassword } from '../modules/auth/passwords';
import { facilities, facilityMembers } from '../modules/facilities/facilities.table';
import { seasonEnrolments, seasons } from '../modules/seasons/seasons.table';
import { privacyPolicyVersions, users, type UserRow } from '../modules/users/users.table';

export const testPassword = 'Richtig-Geheim-123';
/** the version migration 0001 publishes on every install */
export const shippedPrivacyPolicyVersion = '2026-01';
let hashed: Promise<string> | undefined;
const unique = () => randomBytes(4).toString('hex');

export type TestUser = UserRow & { password: string };

/** An activated user with all consents decided unless overridden. */
export async function createUser(db: DbOrTx, overrides: Partial<typeof users.$inferInsert> = {}): Promise<TestUser> {
  hashed ??= hashPassword(testPassword);
  const [row] = await db
    .insert(users)
    .values({
      email: `person-${unique()}@test.example`,
      passwordHash: await hashed,
      firstName: 'Erika',
      lastName: 'Muster',
      activatedAt: new Date(),
      privacyPolicyVersion: shippedPrivacyPolicyVersion,
      privacyPolicyAcceptedAt: new Date(),
      newsletter: false,
      newsletterDecidedAt: new Date(),
      ...overrides,
    })
    .returning();
  return { ...row!, password: testPassword };
}

export async function createFacility(db: DbOrTx, overrides: Partial<typeof facilities.$inferInsert> = {}) {
  const [row] = await db
    .insert(facilities)
    .values({ label: `Kinderhaus ${unique()}`, kind: 'Kindergarten', region: 'Mittelfranken', city: 'Nürnberg', postalCode: '90402', ...overrides })
    .returning();
  return row!;
}

export async function createSeason(db: DbOrTx, overrides: Partial<typeof seasons.$inferInsert> = {}) {
  const [row] = await db
    .insert(seasons)
    .values({ identifier: `20${unique()}`, label: 'KiTa-Jahr', ...overrides })
    .returning();
  return row!;
}

export async function addMember(db: DbOrTx, facilityId: number, userId: number) {
  await db.insert(facilityMembers).values({ facilityId, userId });
}

export async function enrol(db: DbOrTx, facilityId: number, seasonId: number, overrides: Partial<typeof seasonEnrolments.$inferInsert> = {}) {
  const [row] = await db
    .insert(seasonEnrolments)
    .values({ facilityId, seasonId, acceptedTermsAt: new Date(), ...overrides })
    .returning();
  return row!;
}

export async function publishPrivacyPolicy(db: DbOrTx, version: string, publishedAt = new Date()) {
  await db.insert(privacyPolicyVersions).values({ version, publishedAt });
}
