import { once } from 'node:events';
import { Readable } from 'node:stream';
import { and, count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import iconv from 'iconv-lite';
import yazl from 'yazl';
import { describe, expect, it } from 'vitest';
import {
  legacyHistorySchema,
  legacyImportListSchema,
  legacyImportRowSchema,
  legacyImportSchema,
  legacyRowsPageSchema,
} from '../../../src/shared/contracts/legacy-imports';
import { auditLog } from '../audit/audit.table';
import { facilities } from '../facilities/facilities.table';
import { seasons } from '../seasons/seasons.table';
import { addMember, createSeason, createUser, enrol } from '../../testing/factories';
import { oneLineCsv, reorderedXlsx, xlsxOf, xlsxWithLongString } from '../../testing/hostile-legacy-files';
import { facilityFixture } from '../../testing/facility-fixture';
import { fixtureFiles } from '../../testing/fixture-files';
import { loginAs } from '../../testing/login-as';
import { parseAnswer, reasonOfAnswer } from '../../testing/parse-answer';
import { createTestWorld } from '../../testing/test-world';
import { awardedBeforeFromImports } from './legacy-history';
import { LEGACY_LIMITS } from './legacy-file';
import { legacyImportCreated, legacyImportRows, legacyImports, legacyRecords } from './legacy-imports.table';
import { parseEvents } from './legacy-parse-pool';

const f = createTestWorld(async () => {
  const f = await facilityFixture();
  await createSeason(f.db, { identifier: '2021-22', label: 'KiTa-Jahr 2021/22', startDate: '2021-09-01', endDate: '2022-08-31' });
  const jury = await createUser(f.db, { isJury: true });
  return { ...f, juryCookie: await loginAs(f.t.app, jury) };
});

const header = 'KiTa-Name;PLZ;Ort;KiTa-Jahr;angemeldet am;ausgezeichnet;Bemerkung';
/** a CSV as German Excel saves it: Windows-1252, `;`, CRLF */
const csv = (...lines: string[]) => iconv.encode([header, ...lines].join('\r\n') + '\r\n', 'windows-1252');

async function zipOf(entries: Record<string, Buffer | Readable>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, body] of Object.entries(entries)) {
    if (Buffer.isBuffer(body)) zip.addBuffer(body, name);
    else zip.addReadStream(body, name);
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const c of zip.outputStream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** an XLSX whose sheet has every row Excel allows (1,048,576), written as XML by hand: a few MB zipped */
function excelMaxRows(): Promise<Buffer> {
  const xml = (s: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${s}`);
  const ns = 'http://schemas.openxmlformats.org';
  function* sheet() {
    yield `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="${ns}/spreadsheetml/2006/main"><sheetData>`;
    for (let r = 1; r <= 1_048_576; r += 4096) {
      let chunk = '';
      for (let i = r; i < r + 4096; i++) chunk += `<row r="${i}"><c r="A${i}"><v>${i}</v></c></row>`;
      yield chunk;
    }
    yield '</sheetData></worksheet>';
  }
  return zipOf({
    '[Content_Types].xml': xml(
      `<Types xmlns="${ns}/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
    '_rels/.rels': xml(
      `<Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    'xl/workbook.xml': xml(
      `<workbook xmlns="${ns}/spreadsheetml/2006/main" xmlns:r="${ns}/officeDocument/2006/relationships"><sheets><sheet name="Daten" sheetId="1" r:id="rId1"/></sheets></workbook>`,
    ),
    'xl/_rels/workbook.xml.rels': xml(
      `<Relationships xmlns="${ns}/package/2006/relationships"><Relationship Id="rId1" Type="${ns}/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    'xl/worksheets/sheet1.xml': Readable.from(sheet()),
  });
}

/** the form as the browser sends it (SPEC §3: multipart, the file in the field `datei`); inject sets the boundary */
const form = (...files: { field?: string; body: Buffer; fileName?: string }[]) => {
  const data = new FormData();
  data.append('hinweis', 'Export aus Excel');
  for (const file of files) data.append(file.field ?? 'datei', new Blob([new Uint8Array(file.body)]), file.fileName ?? 'alt.csv');
  return data;
};
const upload = (body: Buffer, fileName = 'alt.csv'): InjectOptions => ({
  method: 'POST',
  url: '/api/admin/legacy-imports',
  payload: form({ body, fileName }),
});
const uploadOk = async (body: Buffer, fileName?: string) => parseAnswer(legacyImportSchema, await f.call('admin', upload(body, fileName)), 201);
const rows = async (id: number, query = '') =>
  parseAnswer(
    legacyRowsPageSchema,
    await f.call('admin', { method: 'GET', url: `/api/admin/legacy-imports/${id}/rows?${query.includes('pageSize') ? '' : 'pageSize=500'}${query}` }),
  );
const post = (id: number, what: 'commit' | 'undo') => f.call('admin', { method: 'POST', url: `/api/admin/legacy-imports/${id}/${what}` });
const recordsOf = async (importId: number) =>
  Number((await f.db.select({ n: count() }).from(legacyRecords).where(eq(legacyRecords.importId, importId)))[0]!.n);

describe('legacy import', () => {
  it('given a Windows-1252 CSV, the preview matches exactly, offers candidates, creates new KiTas and says what is wrong per cell', async () => {
    const imp = await uploadOk(
      csv(
        'Kinderhaus Sonnenschein;80802;München;2021-22;01.10.2021;ja;',
        'Kinderhaus Sonnenscheinchen;80802;München;2020/21;;nein;ähnlich',
        'Kita Neubau – Süd;80331;München;2019/20;;ja;Spende 5 €',
        'Kita Fehler;8033;München;2021/22;31.02.2021;ja;',
        'Kita Zukunft;80331;München;2030/31;;;',
        'Kinderhaus Sonnenschein;80802;München;2021/22;;;zweimal',
      ),
    );
    expect(imp.state).toBe('preview');
    expect(imp.columns).toEqual(['label', 'postalCode', 'city', 'season', 'enrolledOn', 'awarded', 'remark']);
    expect(imp.counts).toEqual({ total: 6, accepted: 3, error: 2, duplicate: 1, skipped: 0 });
    // what "Importieren" would create (issue 34): the new KiTa of row 4, the two unknown past seasons, an enrolment per
    // good row and an award per good row saying "ja"
    expect(imp.plan).toEqual({ facilities: 1, seasons: 2, enrolments: 3, awards: 2, seasonLabels: ['KiTa-Jahr 2020/21', 'KiTa-Jahr 2019/20'] });
    const page = await rows(imp.id);
    const byRow = new Map(page.items.map((r) => [r.rowNo, r]));
    expect(byRow.get(2)).toMatchObject({ state: 'accepted', matchKind: 'exact', facility: { id: f.facility.id }, season: 'KiTa-Jahr 2021/22' });
    expect(byRow.get(3)).toMatchObject({ state: 'accepted', matchKind: 'candidate', facility: { id: f.facility.id } });
    expect(byRow.get(3)!.candidates[0]).toMatchObject({ id: f.facility.id, label: 'Kinderhaus Sonnenschein' });
    expect(byRow.get(4)).toMatchObject({ state: 'accepted', matchKind: 'new', facility: null, label: 'Kita Neubau – Süd' });
    expect(byRow.get(5)!.errors).toEqual({
      postalCode: 'Die PLZ „8033“ hat nicht genau 5 Ziffern. Trag die fünfstellige PLZ der KiTa ein.',
      enrolledOn: 'Das Datum „31.02.2021“ gibt es nicht. Korrigiere es oder lass das Feld leer.',
    });
    expect(byRow.get(6)!.errors.season).toMatch(/gibt es noch nicht/);
    expect(byRow.get(7)).toMatchObject({ state: 'duplicate', errors: { row: 'Doppelt: dieselbe KiTa im selben KiTa-Jahr wie Zeile 2.' } });
    expect((await rows(imp.id, '&state=error')).items.map((r) => r.rowNo)).toEqual([5, 6]);
    expect((await rows(imp.id, '&state=duplicate&pageSize=1&page=1')).total).toBe(1);
  });

  it('given an XLSX as LibreOffice writes it (PLZ as numbers, a date cell, umlauts, – and €), imports what it says and invents nothing', async () => {
    const imp = await uploadOk(fixtureFiles.libreOfficeXlsx.buffer, 'aus-libreoffice.xlsx');
    expect(imp.counts).toEqual({ total: 2, accepted: 2, error: 0, duplicate: 0, skipped: 0 });
    expect(imp.plan).toEqual({ facilities: 2, seasons: 1, enrolments: 2, awards: 1, seasonLabels: ['KiTa-Jahr 2019/20'] });
    parseAnswer(legacyImportSchema, await post(imp.id, 'commit'));
    const byLabel = async (label: string) => (await f.db.select().from(facilities).where(eq(facilities.label, label)))[0]!;
    const nothingElse = {
      street: '',
      kind: '',
      operatorKind: '',
      operatorName: '',
      phone: '',
      email: '',
      website: '',
      childrenCount: null,
      staffCount: null,
    };
    expect(await byLabel('Kita Sonnenblume Fürth')).toMatchObject({ postalCode: '90762', city: 'Fürth', region: 'Mittelfranken', ...nothingElse });
    expect(await byLabel('Kinderhaus Zwergenland')).toMatchObject({ postalCode: '86150', city: 'Augsburg', region: 'Schwaben', ...nothingElse });
    const records = await f.db
      .select({ kind: legacyRecords.kind, enrolledOn: legacyRecords.enrolledOn, remark: legacyRecords.remark, documented: legacyRecords.documented })
      .from(legacyRecords)
      .where(eq(legacyRecords.importId, imp.id));
    // the date cell is the day it shows; an empty cell stays empty, as does what no column said (documented)
    expect(records).toEqual(
      expect.arrayContaining([
        { kind: 'enrolment', enrolledOn: '2019-10-15', remark: 'Grüße – 5 €', documented: null },
        { kind: 'enrolment', enrolledOn: null, remark: '', documented: null },
      ]),
    );
  });

  it('given a candidate fixed by hand to "neu anlegen", the commit creates that KiTa, the closed past season and the records; the KiTa shows its history', async () => {
    const imp = await uploadOk(csv('Kita Seeblick;86161;Augsburg;2018/19;;ja;', 'Kita Lechauen Nord;86161;Augsburg;2018-19;;nein;'), 'seeblick.csv');
    expect(imp.plan).toMatchObject({ facilities: 1, seasons: 1, enrolments: 2, awards: 1 });
    const page = await rows(imp.id);
    const candidate = page.items.find((r) => r.label === 'Kita Lechauen Nord')!;
    expect(candidate).toMatchObject({ matchKind: 'candidate', facility: { id: f.otherFacility.id } });
    const fixed = await f.call('admin', {
      method: 'PUT',
      url: `/api/admin/legacy-imports/${imp.id}/rows/${candidate.id}/match`,
      payload: { facilityId: null },
    });
    expect(fixed.json()).toMatchObject({ matchKind: 'manual', facility: null });
    // the plan follows the fix: a second new KiTa; the commit then creates exactly what the preview said
    const planned = parseAnswer(legacyImportSchema, await f.call('admin', { method: 'GET', url: `/api/admin/legacy-imports/${imp.id}` })).plan;
    expect(planned).toEqual({ facilities: 2, seasons: 1, enrolments: 2, awards: 1, seasonLabels: ['KiTa-Jahr 2018/19'] });
    const committed = parseAnswer(legacyImportSchema, await post(imp.id, 'commit'));
    const { seasonLabels: _labels, ...plannedCounts } = planned!;
    expect(committed).toMatchObject({ state: 'committed', created: plannedCounts, plan: null });
    const season = (await f.db.select().from(seasons).where(eq(seasons.identifier, '2018-19')))[0]!;
    expect(season).toMatchObject({ enrolmentState: 'closed', allowDocumentation: false, isCurrent: false, label: 'KiTa-Jahr 2018/19' });
    const created = await f.db.select().from(legacyImportCreated).where(eq(legacyImportCreated.importId, imp.id));
    const seeblick = (await f.db.select().from(facilities).where(eq(facilities.label, 'Kita Seeblick')))[0]!;
    // the row fixed to "neu anlegen" by hand names the KiTa the import created for it
    const lechauenNord = (await f.db.select().from(facilities).where(eq(facilities.label, 'Kita Lechauen Nord')))[0]!;
    expect((await rows(imp.id)).items.find((r) => r.id === candidate.id)).toMatchObject({ matchKind: 'new', facility: { id: lechauenNord.id } });
    expect(created.map((c) => c.entityId)).toContain(seeblick.id);
    // what the file said and nothing more (issue 34): no invented kind or operator kind, no street
    expect(seeblick).toMatchObject({ region: 'Schwaben', postalCode: '86161', city: 'Augsburg', street: '', kind: '', operatorKind: '' });
    const history = parseAnswer(
      legacyHistorySchema,
      await f.call('admin', { method: 'GET', url: `/api/admin/facilities/${seeblick.id}/legacy-history` }),
    );
    expect(history.items).toEqual([expect.objectContaining({ seasonIdentifier: '2018-19', enrolled: true, awarded: true, importId: imp.id })]);
    expect((await awardedBeforeFromImports(f.db, [seeblick.id, f.otherFacility.id])).get(seeblick.id)).toEqual(['2018-19']);
    const actions = (await f.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityType, 'legacy_import'))).map(
      (a) => a.action,
    );
    expect(actions).toEqual(expect.arrayContaining(['legacy_import.upload', 'legacy_import.fix_match', 'legacy_import.commit']));
    // a second commit of the same import is refused
    expect(reasonOfAnswer(await post(imp.id, 'commit'), 409).code).toBe('legacy_import_state');
  });

  it('given the same file twice, the second preview marks the rows doppelt and its commit adds nothing', async () => {
    const file = csv('Kita Zweimal;90402;Nürnberg;2017/18;;ja;');
    const first = await uploadOk(file);
    await post(first.id, 'commit');
    const second = await uploadOk(file);
    expect(second.counts).toMatchObject({ accepted: 0, duplicate: 1 });
    expect(second.plan).toEqual({ facilities: 0, seasons: 0, enrolments: 0, awards: 0, seasonLabels: [] });
    expect((await rows(second.id)).items[0]!.errors.row).toMatch(/^Schon importiert \(Import vom \d\d\.\d\d\.\d{4}\)\.$/);
    const again = parseAnswer(legacyImportSchema, await post(second.id, 'commit'));
    expect(again.created).toEqual({ facilities: 0, seasons: 0, enrolments: 0, awards: 0 });
    expect(await recordsOf(second.id)).toBe(0);
  });

  it('given a bad row, the admin corrects its cells: the server reads it again with the upload rules, matches it again and audits the change', async () => {
    const imp = await uploadOk(csv('Kinderhaus Sonnenschein;8080;München;2021-22;31.02.2021;vielleicht;', 'Kita Anders;80331;München;2013/14;;;'));
    const [bad, other] = (await rows(imp.id)).items;
    expect(bad).toMatchObject({ state: 'error', matchKind: 'none' });
    // the form shows the cells as the file says them, per mapped field
    expect(bad!.fields).toEqual({
      label: 'Kinderhaus Sonnenschein',
      postalCode: '8080',
      city: 'München',
      season: '2021-22',
      enrolledOn: '31.02.2021',
      awarded: 'vielleicht',
      remark: '',
    });
    const put = (rowId: number, fields: Record<string, string>) =>
      f.call('admin', { method: 'PUT', url: `/api/admin/legacy-imports/${imp.id}/rows/${rowId}`, payload: { fields } });
    // still wrong: the same rules as the upload, each message saying what to do
    const still = parseAnswer(legacyImportRowSchema, await put(bad!.id, { postalCode: '808', enrolledOn: '01.10.2021', awarded: 'ja' }));
    expect(still).toMatchObject({
      state: 'error',
      errors: { postalCode: 'Die PLZ „808“ hat nicht genau 5 Ziffern. Trag die fünfstellige PLZ der KiTa ein.' },
    });
    // right now: the row is good and matched exactly to the existing KiTa
    const fixed = parseAnswer(legacyImportRowSchema, await put(bad!.id, { postalCode: '80802' }));
    expect(fixed).toMatchObject({
      state: 'accepted',
      errors: {},
      matchKind: 'exact',
      facility: { id: f.facility.id },
      enrolledOn: '2021-10-01',
      awarded: true,
      fields: { postalCode: '80802', enrolledOn: '01.10.2021', awarded: 'ja' },
    });
    const detail = parseAnswer(legacyImportSchema, await f.call('admin', { method: 'GET', url: `/api/admin/legacy-imports/${imp.id}` }));
    expect(detail.counts).toMatchObject({ accepted: 2, error: 0 });
    expect(detail.plan).toMatchObject({ enrolments: 2, awards: 1 });
    // a field without a column, a control character, a closed import: refused, nothing changed
    expect(reasonOfAnswer(await put(other!.id, { street: 'Hauptstr. 1' }), 400).message).toBe(
      'Das Feld „Straße“ ist keiner Spalte der Datei zugeordnet, die Zeile hat dafür keine Zelle. Ordne es in der Spaltenzuordnung einer Spalte zu.',
    );
    expect(reasonOfAnswer(await put(other!.id, { label: 'Kita \u202Eenoz' }), 400).code).toBe('validation_failed');
    expect(
      reasonOfAnswer(await f.call('admin', { method: 'PUT', url: `/api/admin/legacy-imports/${imp.id}/rows/999999`, payload: { fields: {} } }), 404)
        .code,
    ).toBe('not_found');
    expect((await rows(imp.id)).items[1]!.fields.label).toBe('Kita Anders');
    const audits = await f.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'legacy_import'), eq(auditLog.entityId, String(imp.id))));
    const corrections = audits.filter((a) => a.action === 'legacy_import.correct_row');
    expect(corrections).toHaveLength(2);
    expect(corrections.at(-1)).toMatchObject({
      before: { rowNo: 2, cells: { postalCode: '808' } },
      after: { rowNo: 2, cells: { postalCode: '80802' } },
    });
    await post(imp.id, 'commit');
    expect(reasonOfAnswer(await put(other!.id, { label: 'Kita Später' }), 409).code).toBe('legacy_import_state');
  });

  it('given a row skipped, it stays out of the plan and the commit, a duplicate of it takes its place, and it can be taken in again', async () => {
    const imp = await uploadOk(
      csv('Kita Zweifach;90489;Nürnberg;2012/13;;ja;', 'Kita Zweifach;90489;Nürnberg;2012/13;;;nochmal', 'Kita Fehl;904;Nürnberg;2012/13;;;'),
    );
    const [first, second, bad] = (await rows(imp.id)).items;
    expect([first!.state, second!.state, bad!.state]).toEqual(['accepted', 'duplicate', 'error']);
    const skip = (rowId: number, skipped: boolean) =>
      f.call('admin', { method: 'PUT', url: `/api/admin/legacy-imports/${imp.id}/rows/${rowId}/skip`, payload: { skipped } });
    expect(parseAnswer(legacyImportRowSchema, await skip(first!.id, true)).state).toBe('skipped');
    await skip(bad!.id, true);
    const after = (await rows(imp.id)).items;
    expect(after.map((r) => r.state)).toEqual(['skipped', 'accepted', 'skipped']);
    const detail = parseAnswer(legacyImportSchema, await f.call('admin', { method: 'GET', url: `/api/admin/legacy-imports/${imp.id}` }));
    expect(detail.counts).toEqual({ total: 3, accepted: 1, error: 0, duplicate: 0, skipped: 2 });
    expect(detail.plan).toMatchObject({ facilities: 1, enrolments: 1, awards: 0 });
    // taken in again: read anew, the first row is first again
    expect(parseAnswer(legacyImportRowSchema, await skip(first!.id, false)).state).toBe('accepted');
    expect((await rows(imp.id)).items.map((r) => r.state)).toEqual(['accepted', 'duplicate', 'skipped']);
    const actions = (
      await f.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityType, 'legacy_import'), eq(auditLog.entityId, String(imp.id))))
    ).map((a) => a.action);
    expect(actions.filter((a) => a.endsWith('skip_row'))).toEqual(['legacy_import.skip_row', 'legacy_import.skip_row', 'legacy_import.unskip_row']);
    const committed = parseAnswer(legacyImportSchema, await post(imp.id, 'commit'));
    expect(committed.created).toEqual({ facilities: 1, seasons: 1, enrolments: 1, awards: 1 });
    expect(committed.counts.skipped).toBe(1);
  });

  it('given any existing KiTa chosen for a row (not among its suggestions), the row goes to it; after the commit the rows of new KiTas name them, after the undo no more', async () => {
    const imp = await uploadOk(csv('Kita Irgendwo;97070;Würzburg;2011/12;;;', 'Kita Ganz Neu;97080;Würzburg;2011/12;;;'));
    const [somewhere, fresh] = (await rows(imp.id)).items;
    expect(somewhere).toMatchObject({ matchKind: 'new', facility: null, candidates: [] });
    // the KiTa list's search finds the other KiTa (a different PLZ, so no suggestion)
    const found = (await f.call('admin', { method: 'GET', url: '/api/admin/facilities?q=Lechauen&pageSize=8' })).json().items;
    expect(found.map((x: { id: number }) => x.id)).toContain(f.otherFacility.id);
    const chosen = await f.call('admin', {
      method: 'PUT',
      url: `/api/admin/legacy-imports/${imp.id}/rows/${somewhere!.id}/match`,
      payload: { facilityId: f.otherFacility.id },
    });
    expect(parseAnswer(legacyImportRowSchema, chosen)).toMatchObject({
      matchKind: 'manual',
      facility: { id: f.otherFacility.id, label: 'Kita Lechauen' },
    });
    // a correction that keeps name and PLZ keeps the KiTa chosen by hand
    const corrected = await f.call('admin', {
      method: 'PUT',
      url: `/api/admin/legacy-imports/${imp.id}/rows/${somewhere!.id}`,
      payload: { fields: { enrolledOn: '01.09.2011' } },
    });
    expect(parseAnswer(legacyImportRowSchema, corrected)).toMatchObject({ matchKind: 'manual', facility: { id: f.otherFacility.id } });
    await post(imp.id, 'commit');
    const [created] = await f.db.select().from(facilities).where(eq(facilities.label, 'Kita Ganz Neu'));
    const named = (await rows(imp.id)).items;
    expect(named.find((r) => r.id === fresh!.id)).toMatchObject({
      matchKind: 'new',
      facility: { id: created!.id, label: 'Kita Ganz Neu', postalCode: '97080', city: 'Würzburg' },
    });
    expect(named.find((r) => r.id === somewhere!.id)).toMatchObject({ facility: { id: f.otherFacility.id } });
    await post(imp.id, 'undo');
    expect((await rows(imp.id)).items.find((r) => r.id === fresh!.id)).toMatchObject({ matchKind: 'new', facility: null });
  });

  it('given a mapping, it is refused with a field used twice or a required field missing, re-reads the rows and is remembered for the same headers', async () => {
    const file = iconv.encode('Einrichtung;Postleitzahl;Jahr;Notizen\r\nKita Eins;80331;2016-17;x\r\n', 'windows-1252');
    const imp = await uploadOk(file);
    expect(imp.columns).toEqual(['label', 'postalCode', 'season', null]);
    const put = (columns: (string | null)[]) =>
      f.call('admin', { method: 'PUT', url: `/api/admin/legacy-imports/${imp.id}/mapping`, payload: { columns } });
    const twice = reasonOfAnswer(await put(['label', 'postalCode', 'season', 'label']), 400);
    expect(twice.message).toBe('Die Spalte „KiTa-Name“ ist mehreren Spalten der Datei zugeordnet. Ordne sie bitte nur einer zu.');
    expect(reasonOfAnswer(await put(['label', null, 'season', null]), 400).message).toBe(
      'Diesen Feldern ist keine Spalte der Datei zugeordnet: PLZ. Ohne sie lässt sich keine Zeile einer KiTa und einem KiTa-Jahr zuordnen. Steht die Angabe in einer Spalte der Datei, wähle bei dieser Spalte das Feld. Hat die Datei keine solche Spalte, ergänze sie in der Datei (eine Spalte je Angabe, mit Überschrift) und lade die Datei noch einmal hoch.',
    );
    const changed = parseAnswer(legacyImportSchema, await put(['label', 'postalCode', 'season', 'remark']));
    expect(changed.columns).toEqual(['label', 'postalCode', 'season', 'remark']);
    expect(changed.counts.accepted).toBe(1);
    const next = await uploadOk(iconv.encode('Einrichtung;Postleitzahl;Jahr;Notizen\r\nKita Zwei;80331;2016-17;y\r\n', 'windows-1252'));
    expect(next.columns).toEqual(['label', 'postalCode', 'season', 'remark']);
  });

  it('given an undo, removes exactly what the import created, keeps a KiTa that gained a member and says which', async () => {
    const imp = await uploadOk(
      csv('Kita Bleibt;97070;Würzburg;2015/16;;ja;', 'Kita Geht;97070;Würzburg;2015/16;;nein;', 'Kinderhaus Sonnenschein;80802;München;2015/16;;ja;'),
    );
    await post(imp.id, 'commit');
    const [bleibt] = await f.db.select().from(facilities).where(eq(facilities.label, 'Kita Bleibt'));
    await addMember(f.db, bleibt!.id, f.users.otherMember.id);
    const undone = parseAnswer(legacyImportSchema, await post(imp.id, 'undo'));
    expect(undone).toMatchObject({ state: 'undone', keptFacilities: [{ id: bleibt!.id, label: 'Kita Bleibt' }] });
    expect(await recordsOf(imp.id)).toBe(0);
    expect(await f.db.select().from(facilities).where(eq(facilities.label, 'Kita Geht'))).toEqual([]);
    expect(await f.db.select().from(facilities).where(eq(facilities.label, 'Kita Bleibt'))).toHaveLength(1);
    expect(await f.db.select().from(facilities).where(eq(facilities.id, f.facility.id))).toHaveLength(1);
    expect(await f.db.select().from(seasons).where(eq(seasons.identifier, '2015-16'))).toEqual([]);
    expect(reasonOfAnswer(await post(imp.id, 'undo'), 409).code).toBe('legacy_import_state');
    const history = parseAnswer(legacyImportListSchema, await f.call('admin', { method: 'GET', url: '/api/admin/legacy-imports' }));
    expect(history.items.find((i) => i.id === imp.id)).toMatchObject({ state: 'undone', createdBy: 'Alex Admin' });
  });

  it('given an undo, keeps a season that another module uses since', async () => {
    const imp = await uploadOk(csv('Kita Saison;80331;München;2014/15;;;'));
    await post(imp.id, 'commit');
    const [season] = await f.db.select().from(seasons).where(eq(seasons.identifier, '2014-15'));
    await enrol(f.db, f.facility.id, season!.id);
    await post(imp.id, 'undo');
    expect(await f.db.select().from(seasons).where(eq(seasons.identifier, '2014-15'))).toHaveLength(1);
  });

  it.each([
    ['empty', Buffer.alloc(0), 'leer'],
    ['a PDF named .csv', Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\n'), 'ist ein PDF'],
    ['random bytes', Buffer.from(Array.from({ length: 3000 }, (_, i) => (i * 7919 + 13) % 256)), 'keine Tabelle'],
    ['no recognisable header', Buffer.from('Kita Eins;80331;2016-17\r\nKita Zwei;80333;2017-18\r\n'), 'keine Spaltenüberschriften'],
    ['an XLSX that is no ZIP', Buffer.from('nur Text'), 'Excel-Datei lässt sich nicht öffnen', 'alt.xlsx'],
  ])('given %s, answers a German message and stores nothing', async (_, body, text, fileName = 'alt.csv') => {
    const before = (await f.call('admin', { method: 'GET', url: '/api/admin/legacy-imports' })).json().items.length;
    const reason = reasonOfAnswer(await f.call('admin', upload(body, fileName)), 400);
    expect(reason.message).toContain(text);
    expect((await f.call('admin', { method: 'GET', url: '/api/admin/legacy-imports' })).json().items.length).toBe(before);
  });

  it('given an XLSX that is a zip bomb, or one with 1,048,576 rows, answers a German message and stores nothing', async () => {
    const bomb = await zipOf({ 'xl/worksheets/sheet1.xml': Buffer.alloc(50 * 1024 * 1024, 0x20) });
    expect(reasonOfAnswer(await f.call('admin', upload(bomb, 'bombe.xlsx')), 400).message).toBe(
      'Die Excel-Datei wäre entpackt viel zu groß. Wir haben sie nicht geöffnet.',
    );
    const huge = await excelMaxRows();
    expect(huge.length).toBeLessThan(10 * 1024 * 1024);
    expect(reasonOfAnswer(await f.call('admin', upload(huge, 'riesig.xlsx')), 400).message).toBe(
      'Die Datei hat mehr als 20000 Zeilen. Teile sie bitte in mehrere Dateien auf.',
    );
  });

  it('given a 10 MB file being read, the portal answers /api/loginstatus before the reading ends (it runs in a thread)', async () => {
    // 10 MB of text without a recognisable header: all the work is the parse thread's, none the database's
    const line = `${'Lorem ipsum dolor sit amet; '.repeat(36)}\r\n`;
    const body = Buffer.from(line.repeat(Math.floor((10 * 1024 * 1024) / line.length)));
    expect(body.length).toBeGreaterThan(9.9 * 1024 * 1024);
    const events: string[] = [];
    const onEnd = () => events.push('parse ended');
    parseEvents.on('end', onEnd);
    try {
      const started = once(parseEvents, 'start');
      const pending = f.call('admin', upload(body, 'gross.csv'));
      await started;
      const status = await f.call('anonymous', { method: 'GET', url: '/api/loginstatus' });
      events.push(`loginstatus ${status.statusCode}`);
      const res = await pending;
      expect(res.statusCode).toBe(400);
      expect(events).toEqual(['loginstatus 200', 'parse ended']);
    } finally {
      parseEvents.off('end', onEnd);
    }
  });

  it('given a file of 10 MB + 1 byte, answers 413', async () => {
    const res = await f.call('admin', upload(Buffer.alloc(10 * 1024 * 1024 + 1, 0x41)));
    expect(reasonOfAnswer(res, 413).message).toBe('Die Datei ist größer als 10 MB. Teile sie bitte in mehrere Dateien auf.');
  });

  it('given a form without the file, with two files or with the file in another field, answers 400 and stores nothing', async () => {
    const before = (await f.call('admin', { method: 'GET', url: '/api/admin/legacy-imports' })).json().items.length;
    const file = csv('Kita X;80331;München;2016/17;;;');
    const cases: [FormData, string][] = [
      [form(), 'Es kam keine Datei an. Bitte wähle die Datei mit den alten Daten (Formularfeld „datei“).'],
      [form({ body: file }, { body: file, fileName: 'noch-eine.csv' }), 'Bitte lade genau eine Datei auf einmal hoch.'],
      [form({ field: 'file', body: file }), 'Es kam keine Datei an. Bitte wähle die Datei mit den alten Daten (Formularfeld „datei“).'],
      [
        form({ body: file, fileName: `${'x'.repeat(201)}.csv` }),
        'Der Dateiname ist zu lang (höchstens 200 Zeichen). Benenne die Datei bitte kürzer.',
      ],
    ];
    for (const [payload, message] of cases) {
      const reason = reasonOfAnswer(await f.call('admin', { method: 'POST', url: '/api/admin/legacy-imports', payload }), 400);
      expect(reason).toMatchObject({ message, code: 'validation_failed', fields: { datei: message } });
    }
    expect((await f.call('admin', { method: 'GET', url: '/api/admin/legacy-imports' })).json().items.length).toBe(before);
  });

  it('given a form cut off in the middle or the raw bytes instead of a form, answers 400 and 415', async () => {
    const boundary = 'grenze';
    const cut = Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="datei"; filename="alt.csv"\r\n\r\n${header}\r\nKita X;80331`);
    const broken = await f.call('admin', {
      method: 'POST',
      url: '/api/admin/legacy-imports',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: cut,
    });
    expect(reasonOfAnswer(broken, 400).message).toBe('Das Formular mit der Datei ließ sich nicht lesen. Bitte lade die Datei noch einmal hoch.');
    const raw = await f.call('admin', {
      method: 'POST',
      url: '/api/admin/legacy-imports?fileName=alt.csv',
      headers: { 'content-type': 'application/octet-stream' },
      payload: csv('Kita X;80331;München;2016/17;;;'),
    });
    expect(raw.statusCode).toBe(415);
  });

  it('given a file name with umlauts, keeps it as the import name', async () => {
    const imp = await uploadOk(csv('Kita Umlaut;80331;München;2016/17;;;'), 'Übersicht Träger 2016.csv');
    expect(imp.fileName).toBe('Übersicht Träger 2016.csv');
  });

  it("given staff, jury and anonymous callers, the upload answers before it reads a byte of the form (an admin's is read)", async () => {
    const body = Buffer.from(
      `--grenze\r\ncontent-disposition: form-data; name="datei"; filename="alt.csv"\r\n\r\n${header}\r\nKita X;80331;München;2016/17;;;\r\n--grenze--\r\n`,
    );
    const cookies = { staff: f.cookies.member!, jury: f.juryCookie, anonymous: undefined, admin: f.cookies.admin! };
    const expected = { staff: [403, false], jury: [403, false], anonymous: [401, false], admin: [201, true] } as const;
    for (const [who, cookie] of Object.entries(cookies)) {
      let read = false;
      const payload = new Readable({
        read() {
          read = true;
          this.push(body);
          this.push(null);
        },
      });
      const res = await f.t.app.inject({
        method: 'POST',
        url: '/api/admin/legacy-imports',
        headers: { 'content-type': 'multipart/form-data; boundary=grenze', ...(cookie ? { cookie } : {}) },
        payload,
      });
      expect([who, res.statusCode, read]).toEqual([who, ...expected[who as keyof typeof expected]]);
    }
  });

  it('given three uploads of one admin in flight, the fourth answers 429 before reading, the three go on', async () => {
    const head = Buffer.from(`--grenze\r\ncontent-disposition: form-data; name="datei"; filename="alt.csv"\r\n\r\n`);
    const rest = Buffer.concat([csv('Kita Parallel;80331;München;2016/17;;;'), Buffer.from('\r\n--grenze--\r\n')]);
    // each form sends its first bytes when the server starts reading it, the rest when the test says so
    const held = [1, 2, 3].map(() => {
      let started = () => undefined as void;
      const reading = new Promise<void>((resolve) => (started = resolve));
      let sent = false;
      const payload = new Readable({
        read() {
          if (sent) return;
          sent = true;
          this.push(head);
          started();
        },
      });
      return { payload, reading };
    });
    const pending = held.map(({ payload }) =>
      f.call('admin', {
        method: 'POST',
        url: '/api/admin/legacy-imports',
        headers: { 'content-type': 'multipart/form-data; boundary=grenze' },
        payload,
      }),
    );
    await Promise.all(held.map((h) => h.reading));
    expect(reasonOfAnswer(await f.call('admin', upload(csv('Kita Vier;80331;München;2016/17;;;'))), 429).code).toBe('too_many_uploads');
    for (const { payload } of held) {
      payload.push(rest);
      payload.push(null);
    }
    expect((await Promise.all(pending)).map((res) => res.statusCode)).toEqual([201, 201, 201]);
    expect((await f.call('admin', upload(csv('Kita Fünf;80331;München;2016/17;;;')))).statusCode).toBe(201);
  });

  it('given staff, jury and anonymous callers, the import answers 403, 403 and 401', async () => {
    const calls: InjectOptions[] = [
      { method: 'GET', url: '/api/admin/legacy-imports' },
      upload(csv('Kita X;80331;München;2016/17;;;')),
      { method: 'POST', url: '/api/admin/legacy-imports/1/commit' },
    ];
    for (const call of calls) {
      expect((await f.call('member', call)).statusCode).toBe(403);
      expect((await f.t.app.inject({ ...call, headers: { ...call.headers, cookie: f.juryCookie } })).statusCode).toBe(403);
      expect((await f.call('anonymous', call)).statusCode).toBe(401);
    }
  });
});

describe('hostile files (issue 33)', () => {
  const listed = async () => (await f.call('admin', { method: 'GET', url: '/api/admin/legacy-imports' })).json().items.length as number;

  /**
   * Sends `body` and, once the parse thread has started on it, asks /api/loginstatus: the order of the answers is
   * recorded (no clock): the portal answers while the file is still being read.
   */
  async function whileParsing(body: Buffer, fileName: string) {
    const events: string[] = [];
    const onEnd = () => events.push('parse ended');
    parseEvents.on('end', onEnd);
    try {
      const started = once(parseEvents, 'start');
      const pending = f.call('admin', upload(body, fileName));
      await started;
      const status = await f.call('anonymous', { method: 'GET', url: '/api/loginstatus' });
      events.push(`loginstatus ${status.statusCode}`);
      const res = await pending;
      return { res, events };
    } finally {
      parseEvents.off('end', onEnd);
    }
  }

  it('given a CSV of one 9 MB line, when it is read, /api/loginstatus answers meanwhile, the refusal names the line and nothing is stored', async () => {
    const before = await listed();
    const { res, events } = await whileParsing(oneLineCsv(9 * 1024 * 1024), 'eine-zeile.csv');
    expect(events).toEqual(['loginstatus 200', 'parse ended']);
    expect(reasonOfAnswer(res, 400).message).toBe(
      'Zeile 1 der Datei hat mehr als 120000 Zeichen, so lange Zeilen lesen wir nicht. Prüfe bitte, ob die Datei wirklich die Tabelle ist, und kürze die Zeile.',
    );
    expect(await listed()).toBe(before);
  });

  it('given an XLSX of about 8 MB whose one shared string has 50 MB, when it is read, /api/loginstatus answers meanwhile, it is refused and nothing is stored', async () => {
    const before = await listed();
    const file = await xlsxWithLongString(50 * 1024 * 1024);
    expect(file.length).toBeLessThan(LEGACY_LIMITS.fileBytes);
    const { res, events } = await whileParsing(file, 'lange-zelle.xlsx');
    expect(events).toEqual(['loginstatus 200', 'parse ended']);
    expect(reasonOfAnswer(res, 400).message).toBe(
      'In der Excel-Datei steht eine Zelle mit weit mehr als 2000 Zeichen, so lange Zellen lesen wir nicht. Kürze sie bitte und lade die Datei noch einmal hoch.',
    );
    expect(await listed()).toBe(before);
  });

  it('given a header over the bound, refuses the file; given a cell over it, refuses the row without storing the cell, under every mapping', async () => {
    const long = 'x'.repeat(LEGACY_LIMITS.cellChars + 1);
    const header = reasonOfAnswer(await f.call('admin', upload(Buffer.from(`KiTa-Name;PLZ;KiTa-Jahr;${long}\r\nKita A;80331;2016-17;\r\n`))), 400);
    expect(header.message).toBe(
      'Die Überschrift von Spalte 4 hat mehr als 2000 Zeichen. Kürze sie bitte in der Datei und lade die Datei noch einmal hoch.',
    );
    const imp = await uploadOk(csv(`Kita Lang;80331;München;2016/17;;;${long}`, 'Kita Kurz;80331;München;2016/17;;;kurz'));
    expect(imp.counts).toMatchObject({ accepted: 1, error: 1 });
    const refused = (await rows(imp.id)).items.find((r) => r.rowNo === 2)!;
    const message =
      'Die Zelle in Spalte 7 hat mehr als 2000 Zeichen und wurde nicht gelesen. Korrigiere die Zeile (trag den Wert dort ein, sonst bleibt die Zelle leer) oder überspringe sie.';
    expect(refused).toMatchObject({ state: 'error', errors: { cells: message }, label: 'Kita Lang' });
    const [stored] = await f.db.select({ cells: legacyImportRows.cells }).from(legacyImportRows).where(eq(legacyImportRows.id, refused.id));
    expect(stored!.cells).toEqual(['Kita Lang', '80331', 'München', '2016/17', '', '', '']);
    const remapped = parseAnswer(
      legacyImportSchema,
      await f.call('admin', {
        method: 'PUT',
        url: `/api/admin/legacy-imports/${imp.id}/mapping`,
        payload: { columns: ['label', 'postalCode', 'city', 'season', null, null, null] },
      }),
    );
    expect(remapped.counts).toMatchObject({ accepted: 1, error: 1 });
    expect((await rows(imp.id, '&state=error')).items[0]!.errors).toEqual({ cells: message });
  });

  it('given cells with ESC and BEL, refuses those rows in German and imports none of it; the other rows go in', async () => {
    const imp = await uploadOk(
      csv(
        'Kita \u001b[31mRot;80331;München;2013/14;;;',
        'Kita Glocke\u0007;80331;München;2013/14;;;',
        'Kita Sauber;80331;München;2013/14;;;',
        // a file of some length, as the probe's was: a few control characters do not make it binary
        ...Array.from({ length: 30 }, (_, i) => `Kita Reihe ${i};80331;München;2013/14;;;`),
      ),
    );
    expect(imp.counts).toMatchObject({ accepted: 31, error: 2 });
    const refused = (await rows(imp.id, '&state=error')).items;
    expect(refused.map((r) => r.errors)).toEqual([
      { cells: expect.stringMatching(/^Die Zelle in Spalte 1 enthält Steuerzeichen oder ungültige Zeichen und wurde nicht gelesen\./) },
      { cells: expect.stringMatching(/^Die Zelle in Spalte 1 enthält Steuerzeichen/) },
    ]);
    parseAnswer(legacyImportSchema, await post(imp.id, 'commit'));
    const all = await f.db.select({ label: facilities.label }).from(facilities);
    expect(all.map((x) => x.label)).toContain('Kita Sauber');
    // eslint-disable-next-line no-control-regex -- no imported KiTa name holds a control character
    expect(all.filter((x) => /[\u0000-\u001f]/.test(x.label))).toEqual([]);
  });

  it('given a file name with a right-to-left override, refuses it like typed text and stores nothing', async () => {
    const before = await listed();
    const reason = reasonOfAnswer(await f.call('admin', upload(csv('Kita X;80331;München;2016/17;;;'), 'alt\u202Evsc.exe')), 400);
    expect(reason).toMatchObject({
      code: 'validation_failed',
      fields: { datei: 'Der Dateiname enthält Steuerzeichen oder ungültige Zeichen. Benenne die Datei bitte um und lade sie noch einmal hoch.' },
    });
    expect(await listed()).toBe(before);
  });

  it('given an import, the list carries no header texts and no mapping; the import itself does', async () => {
    const imp = await uploadOk(csv('Kita Liste;80331;München;2016/17;;;'));
    const list = await f.call('admin', { method: 'GET', url: '/api/admin/legacy-imports' });
    const item = (list.json() as { items: Record<string, unknown>[] }).items.find((i) => i.id === imp.id)!;
    expect(Object.keys(item)).not.toContain('headers');
    expect(Object.keys(item)).not.toContain('columns');
    expect(list.body).not.toContain('angemeldet am');
    parseAnswer(legacyImportListSchema, list);
    const detail = parseAnswer(legacyImportSchema, await f.call('admin', { method: 'GET', url: `/api/admin/legacy-imports/${imp.id}` }));
    expect(detail.headers).toContain('angemeldet am');
  });

  it('given an import in preview, "Vorschau verwerfen" removes it with its rows and is audited; an imported or undone one stays', async () => {
    const preview = await uploadOk(csv('Kita Verwerfen;80331;München;2016/17;;;'));
    const del = (id: number, who: 'admin' | 'member' = 'admin') => f.call(who, { method: 'DELETE', url: `/api/admin/legacy-imports/${id}` });
    expect((await del(preview.id, 'member')).statusCode).toBe(403);
    expect((await del(preview.id)).statusCode).toBe(204);
    expect(await f.db.select().from(legacyImports).where(eq(legacyImports.id, preview.id))).toEqual([]);
    expect(await f.db.select().from(legacyImportRows).where(eq(legacyImportRows.importId, preview.id))).toEqual([]);
    const [entry] = await f.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityType, 'legacy_import'), eq(auditLog.entityId, String(preview.id)), eq(auditLog.action, 'legacy_import.discard')));
    expect(entry).toMatchObject({ before: { fileName: 'alt.csv', rows: 1 } });
    expect(reasonOfAnswer(await del(preview.id), 404).message).toBe('Diesen Import gibt es nicht.');

    const committed = await uploadOk(csv('Kita Bleibt Importiert;80331;München;2012/13;;;'));
    await post(committed.id, 'commit');
    const refused = reasonOfAnswer(await del(committed.id), 409);
    expect(refused.message).toBe(
      'Nur eine Vorschau lässt sich verwerfen. Dieser Import ist schon importiert oder rückgängig gemacht; einen importierten machst du mit „Import rückgängig machen“ rückgängig.',
    );
    await post(committed.id, 'undo');
    expect((await del(committed.id)).statusCode).toBe(409);
    expect(await f.db.select().from(legacyImports).where(eq(legacyImports.id, committed.id))).toHaveLength(1);
  });

  it.each([
    ['the shared strings last, right after the sheet', ['xl/worksheets/sheet1.xml', 'xl/sharedStrings.xml']],
    ['the workbook after the sheet', ['xl/worksheets/sheet1.xml', 'xl/workbook.xml']],
  ])('given an XLSX with %s, reads the same rows as the file as exceljs wrote it', async (_, last) => {
    const original = await xlsxOf([
      ['KiTa-Name', 'PLZ', 'Ort', 'KiTa-Jahr'],
      ['Kita Reihenfolge', '80331', 'München', '2011/12'],
      ['Kita Zweite Zeile', '80333', 'München', '2011/12'],
    ]);
    const reordered = await reorderedXlsx(original, last);
    const a = await uploadOk(original, 'original.xlsx');
    const b = await uploadOk(reordered, 'umsortiert.xlsx');
    expect(b.headers).toEqual(['KiTa-Name', 'PLZ', 'Ort', 'KiTa-Jahr']);
    const cellsOf = async (id: number) => (await rows(id)).items.map((r) => [r.rowNo, r.label, r.postalCode, r.city, r.season]);
    expect(await cellsOf(b.id)).toEqual(await cellsOf(a.id));
    expect(await cellsOf(b.id)).toEqual([
      [2, 'Kita Reihenfolge', '80331', 'München', 'KiTa-Jahr 2011/12'],
      [3, 'Kita Zweite Zeile', '80333', 'München', 'KiTa-Jahr 2011/12'],
    ]);
  });
});
