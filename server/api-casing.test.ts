import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './testing/test-app';

/**
 * One casing for the API (issue 20, docs/decisions/0022-catalogues-and-casing.md): every property of every request and
 * response body and every parameter name in GET /api/openapi.json is camelCase, except the few names the seed
 * (../shared/seed/portal-spec.md §3, SPEC §3) fixes as written. A third way fails here, not in an integrator's code.
 */
const CONTRACT_FIXED = new Set([
  // the session user in POST /api/login and GET /api/loginstatus (seed §3: User)
  'is_admin',
  // each of the user's facilities (seed §3: Facility)
  'is_enrolled_to_cur_season',
  // the season, also the login's curSeason and the admin seasons list's filter (seed §3: Season, §4, §9)
  'enrolment_state',
  'allow_documentation',
]);

const camelCase = /^[a-z][a-zA-Z0-9]*$/;

type Found = { name: string; where: string };

/** every property name below `schema` (objects, arrays, unions, nested), with the operation that carries it */
function propertyNames(schema: unknown, where: string, found: Found[]): void {
  if (Array.isArray(schema)) {
    for (const s of schema) propertyNames(s, where, found);
    return;
  }
  if (typeof schema !== 'object' || schema === null) return;
  const s = schema as Record<string, unknown>;
  if (typeof s.properties === 'object' && s.properties !== null && !Array.isArray(s.properties)) {
    for (const name of Object.keys(s.properties)) found.push({ name, where });
  }
  for (const value of Object.values(s)) propertyNames(value, where, found);
}

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => t?.close());

describe('API casing', () => {
  it('given the OpenAPI document, every property and parameter name is camelCase or fixed by the contract', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as {
      paths: Record<string, Record<string, { parameters?: { name: string; in: string }[] }>>;
      components?: unknown;
    };
    const found: Found[] = [];
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const where = `${method.toUpperCase()} ${path}`;
        propertyNames(operation, where, found);
        // header names (e.g. If-Match) follow HTTP, not JSON
        for (const p of operation.parameters ?? []) if (p.in !== 'header') found.push({ name: p.name, where: `${where} (${p.in})` });
      }
    }
    propertyNames(doc.components, 'components', found);
    expect(found.length).toBeGreaterThan(500);
    const offending = found.filter((f) => !camelCase.test(f.name) && !CONTRACT_FIXED.has(f.name)).map((f) => `${f.name} in ${f.where}`);
    expect([...new Set(offending)]).toEqual([]);
  });

  it('the contract-fixed names are still in the document (a stale exception would hide a rename)', async () => {
    const doc = JSON.stringify((await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json());
    for (const name of CONTRACT_FIXED) expect(doc).toContain(`"${name}"`);
  });
});
