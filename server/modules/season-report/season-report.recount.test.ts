import { describe, expect, it } from 'vitest';
import { seasonReportSchema } from '../../../src/shared/contracts/season-report';
import { seed } from '../../../scripts/bench/facilities-seed';
import { seedDemo } from '../../db/seed-demo';
import { parseAnswer } from '../../testing/parse-answer';
import { seedSeasonReportData } from '../../testing/season-report-seed';
import { buildTestApp } from '../../testing/test-app';
import { loginAs } from '../../testing/login-as';
import { adminApi, recountReport } from './test-helpers';

/**
 * Issue 22: every number of the season report equals what the matching admin list counts. The recount asks only the
 * lists (test-helpers.ts), for the demo data and for a generated world of 300 KiTas over ten seasons.
 */
async function expectRecounted(t: Awaited<ReturnType<typeof buildTestApp>>, cookie: string, identifier: string) {
  const res = await t.app.inject({ method: 'GET', url: `/api/admin/season-report/${identifier}`, headers: { cookie } });
  const report = parseAnswer(seasonReportSchema, res);
  const recounted = await recountReport(adminApi(t.app, cookie), identifier);
  // cells of the kinds grid in any order
  const byKey = (c: { kind: string; operatorKind: string }) => `${c.kind}/${c.operatorKind}`;
  const sortCells = <T extends { cells: { kind: string; operatorKind: string }[] }>(f: T) => ({
    ...f,
    cells: [...f.cells].sort((a, b) => byKey(a).localeCompare(byKey(b))),
  });
  expect(report.hasPortalData).toBe(true);
  expect(report.funnel).toEqual(recounted.funnel);
  expect(sortCells(report.facilities!)).toEqual(sortCells(recounted.facilities!));
  expect(report.reach).toEqual(recounted.reach);
  expect(report.programme).toEqual(recounted.programme);
  expect(report.teamWorkshops).toEqual(recounted.teamWorkshops);
  expect(report.awarding).toEqual(recounted.awarding);
  expect(report.comparison).toEqual(recounted.comparison);
  return report;
}

describe('season report recounted from the admin lists (issue 22)', () => {
  it('given the demo data, every figure of 2026-27 equals what the lists count', async () => {
    const t = await buildTestApp();
    try {
      await seedDemo(t.handle.db, { password: 'Demo-Passwort-2026' });
      const cookie = await loginAs(t.app, { email: 'admin@demo.example', password: 'Demo-Passwort-2026' });
      const report = await expectRecounted(t, cookie, '2026-27');
      // the demo's imported history fills the years before the portal
      expect(report.comparison.seasons.map((s) => `${s.identifier} ${s.source}`)).toEqual([
        '2021-22 import',
        '2022-23 import',
        '2023-24 import',
        '2024-25 import',
        '2025-26 portal',
        '2026-27 portal',
      ]);
      expect(report.funnel!.total.enrolled).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  }, 180_000);

  it('given 300 generated KiTas over ten seasons, every figure of the current season equals what the lists count', async () => {
    const t = await buildTestApp();
    try {
      const { cookie } = await seed(t.handle.db, { facilities: 300, persons: 1800, seasons: 10 });
      await seedSeasonReportData(t.handle.db, { imported: ['2017-18', '2018-19', '2019-20', '2020-21', '2021-22'], empty: ['2022-23'] });
      const report = await expectRecounted(t, cookie, '2026-27');
      expect(report.comparison.seasons.map((s) => `${s.identifier} ${s.source}`)).toEqual([
        '2021-22 import',
        '2022-23 none',
        '2023-24 portal',
        '2024-25 portal',
        '2025-26 portal',
        '2026-27 portal',
      ]);
      // the generated world reaches every kind of figure (no section is recounted as all zeros)
      expect(report.funnel!.total.awarded).toBeGreaterThan(0);
      expect(report.facilities!.awardedBefore).toBeGreaterThan(0);
      expect(report.facilities!.new).toBeGreaterThan(0);
      expect(report.reach!.total.childrenMissing).toBeGreaterThan(0);
      expect(report.programme!.trainingsTotal.attended).toBeGreaterThan(0);
      expect(report.programme!.trainingsTotal.cancelled).toBeGreaterThan(0);
      expect(report.programme!.hospitationsTotal.waitlisted).toBeGreaterThan(0);
      expect(report.awarding!.total.attended).toBeGreaterThan(0);
    } finally {
      await t.close();
    }
  }, 180_000);
});
