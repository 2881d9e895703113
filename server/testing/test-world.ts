import { afterAll, beforeAll } from 'vitest';

/**
 * One world per test file, for tests that share one database and app and build on each other's changes: built
 * before the file's first test, closed after its last. Replaces a module-level `let` assigned in beforeAll and
 * closed in afterAll; the world is a constant, and reading it before it exists says so instead of `undefined`.
 *
 *   const w = createTestWorld(async () => {
 *     const f = await facilityFixture();
 *     return { ...f, oldSeasonId: (await createSeason(f.db, { … })).id };
 *   });
 *   it('…', async () => expect((await w.call('admin', { url: … })).statusCode).toBe(200));
 */
export function createTestWorld<W extends { close: () => Promise<void> }>(build: () => Promise<W>): W {
  let world: W | undefined;
  beforeAll(async () => {
    world = await build();
  });
  afterAll(async () => {
    await world?.close();
    world = undefined;
  });
  const current = (): W => {
    if (!world) throw new Error('The test world exists only inside the tests of its file (after beforeAll).');
    return world;
  };
  return new Proxy({} as W, {
    get: (_, key) => Reflect.get(current(), key),
    has: (_, key) => Reflect.has(current(), key),
    ownKeys: () => Reflect.ownKeys(current()),
    getOwnPropertyDescriptor: (_, key) => {
      const d = Reflect.getOwnPropertyDescriptor(current(), key);
      return d && { ...d, configurable: true };
    },
  });
}
