import { describe, expect, it } from 'vitest';
import { adminFacilityPageSchema } from '../../../src/shared/contracts/admin-facilities';
import { parseAnswer } from '../../testing/parse-answer';
import { createFacility, createUser } from '../../testing/factories';
import { loginAs } from '../../testing/login-as';
import { buildTestApp } from '../../testing/test-app';
import { createTestWorld } from '../../testing/test-world';

// Issue 34: an import leaves empty what its file lacked; the admin finds such KiTas with "Stammdaten unvollständig"
const w = createTestWorld(async () => {
  const t = await buildTestApp();
  const db = t.handle.db;
  const complete = { kind: 'Krippe', operatorKind: 'kommunal', street: 'Hauptstraße 1', postalCode: '90762', city: 'Fürth' };
  await createFacility(db, { label: 'Kita Vollständig', ...complete });
  await createFacility(db, { label: 'Kita ohne Art', ...complete, kind: '' });
  await createFacility(db, { label: 'Kita ohne Trägerart', ...complete, operatorKind: '' });
  await createFacility(db, { label: 'Kita ohne Straße', ...complete, street: '' });
  await createFacility(db, { label: 'Kita ohne PLZ', ...complete, postalCode: '' });
  await createFacility(db, { label: 'Kita ohne Ort', ...complete, city: '' });
  const cookie = await loginAs(t.app, await createUser(db, { isAdmin: true }));
  const call = (query: string) => t.app.inject({ method: 'GET', url: `/api/admin/facilities?${query}`, headers: { cookie } });
  const list = async (query: string) => parseAnswer(adminFacilityPageSchema, await call(query));
  return { call, list, close: () => t.close() };
});

describe('admin KiTa list: Stammdaten unvollständig', () => {
  it('given KiTas each missing one of kind, operator kind, street, postal code or city, when filtered by incomplete=yes, lists exactly those', async () => {
    const found = await w.list('incomplete=yes&sort=label');
    expect(found.items.map((i) => i.label)).toEqual(['Kita ohne Art', 'Kita ohne Ort', 'Kita ohne PLZ', 'Kita ohne Straße', 'Kita ohne Trägerart']);
    expect(found.total).toBe(5);
  });

  it('given the same KiTas, when filtered by incomplete=no, lists the complete one; without the filter all six', async () => {
    expect((await w.list('incomplete=no')).items.map((i) => i.label)).toEqual(['Kita Vollständig']);
    expect((await w.list('')).total).toBe(6);
  });

  it('given a search and the filter together, both apply (and the paged statement of that shape is its own)', async () => {
    expect((await w.list('incomplete=yes&q=Stra%C3%9Fe')).items.map((i) => i.label)).toEqual(['Kita ohne Straße']);
    expect((await w.list('q=Stra%C3%9Fe')).items.map((i) => i.label)).toEqual(['Kita ohne Straße']);
    expect((await w.list('incomplete=yes&pageSize=2&page=3')).items.map((i) => i.label)).toHaveLength(1);
  });

  it('given a value other than yes or no, answers 400', async () => {
    expect((await w.call('incomplete=vielleicht')).statusCode).toBe(400);
  });
});
