import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createFacility, enrol } from '../../testing/factories';
import { facilityFixture, type Role } from '../../testing/facility-fixture';
import { auditLog } from '../audit/audit.table';
import { seasons } from './seasons.table';
import { createTestWorld } from '../../testing/test-world';

const f = createTestWorld(() => facilityFixture());

const next = {
  identifier: '2027-28',
  label: 'KiTa-Jahr 2027/28',
  start_date: '2027-09-01',
  end_date: '2028-08-31',
  enrolment_deadline: '2028-02-04',
  documentation_deadline: '2028-06-30',
  allow_documentation: false,
};

describe('admin seasons', () => {
  let created: { id: number; version: number };

  it('given an admin, when creating a season, it is listed closed and not current; a duplicate identifier answers 409 with a field text', async () => {
    const res = await f.call('admin', { method: 'POST', url: '/api/admin/seasons', payload: next });
    expect(res.statusCode).toBe(201);
    created = res.json();
    expect(res.json()).toMatchObject({ identifier: '2027-28', enrolment_state: 'closed', is_current: false, enrolled_count: 0, version: 1 });
    const dup = await f.call('admin', { method: 'POST', url: '/api/admin/seasons', payload: next });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().reason.fields).toEqual({ identifier: 'Diese Kennung ist schon vergeben.' });
    const list = (await f.call('admin', { method: 'GET', url: '/api/admin/seasons' })).json().items;
    expect(list.map((s: { identifier: string }) => s.identifier)).toEqual(['2027-28', '2026-27']);
  });

  it('given bad input, answers 400 with German texts', async () => {
    const res = await f.call('admin', { method: 'POST', url: '/api/admin/seasons', payload: { ...next, identifier: '27/28', end_date: '2027-01-01' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().reason.fields).toMatchObject({ identifier: 'Die Kennung hat die Form JJJJ-JJ, z. B. 2026-27.' });
  });

  it('given a season, opening enrolment with the current version works; a stale version answers 409; both are audited', async () => {
    const open = await f.call('admin', { method: 'PUT', url: `/api/admin/seasons/${created.id}/enrolment-state`, payload: { enrolment_state: 'open', version: 1 } });
    expect(open.statusCode).toBe(200);
    expect(open.json()).toMatchObject({ enrolment_state: 'open', version: 2, updated_by: { id: f.users.admin.id } });
    const stale = await f.call('admin', { method: 'PUT', url: `/api/admin/seasons/${created.id}`, payload: { ...next, allow_documentation: true, version: 1 } });
    expect(stale.statusCode).toBe(409);
    const edit = await f.call('admin', { method: 'PUT', url: `/api/admin/seasons/${created.id}`, payload: { ...next, enrolment_state: 'open', allow_documentation: true, jury_date: '2028-07-10', version: 2 } });
    expect(edit.statusCode).toBe(200);
    expect(edit.json()).toMatchObject({ allow_documentation: true, jury_date: '2028-07-10', version: 3 });
    const history = (await f.call('admin', { method: 'GET', url: `/api/admin/seasons/${created.id}/history` })).json().items;
    expect(history.map((e: { action: string }) => e.action)).toEqual(['season.update', 'season.enrolment_open', 'season.create']);
    expect(history[0]).toMatchObject({ actor: { id: f.users.admin.id, name: 'Alex Admin' }, before: { allowDocumentation: false }, after: { allowDocumentation: true } });
    const entries = await f.db.select().from(auditLog).where(eq(auditLog.entityType, 'season'));
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['season.create', 'season.enrolment_open', 'season.update']));
  });

  it('given two seasons, making the new one current leaves exactly one current, and loginstatus shows it', async () => {
    const res = await f.call('admin', { method: 'POST', url: `/api/admin/seasons/${created.id}/make-current` });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ is_current: true });
    const current = await f.db.select().from(seasons).where(eq(seasons.isCurrent, true));
    expect(current.map((s) => s.identifier)).toEqual(['2027-28']);
    expect((await f.call('member', { method: 'GET', url: '/api/loginstatus' })).json().curSeason.identifier).toBe('2027-28');
    // back, so the other tests keep 2026-27
    await f.call('admin', { method: 'POST', url: `/api/admin/seasons/${f.season.id}/make-current` });
    const [entry] = await f.db.select().from(auditLog).where(eq(auditLog.action, 'season.make_current'));
    expect(entry?.after).toEqual({ current: { id: created.id, identifier: '2027-28' } });
  });

  it('given the database, a second current season is refused by the partial unique index even without the service', async () => {
    await expect(f.db.update(seasons).set({ isCurrent: true }).where(eq(seasons.id, created.id))).rejects.toThrow();
  });

  it('given many switches at once, exactly one season is current afterwards', async () => {
    await Promise.all([created.id, f.season.id, created.id, f.season.id].map((id) => f.call('admin', { method: 'POST', url: `/api/admin/seasons/${id}/make-current` })));
    const current = await f.db.select().from(seasons).where(eq(seasons.isCurrent, true));
    expect(current).toHaveLength(1);
    await f.call('admin', { method: 'POST', url: `/api/admin/seasons/${f.season.id}/make-current` });
  });

  it('given enrolments, the numbers count enrolled KiTas by region and kind (withdrawn ones apart)', async () => {
    const a = await createFacility(f.db, { region: 'Oberpfalz', kind: 'Hort' });
    const b = await createFacility(f.db, { region: 'Oberpfalz', kind: 'Krippe' });
    const c = await createFacility(f.db, { region: 'Schwaben', kind: 'Hort' });
    await enrol(f.db, a.id, created.id);
    await enrol(f.db, b.id, created.id);
    await enrol(f.db, c.id, created.id, { withdrawnAt: new Date() });
    const res = await f.call('admin', { method: 'GET', url: `/api/admin/seasons/${created.id}/stats` });
    expect(res.json()).toEqual({
      season_id: created.id,
      enrolled: 2,
      withdrawn: 1,
      by_region: [{ region: 'Oberpfalz', count: 2 }],
      by_kind: [
        { kind: 'Hort', count: 1 },
        { kind: 'Krippe', count: 1 },
      ],
    });
    expect((await f.call('admin', { method: 'GET', url: `/api/admin/seasons/${created.id}` })).json().enrolled_count).toBe(2);
  });

  it('given a non-admin, every admin season route answers 401/403', async () => {
    const expected: Record<Role, number> = { anonymous: 401, member: 403, otherMember: 403, admin: 200 };
    for (const role of ['anonymous', 'member'] as const) {
      for (const route of [
        { method: 'GET' as const, url: '/api/admin/seasons' },
        { method: 'POST' as const, url: '/api/admin/seasons', payload: next },
        { method: 'PUT' as const, url: `/api/admin/seasons/${created.id}`, payload: { ...next, version: 1 } },
        { method: 'POST' as const, url: `/api/admin/seasons/${created.id}/make-current` },
        { method: 'GET' as const, url: `/api/admin/seasons/${created.id}/stats` },
        { method: 'GET' as const, url: `/api/admin/seasons/${created.id}/history` },
      ]) {
        expect((await f.call(role, route)).statusCode).toBe(expected[role]);
      }
    }
  });
});
