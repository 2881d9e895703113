import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createFacility, enrol } from '../../testing/factories';
import { facilityFixture, type Role } from '../../testing/facility-fixture';
import { auditLog } from '../audit/audit.table';
import { seasons } from './seasons.table';
import { createTestWorld } from '../../testing/test-world';
import { parseAnswer, reasonOfAnswer } from '../../testing/parse-answer';
import {
  adminSeasonPageSchema,
  adminSeasonSchema,
  seasonChoiceListSchema,
  seasonHistorySchema,
  seasonStatsSchema,
} from '../../../src/shared/contracts/admin-seasons';
import type { AdminSeason } from '../../../src/shared/contracts/admin-seasons';

const f = createTestWorld(() => facilityFixture());

const next = {
  identifier: '2027-28',
  label: 'KiTa-Jahr 2027/28',
  startDate: '2027-09-01',
  endDate: '2028-08-31',
  enrolmentDeadline: '2028-02-04',
  documentationDeadline: '2028-06-30',
  allow_documentation: false,
};

describe('admin seasons', () => {
  let created: AdminSeason;

  it('given an admin, when creating a season, it is listed closed and not current; a duplicate identifier answers 409 with a field text', async () => {
    created = parseAnswer(adminSeasonSchema, await f.call('admin', { method: 'POST', url: '/api/admin/seasons', payload: next }), 201);
    expect(created).toMatchObject({ identifier: '2027-28', enrolment_state: 'closed', isCurrent: false, enrolledCount: 0, version: 1 });
    const dup = await f.call('admin', { method: 'POST', url: '/api/admin/seasons', payload: next });
    expect(reasonOfAnswer(dup, 409).fields).toEqual({ identifier: 'Diese Kennung ist schon vergeben.' });
    const list = parseAnswer(adminSeasonPageSchema, await f.call('admin', { method: 'GET', url: '/api/admin/seasons' })).items;
    expect(list.map((s) => s.identifier)).toEqual(['2027-28', '2026-27']);
  });

  it('given bad input, answers 400 with German texts', async () => {
    const res = await f.call('admin', {
      method: 'POST',
      url: '/api/admin/seasons',
      payload: { ...next, identifier: '27/28', endDate: '2027-01-01' },
    });
    expect(reasonOfAnswer(res, 400).fields).toMatchObject({ identifier: 'Die Kennung hat die Form JJJJ-JJ, z. B. 2026-27.' });
  });

  it('given a season, opening enrolment with the current version works; a stale version answers 409; both are audited', async () => {
    const open = parseAnswer(
      adminSeasonSchema,
      await f.call('admin', {
        method: 'PUT',
        url: `/api/admin/seasons/${created.id}/enrolment-state`,
        payload: { enrolment_state: 'open', version: 1 },
      }),
    );
    expect(open).toMatchObject({ enrolment_state: 'open', version: 2, updatedBy: { id: f.users.admin.id } });
    const stale = await f.call('admin', {
      method: 'PUT',
      url: `/api/admin/seasons/${created.id}`,
      payload: { ...next, allow_documentation: true, version: 1 },
    });
    expect(reasonOfAnswer(stale, 409).code).toBe('conflict');
    const edit = parseAnswer(
      adminSeasonSchema,
      await f.call('admin', {
        method: 'PUT',
        url: `/api/admin/seasons/${created.id}`,
        payload: { ...next, enrolment_state: 'open', allow_documentation: true, juryDate: '2028-07-10', version: 2 },
      }),
    );
    expect(edit).toMatchObject({ allow_documentation: true, juryDate: '2028-07-10', version: 3 });
    const history = parseAnswer(seasonHistorySchema, await f.call('admin', { method: 'GET', url: `/api/admin/seasons/${created.id}/history` })).items;
    expect(history.map((e) => e.action)).toEqual(['season.update', 'season.enrolment_open', 'season.create']);
    expect(history[0]).toMatchObject({
      actor: { id: f.users.admin.id, name: 'Alex Admin' },
      before: { allowDocumentation: false },
      after: { allowDocumentation: true },
    });
    const entries = await f.db.select().from(auditLog).where(eq(auditLog.entityType, 'season'));
    expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['season.create', 'season.enrolment_open', 'season.update']));
  });

  it('given two seasons, making the new one current leaves exactly one current, and loginstatus shows it', async () => {
    const res = parseAnswer(adminSeasonSchema, await f.call('admin', { method: 'POST', url: `/api/admin/seasons/${created.id}/make-current` }));
    expect(res).toMatchObject({ isCurrent: true });
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
    await Promise.all(
      [created.id, f.season.id, created.id, f.season.id].map((id) =>
        f.call('admin', { method: 'POST', url: `/api/admin/seasons/${id}/make-current` }),
      ),
    );
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
    const res = parseAnswer(seasonStatsSchema, await f.call('admin', { method: 'GET', url: `/api/admin/seasons/${created.id}/stats` }));
    expect(res).toEqual({
      seasonId: created.id,
      enrolled: 2,
      withdrawn: 1,
      byRegion: [{ region: 'Oberpfalz', count: 2 }],
      byKind: [
        { kind: 'Hort', count: 1 },
        { kind: 'Krippe', count: 1 },
      ],
    });
    expect(parseAnswer(adminSeasonSchema, await f.call('admin', { method: 'GET', url: `/api/admin/seasons/${created.id}` })).enrolledCount).toBe(2);
  });

  it('given a non-admin, every admin season route answers 401/403', async () => {
    const expected: Record<Role, number> = { anonymous: 401, member: 403, otherMember: 403, admin: 200 };
    for (const role of ['anonymous', 'member'] as const) {
      for (const route of [
        { method: 'GET' as const, url: '/api/admin/seasons' },
        { method: 'GET' as const, url: '/api/admin/seasons/choices' },
        { method: 'GET' as const, url: '/api/admin/seasons/export.csv' },
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

  it('given the seasons on the list kit, the list sorts, searches and filters on the server, answers 400 on an unknown sort key and exports the filtered list', async () => {
    const page = (query: string) =>
      f.call('admin', { method: 'GET', url: `/api/admin/seasons?${query}` }).then((r) => parseAnswer(adminSeasonPageSchema, r));
    expect((await page('sort=enrolledCount&dir=desc')).items.map((s) => [s.identifier, s.enrolledCount])).toEqual([
      ['2027-28', 2],
      ['2026-27', 0],
    ]);
    expect((await page('q=2027-28')).items.map((s) => s.identifier)).toEqual(['2027-28']);
    expect((await page('enrolment_state=closed')).items.map((s) => s.identifier)).toEqual([]);
    expect((await page('enrolment_state=open&sort=identifier&dir=asc')).items.map((s) => s.identifier)).toEqual(['2026-27', '2027-28']);
    expect(await page('pageSize=1&page=2')).toMatchObject({ total: 2, page: 2, pageSize: 1, items: [{ identifier: '2026-27' }] });
    expect(reasonOfAnswer(await f.call('admin', { method: 'GET', url: '/api/admin/seasons?sort=__proto__' }), 400).code).toBe('validation_failed');
    const csv = await f.call('admin', { method: 'GET', url: '/api/admin/seasons/export.csv?q=2027-28' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="kita-jahre-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(
      'Kennung;Bezeichnung;Beginn;Ende;Anmeldung;Anmeldung öffnet;Anmeldefrist;Dokumentation erlaubt;Dokumentationsfrist;Angemeldete KiTas;Aktuell;Zuletzt geändert',
    );
    expect(lines[1]).toMatch(
      /^2027-28;KiTa-Jahr 2027\/28;01\.09\.2027;31\.08\.2028;offen;;04\.02\.2028;Ja;30\.06\.2028;2;Nein;\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/,
    );
    expect(lines.slice(2)).toEqual(['']);
    const xlsx = await f.call('admin', { method: 'GET', url: '/api/admin/seasons/export.xlsx' });
    expect(xlsx.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  });

  it('given the seasons, the choices answer every season (newest first, not paged) with the current one marked', async () => {
    const choices = parseAnswer(seasonChoiceListSchema, await f.call('admin', { method: 'GET', url: '/api/admin/seasons/choices' })).items;
    expect(choices).toEqual([
      { id: created.id, identifier: '2027-28', label: 'KiTa-Jahr 2027/28', isCurrent: false },
      { id: f.season.id, identifier: '2026-27', label: expect.any(String), isCurrent: true },
    ]);
  });
});
