import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seasonReportSchema } from '../../../src/shared/contracts/season-report';
import { sharp } from '../../lib/image-work';
import { createFacility, createSeason, createUser, enrol } from '../../testing/factories';
import { facilityFixture } from '../../testing/facility-fixture';
import { loginAs } from '../../testing/login-as';
import { parseAnswer, reasonOfAnswer } from '../../testing/parse-answer';
import { createTestWorld } from '../../testing/test-world';
import { createForm } from '../documentation/test-helpers';
import { createAwardingEvent, createModule, createOffering, createStaff } from '../programme/test-helpers';

const day = 86_400_000;

const f = createTestWorld(async () => {
  const fx = await facilityFixture();
  const { db, facility, otherFacility, season, users } = fx;
  await db.execute(sql`update facilities set kind = 'Krippe', operator_kind = 'kommunal', staff_count = 12 where id = ${facility.id}`);
  await db.execute(sql`update facilities set operator_kind = 'kirchlich', staff_count = null where id = ${otherFacility.id}`);
  const third = await createFacility(db, { label: 'Hort Drei', kind: 'Hort', region: 'Mittelfranken', operatorKind: 'kirchlich', staffCount: 5 });
  const gone = await createFacility(db, { label: 'Weg', region: 'Oberbayern' });
  const merged = await createFacility(db, { label: 'Doppelt', region: 'Oberbayern', staffCount: 99 });
  await db.execute(sql`update facilities set merged_into_id = ${facility.id}, merged_at = now() where id = ${merged.id}`);

  // 2025-26 in the portal: the first KiTa was there and awarded (approved form)
  const before = await createSeason(db, { identifier: '2025-26', label: 'KiTa-Jahr 2025/26' });
  await enrol(db, facility.id, before.id, { childrenTakingPart: 30 });
  await createForm(db, facility.id, before.id, { state: 'approved' });
  // 2024-25 only imported: the other KiTa enrolled and awarded; 2023-24 holds nothing
  const imported = await createSeason(db, { identifier: '2024-25', label: 'KiTa-Jahr 2024/25' });
  await createSeason(db, { identifier: '2023-24', label: 'KiTa-Jahr 2023/24' });
  await db.execute(
    sql`insert into legacy_imports (file_name, file_sha256, headers, mapping, state, committed_at) values ('alt.csv', 'x', '[]', '[]', 'committed', now())`,
  );
  await db.execute(sql`insert into legacy_records (import_id, facility_id, season_id, kind)
    select (select max(id) from legacy_imports), x.fid, ${imported.id}, x.kind from (values (${otherFacility.id}::int, 'enrolment'), (${otherFacility.id}::int, 'award')) as x(fid, kind)`);

  // 2026-27: three KiTas live, one withdrawn, one merged away
  const e1 = await enrol(db, facility.id, season.id, { childrenTakingPart: 40 });
  await enrol(db, otherFacility.id, season.id, { childrenTakingPart: null, approvedForAwardAt: new Date() });
  await enrol(db, third.id, season.id, { childrenTakingPart: 15 });
  await enrol(db, gone.id, season.id, { withdrawnAt: new Date() });
  await enrol(db, merged.id, season.id, { childrenTakingPart: 1000 });
  await createForm(db, facility.id, season.id, { state: 'returned' });
  await createForm(db, otherFacility.id, season.id, { state: 'approved' });

  // a past training in Oberbayern (3 seats: attended, confirmed, waitlisted, cancelled), one cancelled, one draft;
  // a coming hospitation without a region
  const mod = await createModule(db, season.id, { title: 'Wasser' });
  const past = await createOffering(db, season.id, {
    moduleId: mod.id,
    region: 'Oberbayern',
    capacity: 3,
    startsAt: new Date(Date.now() - 10 * day),
    endsAt: new Date(Date.now() - 10 * day + 3_600_000),
  });
  await createOffering(db, season.id, { moduleId: mod.id, region: 'Schwaben', state: 'cancelled' });
  await createOffering(db, season.id, { moduleId: mod.id, region: 'Schwaben', state: 'draft' });
  const hosp = await createOffering(db, season.id, { kind: 'hospitation', moduleId: null, hostFacilityId: third.id, region: null, capacity: 2 });
  const [p1, p2, p3, p4] = await createStaff(db, facility.id, 4);
  await db.execute(sql`insert into offering_enrolments (offering_id, facility_id, person_id, state) values
    (${past.id}, ${facility.id}, ${p1!.id}, 'attended'), (${past.id}, ${facility.id}, ${p2!.id}, 'confirmed'),
    (${past.id}, ${facility.id}, ${p3!.id}, 'waitlisted'), (${past.id}, ${facility.id}, ${p4!.id}, 'cancelled'),
    (${hosp.id}, ${facility.id}, ${p1!.id}, 'confirmed')`);

  // team workshops: one submitted, one scheduled, one withdrawn (not counted)
  await db.execute(sql`insert into team_workshop_applications (facility_id, season_id, preferred_date_1, participant_count, state, scheduled_at, withdrawn_at) values
    (${facility.id}, ${season.id}, '2027-03-01', 10, 'submitted', null, null),
    (${otherFacility.id}, ${season.id}, '2027-03-02', 12, 'scheduled', now(), null),
    (${third.id}, ${season.id}, '2027-03-03', 8, 'submitted', null, now())`);

  // an awarding event with a booked workshop (two KiTas) and a cancelled one; a draft event (not counted)
  const event = await createAwardingEvent(db, season.id, { title: 'Auszeichnung Süd', region: 'Oberbayern' });
  await createAwardingEvent(db, season.id, { title: 'Entwurf', state: 'draft' });
  const ws = await createOffering(db, season.id, { kind: 'awarding', moduleId: null, awardingEventId: event.id, capacity: 20 });
  await createOffering(db, season.id, { kind: 'awarding', moduleId: null, awardingEventId: event.id, capacity: 20, state: 'cancelled' });
  const [q1] = await createStaff(db, otherFacility.id, 1);
  await db.execute(sql`insert into offering_enrolments (offering_id, facility_id, person_id, state) values
    (${ws.id}, ${facility.id}, ${p2!.id}, 'confirmed'), (${ws.id}, ${otherFacility.id}, ${q1!.id}, 'confirmed')`);
  const jury = await createUser(db, { isJury: true });
  return { ...fx, e1, event, mod, users, juryCookie: await loginAs(fx.t.app, jury) };
});

const url = (identifier: string) => `/api/admin/season-report/${identifier}`;
const get = async (identifier: string) => parseAnswer(seasonReportSchema, await f.call('admin', { method: 'GET', url: url(identifier) }));
const zeros = { dates: 0, held: 0, cancelled: 0, seats: 0, booked: 0, attended: 0, waitlisted: 0 };

describe('season report (issue 22)', () => {
  it('given a season in the portal, each section counts as its list does (withdrawn, merged, drafts left out)', async () => {
    const r = await get('2026-27');
    expect(r.season).toEqual({ identifier: '2026-27', label: 'KiTa-Jahr 2026/27', isCurrent: true });
    expect(r.funnel!.total).toEqual({ enrolled: 3, submitted: 2, approved: 1, awarded: 1 });
    expect(r.funnel!.rows.find((x) => x.region === 'Oberbayern')).toEqual({
      region: 'Oberbayern',
      enrolled: 1,
      submitted: 1,
      approved: 0,
      awarded: 0,
    });
    expect(r.funnel!.rows.map((x) => x.region)).toEqual([
      'Oberbayern',
      'Niederbayern',
      'Oberpfalz',
      'Oberfranken',
      'Mittelfranken',
      'Unterfranken',
      'Schwaben',
    ]);
    expect(r.facilities).toEqual({
      cells: expect.arrayContaining([
        { kind: 'Krippe', operatorKind: 'kommunal', count: 1 },
        { kind: 'Kindergarten', operatorKind: 'kirchlich', count: 1 },
        { kind: 'Hort', operatorKind: 'kirchlich', count: 1 },
      ]),
      enrolled: 3,
      // the first KiTa took part in 2025-26 (awarded), the other one in the imported 2024-25 (awarded)
      new: 1,
      again: 2,
      awardedBefore: 2,
    });
    expect(r.reach!.total).toEqual({ facilities: 3, children: 55, childrenMissing: 1, staff: 17, staffMissing: 1 });
    // Schwaben: one KiTa that gave neither number reads "keine Daten"; a region without KiTas reads 0
    expect(r.reach!.rows.find((x) => x.region === 'Schwaben')).toEqual({
      region: 'Schwaben',
      facilities: 1,
      children: null,
      childrenMissing: 1,
      staff: null,
      staffMissing: 1,
    });
    expect(r.reach!.rows.find((x) => x.region === 'Oberpfalz')).toMatchObject({ facilities: 0, children: 0, staff: 0 });
  });

  it('given the programme, dates, seats, bookings and the waiting list per module and region', async () => {
    const { programme, teamWorkshops, awarding } = await get('2026-27');
    const past = { dates: 1, held: 1, cancelled: 0, seats: 3, booked: 2, attended: 1, waitlisted: 1 };
    expect(programme!.trainingsByModule).toEqual([{ moduleId: f.mod.id, title: 'Wasser', ...past, cancelled: 1 }]);
    expect(programme!.trainingsByRegion.find((x) => x.region === 'Oberbayern')).toEqual({ region: 'Oberbayern', ...past });
    expect(programme!.trainingsByRegion.find((x) => x.region === 'Schwaben')).toEqual({ region: 'Schwaben', ...zeros, cancelled: 1 });
    expect(programme!.trainingsTotal).toEqual({ ...past, cancelled: 1 });
    expect(programme!.hospitationsByRegion.at(-1)).toEqual({ region: '', ...zeros, dates: 1, seats: 2, booked: 1 });
    expect(teamWorkshops!.rows).toEqual([
      { state: 'submitted', applications: 1, participants: 10 },
      { state: 'accepted', applications: 0, participants: 0 },
      { state: 'declined', applications: 0, participants: 0 },
      { state: 'scheduled', applications: 1, participants: 12 },
    ]);
    expect(awarding!.events).toEqual([
      expect.objectContaining({
        id: f.event.id,
        title: 'Auszeichnung Süd',
        workshops: 1,
        seats: 20,
        booked: 2,
        attended: 0,
        waitlisted: 0,
        facilities: 2,
      }),
    ]);
  });

  it('given earlier seasons, the comparison shows the portal, the import and "keine Daten", oldest first', async () => {
    const { comparison } = await get('2026-27');
    expect(comparison.seasons).toEqual([
      {
        identifier: '2023-24',
        label: 'KiTa-Jahr 2023/24',
        source: 'none',
        enrolled: null,
        submitted: null,
        approved: null,
        awarded: null,
        children: null,
      },
      {
        identifier: '2024-25',
        label: 'KiTa-Jahr 2024/25',
        source: 'import',
        enrolled: 1,
        submitted: null,
        approved: null,
        awarded: 1,
        children: null,
      },
      { identifier: '2025-26', label: 'KiTa-Jahr 2025/26', source: 'portal', enrolled: 1, submitted: 1, approved: 1, awarded: 1, children: 30 },
      { identifier: '2026-27', label: 'KiTa-Jahr 2026/27', source: 'portal', enrolled: 3, submitted: 2, approved: 1, awarded: 1, children: 55 },
    ]);
  });

  it('given a season before the portal, its sections have no data (null), never 0', async () => {
    const r = await get('2024-25');
    expect(r.hasPortalData).toBe(false);
    expect([r.funnel, r.facilities, r.reach, r.programme, r.teamWorkshops, r.awarding]).toEqual([null, null, null, null, null, null]);
    expect(r.comparison.seasons.map((s) => s.source)).toEqual(['none', 'import']);
  });

  it('given the XLSX, one sheet per section with number cells and "keine Daten" where a figure has none', async () => {
    const res = await f.call('admin', { method: 'GET', url: `${url('2026-27')}/export.xlsx` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="auswertung-2026-27-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.name)).toEqual([
      'Anmeldung bis Auszeichnung',
      'Teilnehmende KiTas',
      'Kinder und Mitarbeitende',
      'Fortbildungen, Hospitationen',
      'Team-Workshops',
      'Auszeichnungsveranstaltungen',
      'Vergleich',
    ]);
    const rows = (name: string) => book.getWorksheet(name)!.getSheetValues().filter(Boolean) as unknown[][];
    const sum = rows('Anmeldung bis Auszeichnung').find((r) => r[1] === 'Summe')!;
    expect(sum.slice(1)).toEqual(['Summe', 3, 2, 1, 1]);
    // a figure without data: an empty number cell whose note gives the reason (the words in a number column read as
    // "2 keine Daten" beside a neighbour's figure); header fonts named, number headers right above their numbers
    const comparison = book.getWorksheet('Vergleich')!;
    const imported = rows('Vergleich').find((r) => r[1] === 'KiTa-Jahr 2024/25')!;
    // (a row's trailing empty cells are not stored)
    expect(imported.slice(1)).toEqual(['KiTa-Jahr 2024/25', 'importiert', 1, undefined, undefined, 1]);
    const rowWith = (first: string) => comparison.getRows(1, comparison.rowCount)!.find((r) => r.getCell(1).value === first)!;
    const importedRow = rowWith('KiTa-Jahr 2024/25');
    expect([importedRow.getCell(4).value, importedRow.getCell(4).note]).toEqual([null, 'keine Daten']);
    expect(importedRow.getCell(3).note).toBeUndefined();
    const header = rowWith('KiTa-Jahr');
    expect(rowWith('Eine leere Zahl heißt: keine Daten (die Notiz der Zelle sagt es).')).toBeDefined();
    expect(header.getCell(3).font).toMatchObject({ name: 'Calibri', bold: true });
    expect([header.getCell(1).alignment?.horizontal, header.getCell(3).alignment?.horizontal]).toEqual([undefined, 'right']);
    // beside the numbers, each section's charts as one PNG image right of the tables, drawn at twice its size
    for (const sheet of book.worksheets) {
      const images = sheet.getImages();
      expect(images, sheet.name).toHaveLength(1);
      expect(images[0]!.range.tl.nativeCol).toBeGreaterThanOrEqual(sheet.columnCount);
      const image = book.getImage(Number(images[0]!.imageId));
      expect(image.extension).toBe('png');
      const meta = await sharp(image.buffer as unknown as Buffer).metadata();
      expect(meta).toMatchObject({ format: 'png', width: 2 * 744 });
      expect((images[0]!.range as unknown as { ext: object }).ext).toMatchObject({ width: 744, height: meta.height! / 2 });
    }
  });

  it('given a season before the portal, its XLSX has the comparison chart only (the other sections read "keine Daten")', async () => {
    const res = await f.call('admin', { method: 'GET', url: `${url('2024-25')}/export.xlsx` });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(book.worksheets.map((s) => s.getImages().length)).toEqual([0, 0, 0, 0, 0, 0, 1]);
  });

  it('given an unknown season 404, a malformed one 400; staff, a jury member and nobody are refused', async () => {
    expect(reasonOfAnswer(await f.call('admin', { method: 'GET', url: url('2030-31') }), 404).code).toBe('not_found');
    expect((await f.call('admin', { method: 'GET', url: url('abc') })).statusCode).toBe(400);
    expect((await f.call('member', { method: 'GET', url: url('2026-27') })).statusCode).toBe(403);
    expect((await f.t.app.inject({ method: 'GET', url: url('2026-27'), headers: { cookie: f.juryCookie } })).statusCode).toBe(403);
    expect((await f.call('anonymous', { method: 'GET', url: `${url('2026-27')}/export.xlsx` })).statusCode).toBe(401);
  });
});
