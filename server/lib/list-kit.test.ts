import { and, eq, ilike, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { defineListContract, enumFilter, textFilter } from '../../src/shared/contracts/list-contract';
import { auditLog } from '../modules/audit/audit.table';
import { createUser } from '../testing/factories';
import { loginAs } from '../testing/login-as';
import { buildTestApp, type TestApp } from '../testing/test-app';
import { defineList, germanSort, sliceRows } from './list-kit';
import { likePattern } from './paging';

// ---- the throwaway list (contract + definition): the admin list of audit entries ----
const auditList = defineListContract({
  path: 'admin/audit',
  sortKeys: ['at', 'action', 'entityId'],
  defaults: { sort: 'at', dir: 'desc', pageSize: 50 },
  filters: { entityType: enumFilter(['facility', 'person', 'season']), action: textFilter(100) },
});
const auditItem = z.object({ id: z.number().int(), at: z.string(), action: z.string(), entityType: z.string(), entityId: z.string().nullable() });
type AuditRow = typeof auditLog.$inferSelect;
const auditListDef = defineList({
  contract: auditList,
  route: { url: '/api/admin/audit', access: 'admin', tags: ['admin audit'] },
  context: () => null,
  sort: { at: auditLog.at, action: germanSort(auditLog.action), entityId: auditLog.entityId },
  tieBreaker: auditLog.id,
  rows: (db, q, s) => {
    const where = and(
      q.entityType ? eq(auditLog.entityType, q.entityType) : undefined,
      q.action ? ilike(auditLog.action, likePattern(q.action)) : undefined,
      q.q ? ilike(auditLog.entityId, likePattern(q.q)) : undefined,
    );
    return sliceRows(
      db
        .select({ a: auditLog, ...s.columns })
        .from(auditLog)
        .$dynamic(),
      s,
      where,
    );
  },
  item: ({ a }: { a: AuditRow }) => ({ id: a.id, at: a.at.toISOString(), action: a.action, entityType: a.entityType, entityId: a.entityId }),
  itemSchema: auditItem,
  export: {
    fileName: 'protokoll',
    sheetName: 'Protokoll',
    columns: [
      { header: 'Wann', value: (r: { a: AuditRow }) => r.a.at, kind: 'datetime' },
      { header: 'Was', value: (r) => r.a.action },
      { header: 'Eintrag', value: (r) => r.a.entityId },
    ],
  },
});
// ---- end of the throwaway list ----

let t: TestApp;
let cookie: string;
let failing = false;
const failingDef = defineList({
  ...auditListDef,
  route: { ...auditListDef.route, url: '/api/admin/audit-failing' },
  rows: async (...args) => {
    if (failing) throw new Error('relation "kaputt" does not exist');
    return auditListDef.rows(...args);
  },
});

beforeAll(async () => {
  t = await buildTestApp({
    extraRoutes: async (app: FastifyInstance) => {
      await auditListDef.register(app);
      await failingDef.register(app);
    },
  });
  cookie = await loginAs(t.app, await createUser(t.handle.db, { isAdmin: true }));
  await t.handle.db.delete(auditLog); // the login's own entries
  // 23 entries over 3 timestamps and partly without entity id: ties and NULLs at every batch boundary
  const stamps = ['2026-01-01T10:00:00Z', '2026-01-01T10:00:00.000123Z', '2026-02-01T09:00:00Z'];
  await t.handle.db.insert(auditLog).values(
    Array.from({ length: 23 }, (_, i) => ({
      action: ['Ärger.melden', 'aktion.b', 'Zettel.c', 'ober.d'][i % 4]!,
      entityType: i % 2 ? 'facility' : 'person',
      entityId: i % 3 ? String(i % 5) : null,
      at: sql`${stamps[i % 3]}::timestamptz`,
    })),
  );
});
afterAll(async () => t?.close());
afterEach(() => {
  vi.useRealTimers();
  failing = false;
});

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });

describe('list kit: a list from one definition', () => {
  it('given the definition, the page sorts (umlauts folded), filters and pages on the server', async () => {
    const res = await get('/api/admin/audit?sort=action&dir=asc&pageSize=7');
    expect(res.statusCode).toBe(200);
    const page = res.json();
    expect(page).toMatchObject({ total: 23, page: 1, pageSize: 7 });
    expect(page.items.map((i: { action: string }) => i.action)).toEqual([...Array(6).fill('aktion.b'), 'Ärger.melden']);
    const last = (await get('/api/admin/audit?sort=action&dir=asc&pageSize=5&page=5&entityType=person')).json();
    expect(last).toMatchObject({ total: 12, page: 5, items: [] });
    const persons = (await get('/api/admin/audit?sort=action&pageSize=4&page=3&entityType=person')).json();
    expect(persons.items.map((i: { action: string }) => i.action)).toEqual(['Ärger.melden', 'Ärger.melden', 'Ärger.melden', 'Ärger.melden']);
    const past = (await get('/api/admin/audit?page=99&pageSize=4')).json();
    expect(past).toMatchObject({ items: [], total: 23 });
  });

  it('given an unknown sort key or filter value (also __proto__), answers 400 in the SPEC §3 shape', async () => {
    for (const query of ['sort=__proto__', 'sort=constructor', 'sort=passwordHash', 'entityType=user', 'dir=sideways']) {
      const res = await get(`/api/admin/audit?${query}`);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().reason.code).toBe('validation_failed');
    }
  });

  it('given any sort, the keyset export batches return every row exactly once, in the page order, across batch boundaries', async () => {
    for (const sort of auditList.sortKeys) {
      for (const dir of ['asc', 'desc'] as const) {
        const q = auditListDef.querySchema.parse({ sort, dir, pageSize: 0 });
        const all = (await auditListDef.page(t.handle.db, q, null)).items.map((i) => i.id);
        for (const size of [1, 4, 7, 23]) {
          const seen: number[] = [];
          for await (const batch of auditListDef.batches(t.handle.db, q, null, size)) seen.push(...batch.map((r) => r.a.id));
          expect(seen, `${sort} ${dir} ${size}`).toEqual(all);
        }
        expect(new Set(all).size).toBe(23);
      }
    }
  });

  it('given the export just after midnight in Berlin (still yesterday in UTC), the file name carries the Berlin date', async () => {
    vi.useFakeTimers({ now: new Date('2026-03-31T22:30:00Z'), toFake: ['Date'] });
    const res = await get('/api/admin/audit/export.csv?entityType=facility');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="protokoll-2026-04-01.csv"');
    expect(res.rawPayload.subarray(3).toString('utf8').split('\r\n').filter(Boolean)).toHaveLength(12);
    vi.setSystemTime(new Date('2026-07-15T21:59:00Z'));
    expect((await get('/api/admin/audit/export.xlsx')).headers['content-disposition']).toBe('attachment; filename="protokoll-2026-07-15.xlsx"');
  });

  it('given an export whose query fails before the first byte, answers an error in the SPEC §3 shape instead of cutting the download', async () => {
    failing = true;
    for (const format of ['csv', 'xlsx']) {
      const res = await get(`/api/admin/audit-failing/export.${format}`);
      expect(res.statusCode).toBe(500);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.headers['content-disposition']).toBeUndefined();
      expect(res.json().reason).toMatchObject({ code: 'internal_error' });
      expect(res.body).not.toContain('kaputt');
    }
  });

  it('given a member, the admin list and its exports answer 403', async () => {
    const member = await loginAs(t.app, await createUser(t.handle.db));
    for (const url of ['/api/admin/audit', '/api/admin/audit/export.csv']) {
      expect((await t.app.inject({ method: 'GET', url, headers: { cookie: member } })).statusCode).toBe(403);
    }
  });
});
