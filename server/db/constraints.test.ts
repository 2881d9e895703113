import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFacility, createSeason, createUser, enrol } from '../testing/factories';
import { openTestDb } from '../testing/test-db';
import { sqlState, type DbHandle } from './client';

let handle: DbHandle;
beforeAll(async () => {
  handle = await openTestDb();
});
afterAll(async () => handle?.close());

const failure = async (p: Promise<unknown>) =>
  p.then(
    () => null,
    (err: unknown) => sqlState(err),
  );

describe('rules the database enforces', () => {
  it('given a current season, when a second one is made current, the partial unique index refuses (23505)', async () => {
    await createSeason(handle.db, { identifier: '2026-27', isCurrent: true });
    expect(await failure(createSeason(handle.db, { identifier: '2027-28', isCurrent: true }))).toBe('23505');
    await createSeason(handle.db, { identifier: '2024-25', isCurrent: false });
  });

  it('given a user, when another registers the same e-mail in other letter case, it is refused (23505)', async () => {
    await createUser(handle.db, { email: 'Anna.Schmidt@Example.org' });
    expect(await failure(createUser(handle.db, { email: 'anna.schmidt@example.ORG' }))).toBe('23505');
  });

  it('given a live enrolment, a second one for the same KiTa and season is refused, after withdrawal it is allowed', async () => {
    const season = await createSeason(handle.db);
    const facility = await createFacility(handle.db);
    await enrol(handle.db, facility.id, season.id, { withdrawnAt: new Date() });
    await enrol(handle.db, facility.id, season.id);
    expect(await failure(enrol(handle.db, facility.id, season.id))).toBe('23505');
  });
});
