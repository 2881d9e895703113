import type { FastifySerializerCompiler } from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { $ZodType } from 'zod/v4/core';

/**
 * Response serializer: the zod response schemas stay the contract (and the OpenAPI document), but a response is
 * written by a function compiled once per route from its schema instead of a zod encode + JSON.stringify per
 * response (the loginstatus and admin-list hot paths spent a fifth of their CPU there).
 *
 * The compiled writer covers the plain data shapes our contracts use: object (unknown keys stripped, like zod),
 * string, number, boolean, null, enum, literal, nullable, optional, default, readonly, record with string keys,
 * array, date, unknown/any. It checks each value's type (and integers), and on any mismatch hands that response to
 * the zod serializer, which answers exactly as before (an error for a wrong shape). It skips what only validates a
 * correct type (string formats and regexes, ranges), as fastify's own serializer does. Schemas with anything else
 * (transforms, codecs, unions, strict or loose objects, overwriting checks such as trim) use zod throughout.
 *
 * It reads zod's internal definitions (`_zod.def`): zod is pinned to an exact version in package.json and
 * json-serializer.test.ts checks the pin and the fields read here; re-run it on every upgrade
 * (docs/decisions/0008-performance-ledger.md says when this writer should go).
 */

/** a compiled writer: JSON text, or undefined for "leave this property out" (only where the schema allows it) */
type Writer = (value: unknown) => string | undefined;

class Mismatch extends Error {}
const mismatch = new Mismatch('response does not match its schema');
class Unsupported extends Error {}

type Def = {
  type: string;
  checks?: { _zod: { def: { check: string; format?: string } } }[];
  format?: string;
  shape?: Record<string, $ZodType>;
  catchall?: $ZodType;
  keyType?: $ZodType;
  valueType?: $ZodType;
  element?: $ZodType;
  innerType?: $ZodType;
  entries?: Record<string, string | number>;
  values?: unknown[];
};

const defOf = (schema: $ZodType) => schema._zod.def as unknown as Def;

function checksOf(def: Def): string[] {
  const checks = (def.checks ?? []).map((c) => c._zod.def.check);
  // a check that rewrites the value (trim, toLowerCase, …) changes the output: leave those schemas to zod
  if (checks.includes('overwrite')) throw new Unsupported('overwrite check');
  return checks;
}

function compile(schema: $ZodType): Writer {
  const def = defOf(schema);
  switch (def.type) {
    case 'string': {
      checksOf(def);
      return (v) => {
        if (typeof v !== 'string') throw mismatch;
        return JSON.stringify(v);
      };
    }
    case 'number': {
      const integer = checksOf(def).includes('number_format') || def.format !== undefined;
      return (v) => {
        if (typeof v !== 'number' || !Number.isFinite(v) || (integer && !Number.isSafeInteger(v))) throw mismatch;
        return String(v);
      };
    }
    case 'boolean':
      checksOf(def);
      return (v) => {
        if (typeof v !== 'boolean') throw mismatch;
        return v ? 'true' : 'false';
      };
    case 'null':
      return (v) => {
        if (v !== null) throw mismatch;
        return 'null';
      };
    case 'date':
      checksOf(def);
      return (v) => {
        if (!(v instanceof Date) || Number.isNaN(v.getTime())) throw mismatch;
        return JSON.stringify(v);
      };
    case 'unknown':
    case 'any':
      return (v) => JSON.stringify(v);
    case 'enum':
    case 'literal': {
      const allowed = new Set(def.type === 'enum' ? Object.values(def.entries ?? {}) : def.values);
      return (v) => {
        if (!allowed.has(v as never) || (typeof v !== 'string' && typeof v !== 'number' && typeof v !== 'boolean' && v !== null)) throw mismatch;
        return JSON.stringify(v);
      };
    }
    case 'nullable': {
      const inner = compile(def.innerType!);
      return (v) => (v === null ? 'null' : inner(v));
    }
    case 'optional': {
      const inner = compile(def.innerType!);
      return (v) => (v === undefined ? undefined : inner(v));
    }
    // zod's encode does not fill in defaults (undefined is an error there too): the inner writer rejects it
    case 'default':
    case 'readonly':
      return compile(def.innerType!);
    case 'array': {
      checksOf(def);
      const element = compile(def.element!);
      return (v) => {
        if (!Array.isArray(v)) throw mismatch;
        let out = '[';
        for (let i = 0; i < v.length; i++) out += (i ? ',' : '') + (element(v[i]) ?? 'null');
        return `${out}]`;
      };
    }
    case 'record': {
      const keyDef = defOf(def.keyType!);
      if (keyDef.type !== 'string' || checksOf(keyDef).length > 0 || keyDef.format !== undefined) throw new Unsupported('record key');
      const value = compile(def.valueType!);
      return (v) => {
        if (typeof v !== 'object' || v === null || Array.isArray(v)) throw mismatch;
        let out = '{';
        let first = true;
        for (const key of Object.keys(v)) {
          const text = value((v as Record<string, unknown>)[key]);
          if (text === undefined) continue;
          out += `${first ? '' : ','}${JSON.stringify(key)}:${text}`;
          first = false;
        }
        return `${out}}`;
      };
    }
    case 'object': {
      if (def.catchall !== undefined) throw new Unsupported('strict or loose object');
      checksOf(def);
      const fields = Object.entries(def.shape!).map(([key, s]) => ({ key, prefix: `${JSON.stringify(key)}:`, write: compile(s) }));
      return (v) => {
        if (typeof v !== 'object' || v === null || Array.isArray(v)) throw mismatch;
        const o = v as Record<string, unknown>;
        let out = '{';
        for (const f of fields) {
          const text = f.write(o[f.key]);
          if (text === undefined) continue;
          out += (out.length > 1 ? ',' : '') + f.prefix + text;
        }
        return `${out}}`;
      };
    }
    default:
      throw new Unsupported(def.type);
  }
}

/** the compiled writer for a zod schema, or null when it has a part only zod can write */
export function compileJsonWriter(schema: unknown): ((value: unknown) => string) | null {
  if (!(schema instanceof $ZodType)) return null;
  try {
    const write = compile(schema);
    return (value) => {
      const text = write(value);
      if (text === undefined) throw mismatch;
      return text;
    };
  } catch (err) {
    if (err instanceof Unsupported) return null;
    throw err;
  }
}

/** fastify serializer compiler: the compiled writer where it covers the schema, zod's serializer otherwise and on any mismatch */
export const serializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const viaZod = zodSerializerCompiler(route as Parameters<typeof zodSerializerCompiler>[0]);
  const write = compileJsonWriter(route.schema);
  if (!write) return viaZod;
  return (data) => {
    try {
      return write(data);
    } catch (err) {
      if (err instanceof Mismatch) return viaZod(data);
      throw err;
    }
  };
};
