import { fillPlaceholders, getTableColumns, Placeholder, sql, type SQL, type Table } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { createHash } from 'node:crypto';

/**
 * A value a module's SQL fragment takes either as it is or as a named placeholder (`sql.placeholder('facilityId')`),
 * so the same fragment serves a statement built per call and one compiled once (`compileSql`).
 */
export type Bound<T> = T | Placeholder;

// the casing of both drivers' drizzle instances (client.ts): column names render as the queries render them
const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * A compiled statement with its values: `execute` runs the statement PostgreSQL prepared on this connection (`prepare`,
 * sent once per connection, `name`: by its text), `inline` is the whole text with the values written in.
 */
export type CompiledStatement = { name: string; prepare: string; execute: string; inline: () => string };

/**
 * A statement of a hot path built once (issue 36, docs/decisions/0043-one-booking-two-round-trips.md): drizzle composes it
 * from the modules' fragments with named placeholders and renders it at its first use; each call then only writes the
 * values in as literals, either as the arguments of EXECUTE (PostgreSQL plans a prepared statement once per
 * connection) or into the text. Both go in a message of the simple protocol (`pipelinedTransaction`, client.ts).
 * Drizzle's query building and PostgreSQL's planning were a large share of a booking's cost (the performance ledger).
 */
export function compileSql<K extends string>(build: (p: (name: K) => Placeholder) => SQL): (values: Record<K, unknown>) => CompiledStatement {
  let compiled: { parts: string[]; params: unknown[]; name: string; prepare: string } | null = null;
  return (values) => {
    if (!compiled) {
      const q = dialect.sqlToQuery(build((name) => sql.placeholder(name)));
      const name = `compiled_${createHash('sha256').update(q.sql).digest('hex').slice(0, 24)}`;
      compiled = { ...split(q), name, prepare: `prepare ${name} as ${q.sql}` };
    }
    const { parts, params, name, prepare } = compiled;
    // drizzle's own filling: a placeholder in a column's value goes through the column's encoding (a Date to its text)
    const literals = fillPlaceholders(params, values).map(literal);
    return {
      name,
      prepare,
      execute: literals.length ? `execute ${name}(${literals.join(', ')})` : `execute ${name}`,
      inline: () => writeIn(parts, literals),
    };
  };
}

/**
 * `compileSql` for a statement that comes in a few kinds, its shape set by arguments (which rate limits apply, an
 * admin's or a KiTa's): compiled once per kind, the kind told by the arguments' JSON.
 */
export function compileSqlByKind<A extends unknown[], K extends string>(
  build: (p: (name: K) => Placeholder, ...args: A) => SQL,
): (...args: A) => (values: Record<K, unknown>) => CompiledStatement {
  const kinds = new Map<string, (values: Record<K, unknown>) => CompiledStatement>();
  return (...args) => {
    const kind = JSON.stringify(args);
    let compiled = kinds.get(kind);
    if (!compiled) kinds.set(kind, (compiled = compileSql<K>((p) => build(p, ...args))));
    return compiled;
  };
}

/** a statement's text with the literals written in between its parts */
const writeIn = (parts: string[], literals: string[]) => parts.reduce((out, part, i) => out + literals[i - 1]! + part);

/** a rendered statement cut at its parameters ($1, $2 …) */
function split(q: { sql: string; params: unknown[] }) {
  const parts = q.sql.split(/\$\d+\b/);
  if (parts.length !== q.params.length + 1) throw new Error('a "$<digit>" outside the parameters');
  return { parts, params: q.params };
}

/** an array as one parameter (a PostgreSQL array: `= any(${bindArray(ids)}::int[])`), or the placeholder of one */
export const bindArray = <T>(values: Bound<T[]>): SQL => (values instanceof Placeholder ? sql`${values}` : sql`${sql.param(values)}`);

/**
 * Every column of a table as a select list (`"offerings"."starts_at" as "startsAt"`, …) for a statement run as raw SQL,
 * and its row mapped back as drizzle's select maps it (each column's own decoding: a timestamp string to a Date).
 */
export function tableRow<T extends Table>(table: T) {
  const columns = Object.entries(getTableColumns(table));
  return {
    columns: sql.join(
      columns.map(([key, c]) => sql`${c} as ${sql.identifier(key)}`),
      sql`, `,
    ),
    map: (raw: Record<string, unknown>): T['$inferSelect'] =>
      Object.fromEntries(columns.map(([key, c]) => [key, raw[key] === null || raw[key] === undefined ? null : c.mapFromDriverValue(raw[key])])),
  };
}

/** a parameter as a literal of PostgreSQL's text (pg's own escaping); what `inlineSql` cannot write safely, it refuses */
function literal(value: unknown): string {
  if (value === null) return 'NULL';
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error('inlineSql: a number that is not finite');
    // in parentheses when negative: "x - -1" would start a comment
    return value < 0 ? `(${value})` : String(value);
  }
  if (typeof value === 'string') return pg.escapeLiteral(value);
  if (value instanceof Date) return pg.escapeLiteral(value.toISOString());
  if (Array.isArray(value) && value.every((v) => typeof v === 'number' && Number.isFinite(v))) return `'{${value.join(',')}}'`;
  throw new Error(`inlineSql: no literal for a ${typeof value}`);
}

/**
 * A statement as text with its values written in as literals (issue 36): several such statements go to PostgreSQL in
 * one message of the simple protocol (`pipelinedTransaction`, client.ts), which takes no parameters.
 */
export function inlineSql(q: SQL): string {
  const { parts, params } = split(dialect.sqlToQuery(q));
  return writeIn(parts, params.map(literal));
}
