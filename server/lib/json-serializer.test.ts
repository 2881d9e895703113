import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { $ZodType } from 'zod/v4/core';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import { adminFacilityPageSchema } from '../../src/shared/contracts/admin-facilities';
import { loginStatusResponseSchema } from '../../src/shared/contracts/auth';
import { errorBodySchema } from '../../src/shared/contracts/errors';
import { compileJsonWriter, serializerCompiler } from './json-serializer';

const viaZod = (schema: $ZodType, value: unknown) => JSON.stringify(z.encode(schema, value as never));
const serializerFor = (schema: $ZodType) => serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' });

const season = {
  id: 3,
  identifier: '2026',
  label: 'Saison 2026',
  startDate: '2026-01-01',
  endDate: null,
  enrolment_state: 'open',
  enrolmentDeadline: '2026-03-01',
  allow_documentation: false,
  documentationDeadline: null,
  isCurrent: true,
};
const loggedIn = {
  loggedin: true,
  user: {
    id: 7,
    is_admin: false,
    isJury: true,
    email: 'a"b@example.org',
    firstName: 'Ä\u2028ß',
    lastName: 'Muster',
    facilities: {
      '12': { id: 12, label: 'Sonnenschein', is_enrolled_to_cur_season: true },
      '3': { id: 3, label: 'Mond', is_enrolled_to_cur_season: false },
    },
    missingSettings: { newsletter: 'Newsletter' },
    passwordHash: 'never sent',
  },
  curSeason: season,
};
const listItem = {
  id: 1,
  label: 'KiTa',
  kind: 'Kindergarten',
  street: 'Weg 1',
  postalCode: '80331',
  city: 'München',
  region: 'Oberbayern',
  operatorName: 'Träger',
  email: '',
  phone: '089',
  membersCount: 2,
  personsCount: 5,
  isEnrolled: true,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-02T00:00:00.000Z',
};

describe('compiled response serializer', () => {
  it('writes exactly what zod encode + JSON.stringify writes, unknown keys stripped', () => {
    const samples: [$ZodType, unknown][] = [
      [loginStatusResponseSchema, loggedIn],
      [loginStatusResponseSchema, { loggedin: false, user: null, curSeason: null }],
      [loginStatusResponseSchema, { ...loggedIn, curSeason: null, extra: 1 }],
      [adminFacilityPageSchema, { items: [listItem, { ...listItem, id: 2, secret: 'x' }], total: 2, page: 1, pageSize: 25 }],
      [adminFacilityPageSchema, { items: [], total: 0, page: 3, pageSize: 0 }],
      [errorBodySchema, { reason: { message: 'Nein', code: 'forbidden' } }],
    ];
    for (const [schema, value] of samples) {
      expect(compileJsonWriter(schema)).not.toBeNull();
      expect(serializerFor(schema)(value)).toBe(viaZod(schema, value));
    }
  });

  it('leaves out optional properties that are undefined, like JSON.stringify', () => {
    const schema = z.object({ a: z.string().optional(), b: z.number().int(), c: z.array(z.boolean()).nullable() });
    expect(serializerFor(schema)({ a: undefined, b: 1, c: null })).toBe('{"b":1,"c":null}');
    expect(serializerFor(schema)({ a: 'x', b: 1, c: [true] })).toBe(viaZod(schema, { a: 'x', b: 1, c: [true] }));
  });

  it('a response of the wrong shape still fails the way zod fails it', () => {
    const write = serializerFor(loginStatusResponseSchema);
    for (const bad of [
      { loggedin: 'yes', user: null, curSeason: null },
      { loggedin: true, user: null },
      { ...loggedIn, user: { ...loggedIn.user, id: 1.5 } },
      undefined,
    ]) {
      let error: unknown;
      try {
        write(bad);
      } catch (err) {
        error = err;
      }
      expect(isResponseSerializationError(error)).toBe(true);
    }
  });

  it('leaves schemas that transform or rewrite values to zod', () => {
    expect(compileJsonWriter(z.object({ a: z.string().trim() }))).toBeNull();
    expect(compileJsonWriter(z.object({ a: z.string().transform((s) => s.length) }))).toBeNull();
    expect(compileJsonWriter(z.strictObject({ a: z.string() }))).toBeNull();
    expect(compileJsonWriter(z.union([z.string(), z.number()]))).toBeNull();
    const trimmed = z.object({ a: z.string().trim() });
    expect(serializerFor(trimmed)({ a: ' x ' })).toBe('{"a":"x"}');
  });
});

// The writer reads zod's internal schema definitions (`_zod.def`), which zod does not promise to keep. So zod is
// pinned to one exact version, and these tests are the check to re-run on every upgrade
// (docs/decisions/0008-performance-ledger.md).
describe('the zod internals the compiled serializer reads', () => {
  it('zod is pinned to the exact version installed', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { dependencies: Record<string, string> };
    const installed = (createRequire(import.meta.url)('zod/package.json') as { version: string }).version;
    expect(pkg.dependencies.zod, 'pin zod exactly ("4.6.7", not "^4.6.7"): json-serializer.ts reads its internals').toMatch(/^\d+\.\d+\.\d+$/);
    expect(installed).toBe(pkg.dependencies.zod);
  });

  it('each definition has the fields the writer compiles from', () => {
    const def = (schema: $ZodType) => schema._zod.def as unknown as Record<string, unknown>;
    expect(def(z.string())).toMatchObject({ type: 'string' });
    expect(def(z.number().int())).toMatchObject({ type: 'number' });
    expect((def(z.number().int()).checks as { _zod: { def: { check: string } } }[]).map((c) => c._zod.def.check)).toContain('number_format');
    expect((def(z.string().trim()).checks as { _zod: { def: { check: string } } }[]).map((c) => c._zod.def.check)).toContain('overwrite');
    expect(def(z.object({ a: z.string() }))).toMatchObject({ type: 'object', shape: { a: expect.anything() } });
    expect(def(z.object({ a: z.string() })).catchall).toBeUndefined();
    expect(def(z.strictObject({ a: z.string() })).catchall).toBeDefined();
    expect(def(z.looseObject({ a: z.string() })).catchall).toBeDefined();
    expect(def(z.array(z.string()))).toMatchObject({ type: 'array', element: expect.anything() });
    expect(def(z.record(z.string(), z.number()))).toMatchObject({ type: 'record', keyType: expect.anything(), valueType: expect.anything() });
    expect(def(z.enum(['a', 'b']))).toMatchObject({ type: 'enum', entries: { a: 'a', b: 'b' } });
    expect(def(z.literal('x'))).toMatchObject({ type: 'literal', values: ['x'] });
    for (const wrapped of [z.string().nullable(), z.string().optional(), z.string().default('x'), z.string().readonly()]) {
      expect(def(wrapped).innerType).toBeInstanceOf(z.ZodType);
    }
    expect(def(z.string().transform((s) => s.length)).type).toBe('pipe');
    expect(def(z.union([z.string(), z.number()])).type).toBe('union');
  });
});
