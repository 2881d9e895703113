import { Readable } from 'node:stream';
import { and, asc, desc, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { ListContract, ListFilter } from '../../src/shared/contracts/list-contract';
import { listPageSchemaOf, listQuerySchemaOf, type ServerListQuery } from '../../src/shared/contracts/list-query';
import type { Page } from '../../src/shared/contracts/paging';
import type { DbOrTx } from '../db/client';
import type { SessionUser } from '../modules/users/users.table';
import type { Access } from '../plugins/access';
import { berlinToday } from '../../src/shared/berlin-date';
import { csvExcel, type Column } from './export-format';
import { pageWindow } from './paging';
import { routesFor, type ErrorStatus } from './route-builders';
import { xlsxStream } from './xlsx-stream';

/**
 * German order on both databases: PGlite has no ICU collations and PostgreSQL's default may be "C", so text is
 * compared lower-cased with umlauts folded (Ä next to A, not after Z).
 */
export const germanSort = (col: AnyColumn | SQL) => sql`translate(lower(${col}), 'äöüß', 'aous')`;

/** what a list's row query selects next to its own columns; the kit reads keyset and total from them */
export type Cursor = { __sort: string | null; __tie: string; __total: number | string };

/**
 * The part of a row query the kit decides: order, window (a page's LIMIT/OFFSET, or an export batch's keyset
 * `where` after the previous batch's last row) and the cursor columns. A definition's `rows` applies all of it:
 * `sliceRows(query.$dynamic(), slice, mine)` with `...slice.columns` in its select (drizzle), or `slice.columnsSql` after
 * its own select list and `slice.tailSql` at its end (raw SQL).
 */
export type Slice = {
  orderBy: SQL[];
  where: SQL | undefined;
  limit: number | undefined;
  offset: number;
  columns: { __sort: SQL<string | null>; __tie: SQL<string>; __total: SQL<number> };
  columnsSql: SQL;
  /** `order by … limit … offset …` for raw SQL */
  tailSql: SQL;
};

/**
 * The kit's tail of a drizzle row query (pass `.$dynamic()`): the definition's `where` and the slice's, the order and
 * the window. The rows keep their selected type, cursor columns included when `...slice.columns` was selected.
 */
export function sliceRows<T extends PgSelect>(query: T, slice: Slice, where?: SQL): T {
  const q = query
    .where(and(where, slice.where))
    .orderBy(...slice.orderBy)
    .offset(slice.offset);
  return slice.limit ? q.limit(slice.limit) : q;
}

type Db = DbOrTx;

export type ListDefinition<S extends string, F extends Record<string, ListFilter>, P, Ctx, Row, Item> = {
  contract: ListContract<S, F>;
  /** the page's URL (`/api/…`), its access, OpenAPI tags; `params` for path parameters */
  route: { url: string; access: Exclude<Access, 'public'>; tags: string[]; params?: z.ZodType<P>; errors?: readonly ErrorStatus[] };
  /** what a request adds to the query (the current season, the KiTa of the path); may refuse (404 …) */
  /** `user`: the caller, whom the list's access guarantees (the route builder's typed `request.user`) */
  context: (args: { db: Db; params: P; request: FastifyRequest; user: SessionUser }) => Ctx | Promise<Ctx>;
  /** ORDER BY expression per sort key (text through `germanSort`); `tieBreaker` is unique, so pages never overlap */
  sort: Record<S, AnyColumn | SQL>;
  tieBreaker: AnyColumn | SQL;
  rows: (db: Db, q: ServerListQuery<S, F>, slice: Slice, ctx: Ctx) => Promise<(Row & Cursor)[]>;
  item: (row: Row) => Item;
  itemSchema: z.ZodType<Item>;
  /** a tuned page query of its own (the KiTa list); default: `rows` with the page's window and `count(*) over ()` */
  page?: (db: Db, q: ServerListQuery<S, F>, ctx: Ctx) => Promise<Page<Item>>;
  /** the exports `<url>/export.csv|xlsx` of the filtered, sorted list (no exports without) */
  /** `fileName` may depend on the request's context (`anmeldungen-<offering>`); the Berlin date is appended */
  export?: { fileName: string | ((ctx: Ctx) => string); sheetName: string; columns: Column<Row>[] };
};

const BATCH = 1000;

/** rows after `last` in the list's order (ASC puts NULLs last, DESC first, as PostgreSQL does) */
function after(s: AnyColumn | SQL, tie: AnyColumn | SQL, dir: 'asc' | 'desc', last: Cursor): SQL {
  const v = last.__sort;
  const t = last.__tie;
  if (dir === 'asc')
    return v === null ? sql`(${s} is null and ${tie} > ${t})` : sql`(${s} > ${v} or (${s} = ${v} and ${tie} > ${t}) or ${s} is null)`;
  return v === null ? sql`(${s} is not null or ${tie} < ${t})` : sql`(${s} < ${v} or (${s} = ${v} and ${tie} < ${t}))`;
}

/** One definition → the page handler, the keyset-batched export iterator, the routes with access and OpenAPI. */
export function defineList<S extends string, F extends Record<string, ListFilter>, P, Ctx, Row, Item>(def: ListDefinition<S, F, P, Ctx, Row, Item>) {
  type Q = ServerListQuery<S, F>;
  const querySchema = listQuerySchemaOf(def.contract);
  const pageSchema = listPageSchemaOf(def.itemSchema);

  function slice(q: Q, window: { limit: number | undefined; offset: number; last?: Cursor; withTotal: boolean }): Slice {
    const s = def.sort[q.sort];
    const d = q.dir === 'desc' ? desc : asc;
    const columns = {
      __sort: sql<string | null>`(${s})::text`,
      __tie: sql<string>`(${def.tieBreaker})::text`,
      __total: window.withTotal ? sql<number>`count(*) over ()` : sql<number>`0`,
    };
    const orderBy = [d(s), d(def.tieBreaker)];
    return {
      orderBy,
      where: window.last ? after(s, def.tieBreaker, q.dir, window.last) : undefined,
      limit: window.limit,
      offset: window.offset,
      columns,
      columnsSql: sql`${columns.__sort} as "__sort", ${columns.__tie} as "__tie", ${columns.__total} as "__total"`,
      tailSql: sql`order by ${sql.join(orderBy, sql`, `)} ${window.limit ? sql`limit ${window.limit}` : sql``} offset ${window.offset}`,
    };
  }

  async function page(db: Db, q: Q, ctx: Ctx): Promise<Page<Item>> {
    if (def.page) return def.page(db, q, ctx);
    const { limit, offset } = pageWindow(q);
    const rows = await def.rows(db, q, slice(q, { limit, offset, withTotal: true }), ctx);
    let total = rows[0] ? Number(rows[0].__total) : 0;
    if (!rows[0] && offset > 0) {
      // a page past the end has no row to carry the total
      const [first] = await def.rows(db, q, slice(q, { limit: 1, offset: 0, withTotal: true }), ctx);
      total = first ? Number(first.__total) : 0;
    }
    return { items: rows.map(def.item), total, page: q.page, pageSize: q.pageSize };
  }

  /** the filtered list in keyset batches (no OFFSET that re-reads, no count): memory stays flat */
  async function* batches(db: Db, q: Q, ctx: Ctx, size = BATCH): AsyncGenerator<(Row & Cursor)[]> {
    let last: Cursor | undefined;
    for (;;) {
      const rows = await def.rows(db, q, slice(q, { limit: size, offset: 0, last, withTotal: false }), ctx);
      if (rows.length > 0) yield rows;
      if (rows.length < size) return;
      last = rows[rows.length - 1];
    }
  }

  async function sendExport(reply: FastifyReply, format: 'csv' | 'xlsx', rows: AsyncGenerator<(Row & Cursor)[]>, ctx: Ctx) {
    const spec = def.export!;
    const fileName = typeof spec.fileName === 'function' ? spec.fileName(ctx) : spec.fileName;
    // the first batch before the first byte: a failing query still answers an error (SPEC §3), not a cut download
    const first = await rows.next();
    const all = (async function* () {
      if (!first.done) yield first.value;
      yield* rows;
    })();
    reply.header('cache-control', 'no-store').header('content-disposition', `attachment; filename="${fileName}-${berlinToday()}.${format}"`);
    if (format === 'csv') return reply.header('content-type', 'text/csv; charset=utf-8').send(Readable.from(csvExcel(spec.columns, all)));
    const stream = xlsxStream(spec.sheetName, spec.columns, all, (err) => reply.log.error({ err }, 'xlsx export failed'));
    return reply.header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(stream);
  }

  /** the page and its exports, registered through the route builder of the list's access (derived OpenAPI errors) */
  async function register(app: FastifyInstance) {
    const r = routesFor(app, def.route.access);
    const base = { tags: def.route.tags, querystring: querySchema, ...(def.route.params ? { params: def.route.params } : {}) };
    const errors = def.route.errors ?? [];
    const ctxOf = (request: FastifyRequest, user: SessionUser) => def.context({ db: app.db, params: request.params as P, request, user });
    r.get(def.route.url, {
      errors,
      schema: { ...base, response: { 200: pageSchema } },
      handler: async (request) => page(app.db, request.query as Q, await ctxOf(request, request.user)),
    });
    if (!def.export) return;
    for (const format of ['csv', 'xlsx'] as const) {
      r.get(`${def.route.url}/export.${format}`, {
        errors,
        schema: { ...base, response: {} },
        handler: async (request, reply) => {
          const ctx = await ctxOf(request, request.user);
          return sendExport(reply, format, batches(app.db, request.query as Q, ctx), ctx);
        },
      });
    }
  }

  return { ...def, querySchema, pageSchema, page, batches, register };
}
