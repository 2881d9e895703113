import fc from 'fast-check';

/**
 * fast-check arbitraries for the API gate (server/testing/api-gate.ts), built from the OpenAPI document's JSON
 * schemas: mostly values the schema allows (so requests get past validation into services and SQL), mixed with
 * hostile ones (control characters, lone surrogates, ids beyond the integer column, wrong types, prototype keys).
 */
export type JsonSchema = {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
};

export type FuzzWorld = { ids: number[]; emails: string[] };

export const hostileTexts = [
  '\u0000',
  'a\u0000b',
  '\u001b[31mrot',
  '\u0007',
  '\u0085',
  '\ud800',
  'x\udc00',
  '\u202egnp.exe',
  "'; drop table users; --",
  '%',
  '_',
  '\\',
  '"',
  '𝒜😀👩‍👩‍👧',
  ' ',
  '',
  '__proto__',
  'constructor',
  'toString',
];

export const hostileNumbers = [0, -1, -0, 1.5, 2147483647, 2147483648, -2147483649, 4294967296, 9007199254740991, 2 ** 53 + 2, 1e21, 1e308, -1e308];

/** any JSON value an attacker might put where the schema wants something else */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom(...hostileTexts),
  fc.constantFrom(...hostileNumbers),
  fc.constantFrom(null, true, false, [], {}, [[[[[[1]]]]]], { $gt: '' }, 'x'.repeat(5000)),
  fc.jsonValue({ maxDepth: 3 }),
);

const isIdName = (name: string) => /(^id$|Id$|_id$)/.test(name);
const types = (s: JsonSchema) => [s.type ?? []].flat();

/** a path or query value as it goes into the URL: raw tokens stay as they are (bad encodings on purpose) */
export const rawUrlTokens = [
  '%00',
  '%zz',
  '%ED%A0%80',
  '%C0%AF',
  '..%2f..%2f',
  '%2e%2e',
  '1e3',
  '0x10',
  ' 1',
  '1.5',
  '-1',
  '0',
  '2147483648',
  '99999999999999999999',
  'null',
  '[]',
  'a'.repeat(150),
];

function encode(value: unknown): string {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? '');
  try {
    return encodeURIComponent(text);
  } catch {
    return '%ED%A0%80'; // a lone surrogate: what a client could send at most is its (invalid) UTF-8 bytes
  }
}

export function stringValue(schema: JsonSchema, world: FuzzWorld, name = '', clean = false): fc.Arbitrary<string> {
  if (schema.enum) return fc.constantFrom(...(schema.enum as string[]));
  if (schema.format === 'email' || /email/i.test(name)) return fc.oneof(fc.constantFrom(...world.emails), fc.emailAddress());
  if (schema.format === 'uuid' || /windowId/.test(name)) return fc.uuid();
  if (schema.format === 'date-time') return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.pattern) {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // an expression JavaScript cannot read: fall through to plain text
    }
  }
  const min = schema.minLength ?? 0;
  const max = Math.max(min, Math.min(schema.maxLength ?? 60, 60));
  // printable text (letters, umlauts, emoji, quotes, % and _): gets past validation into the services and SQL
  if (clean)
    return fc
      .string({ minLength: Math.max(min, 3), maxLength: Math.max(max, 3), unit: 'grapheme' })
      .filter((v) => v.trim().length >= Math.max(min, 3) && !/[\p{Cc}\p{Cs}]/u.test(v));
  return fc.oneof(
    { weight: 4, arbitrary: fc.string({ minLength: min, maxLength: max, unit: 'grapheme' }) },
    { weight: 1, arbitrary: fc.string({ minLength: min, maxLength: max, unit: 'binary' }) },
    { weight: 1, arbitrary: fc.constantFrom(...hostileTexts) },
    { weight: 1, arbitrary: fc.constant('ß'.repeat((schema.maxLength ?? 200) + 1)) },
  );
}

function integerValue(schema: JsonSchema, world: FuzzWorld, name: string, clean: boolean): fc.Arbitrary<number> {
  if (isIdName(name) && clean) return fc.constantFrom(...world.ids);
  if (isIdName(name))
    return fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...world.ids) }, { weight: 1, arbitrary: fc.constantFrom(...hostileNumbers) });
  const min = schema.minimum ?? -1000;
  const max = Math.min(schema.maximum ?? 100_000, 10_000_000);
  if (clean) return fc.integer({ min: Math.max(min, 0), max: Math.max(min, 0, Math.min(max, 1000)) });
  return fc.oneof(
    { weight: 4, arbitrary: fc.integer({ min: Math.max(min, -1e9), max: Math.max(min, max) }) },
    { weight: 1, arbitrary: fc.constantFrom(...hostileNumbers) },
  );
}

/** a value for `schema`: usually one it allows, sometimes anything at all */
export function valueFor(schema: JsonSchema, world: FuzzWorld, name = '', depth = 0, clean = false): fc.Arbitrary<unknown> {
  const allowed = allowedValue(schema, world, name, depth, clean);
  if (clean) return allowed;
  return fc.oneof({ weight: 5, arbitrary: allowed }, { weight: 1, arbitrary: hostileValue });
}

function allowedValue(schema: JsonSchema, world: FuzzWorld, name: string, depth: number, clean = false): fc.Arbitrary<unknown> {
  const alternatives = schema.anyOf ?? schema.oneOf;
  if (alternatives?.length) return fc.oneof(...alternatives.map((s) => allowedValue(s, world, name, depth, clean)));
  if (schema.allOf?.length) return allowedValue(Object.assign({}, ...schema.allOf) as JsonSchema, world, name, depth, clean);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const t = types(schema);
  const nullable = schema.nullable === true || t.includes('null');
  const base = ((): fc.Arbitrary<unknown> => {
    if (t.includes('object') || schema.properties) return objectValue(schema, world, depth, clean);
    if (t.includes('array')) {
      const items = schema.items ? valueFor(schema.items, world, name, depth + 1, clean) : hostileValue;
      // a unique array of an enum cannot be longer than the enum (fast-check would search for ever)
      const maxLength = Math.min(schema.maxItems ?? 4, 12, clean && schema.items?.enum ? schema.items.enum.length : Infinity);
      return clean ? fc.uniqueArray(items, { minLength: Math.min(schema.minItems ?? 0, maxLength), maxLength }) : fc.array(items, { maxLength });
    }
    if (t.includes('integer')) return integerValue(schema, world, name, clean);
    if (t.includes('number'))
      return clean ? fc.integer({ min: 0, max: 1000 }) : fc.oneof(fc.double({ noNaN: true }), fc.constantFrom(...hostileNumbers));
    if (t.includes('boolean')) return fc.boolean();
    if (t.includes('string')) return stringValue(schema, world, name, clean);
    return hostileValue;
  })();
  return nullable && !clean ? fc.oneof({ weight: 4, arbitrary: base }, { weight: 1, arbitrary: fc.constant(null) }) : base;
}

const absent = Symbol('absent');
const prototypeKeys: [string, unknown][] = [
  ['__proto__', { isAdmin: true, is_admin: true }],
  ['constructor', { prototype: { isAdmin: true } }],
  ['prototype', { isAdmin: true }],
  ['isAdmin', true],
  ['id', 1],
  ['version', 2147483648],
];

/**
 * An object with the schema's properties. `clean`: every required property with a value the schema allows (so
 * the request reaches the service); else required ones mostly there, any value, now and then an extra or prototype key.
 */
export function objectValue(schema: JsonSchema, world: FuzzWorld, depth = 0, clean = false): fc.Arbitrary<Record<string, unknown>> {
  // a new object each time: a unique array (clean mode) of one shared constant could never reach its minimum length
  if (depth > 4) return fc.constant(0).map(() => ({}));
  const required = new Set(schema.required ?? []);
  if (clean) {
    const model = Object.fromEntries(Object.entries(schema.properties ?? {}).map(([key, s]) => [key, valueFor(s, world, key, depth + 1, true)]));
    return fc.record(model, { requiredKeys: [...required].filter((k) => k in model) });
  }
  const entries = Object.entries(schema.properties ?? {}).map(([key, s]) => {
    const value = valueFor(s, world, key, depth + 1);
    return fc.oneof(
      { weight: required.has(key) ? 12 : 2, arbitrary: value.map((v) => [key, v] as const) },
      { weight: 1, arbitrary: fc.constant([key, absent] as const) },
    );
  });
  return fc.tuple(fc.tuple(...entries), fc.option(fc.constantFrom(...prototypeKeys), { freq: 6 })).map(([pairs, extra]) => {
    const out: Record<string, unknown> = {};
    for (const [key, value] of pairs) if (value !== absent) out[key] = value;
    // defineProperty: a plain assignment to "__proto__" would set the prototype instead of a key JSON.stringify writes
    if (extra) Object.defineProperty(out, extra[0], { value: extra[1], enumerable: true, configurable: true, writable: true });
    return out;
  });
}

/** a path or query parameter as URL text */
export function paramText(schema: JsonSchema, world: FuzzWorld, name: string): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 6, arbitrary: allowedValue(schema, world, name, 0).map(encode) },
    { weight: 1, arbitrary: hostileValue.map(encode) },
    { weight: 1, arbitrary: fc.constantFrom(...rawUrlTokens) },
  );
}

const nest = (n: number) => `{"a":${'['.repeat(n)}${']'.repeat(n)}}`;

/** a body that is not what any schema wants: broken, deep, huge or the wrong JSON type */
export const rawBodies = [
  '',
  '{',
  'null',
  '[]',
  '"text"',
  '123',
  '{"a":1,"a":2}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  nest(40),
  nest(200_000),
  `{"a":"${'x'.repeat(1_100_000)}"}`,
  `[${'1,'.repeat(100_000)}1]`,
];
