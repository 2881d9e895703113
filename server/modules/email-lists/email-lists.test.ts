import ExcelJS from 'exceljs';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  emailListPreviewSchema,
  leftOutPageSchema,
  savedEmailListSchema,
  savedEmailListsSchema,
  type EmailListCriteriaInput,
  type EmailListPurpose,
} from '../../../src/shared/contracts/email-lists';
import { facilityFixture } from '../../testing/facility-fixture';
import { addMember, createFacility, createSeason, createUser, enrol } from '../../testing/factories';
import { loginAs } from '../../testing/login-as';
import { parseAnswer, reasonOfAnswer } from '../../testing/parse-answer';
import { createTestWorld } from '../../testing/test-world';
import { auditLog } from '../audit/audit.table';
import { documentationForms } from '../documentation/documentation.table';
import { legacyImports, legacyRecords } from '../legacy-imports/legacy-imports.table';
import { offeringEnrolments } from '../programme/programme.table';
import { createOffering, createStaff } from '../programme/test-helpers';

/**
 * Four KiTas of kinds the fixture's two KiTas (Kindergarten) don't have, so `isolated` criteria see only them:
 * K1 Krippe, Oberbayern, kommunal, enrolled 2026-27, form submitted, a training attended; staff Lea (Leitung, with
 * the consenting account LEA@… — one address), Fritz, Nora (no address); members LEA and a deactivated account.
 * K2 Hort, Schwaben, kirchlich, not enrolled 2026-27, approved form 2025-26, no KiTa address; staff Sara (Leitung)
 * and Fred (Fritz's address in other case with spaces); a member with undecided newsletter consent.
 * K3 Haus für Kinder, merged into K1. K4 Großtagespflege, Oberbayern, privat, enrolled and approved for the award,
 * a hospitation booked, no form; staff Tom.
 */
const w = createTestWorld(async () => {
  const f = await facilityFixture();
  const db = f.db;
  const previous = await createSeason(db, { identifier: '2025-26', label: 'KiTa-Jahr 2025/26' });
  const next = await createSeason(db, { identifier: '2027-28', label: 'KiTa-Jahr 2027/28' });
  const k1 = await createFacility(db, {
    label: 'Krippe Eins',
    kind: 'Krippe',
    region: 'Oberbayern',
    operatorKind: 'kommunal',
    email: 'k1@kita.example',
  });
  const k2 = await createFacility(db, { label: 'Hort Zwei', kind: 'Hort', region: 'Schwaben', operatorKind: 'kirchlich', email: '' });
  const k3 = await createFacility(db, { label: 'Haus Drei', kind: 'Haus für Kinder', region: 'Oberbayern', email: 'k3@kita.example' });
  const k4 = await createFacility(db, {
    label: 'Tagespflege Vier',
    kind: 'Großtagespflege',
    region: 'Oberbayern',
    operatorKind: 'privat',
    email: 'k4@kita.example',
  });
  const { facilities } = await import('../facilities/facilities.table');
  await db.update(facilities).set({ mergedIntoId: k1.id, mergedAt: new Date() }).where(eq(facilities.id, k3.id));

  const u1 = await createUser(db, { email: 'LEA@k1.example', firstName: 'Lea', lastName: 'Leitung', newsletter: true });
  const u2 = await createUser(db, { email: 'u2@k1.example', newsletter: true, deactivatedAt: new Date() });
  const u3 = await createUser(db, { email: 'u3@k2.example', newsletter: null, newsletterDecidedAt: null });
  await addMember(db, k1.id, u1.id);
  await addMember(db, k1.id, u2.id);
  await addMember(db, k2.id, u3.id);
  await createStaff(db, k1.id, 1, { firstName: 'Lea', lastName: 'Leitung', position: 'Leitung', email: 'lea@k1.example', userId: u1.id });
  const [fritz] = await createStaff(db, k1.id, 1, { firstName: 'Fritz', lastName: 'Fach', email: 'fritz@k1.example' });
  await createStaff(db, k1.id, 1, { firstName: 'Nora', lastName: 'Ohne', position: 'Leitung', email: '' });
  await createStaff(db, k2.id, 1, { firstName: 'Sara', lastName: 'Sommer', position: 'Leitung', email: 'sara@k2.example' });
  await createStaff(db, k2.id, 1, { firstName: 'Fred', lastName: 'Doppelt', position: 'Sonstige', email: ' Fritz@K1.example ' });
  await createStaff(db, k3.id, 1, { firstName: 'Max', lastName: 'Weg', position: 'Leitung', email: 'max@k3.example' });
  const [tom] = await createStaff(db, k4.id, 1, { firstName: 'Tom', lastName: 'Tag', position: 'Ergänzungskraft', email: 'tom@k4.example' });

  await enrol(db, k1.id, f.season.id);
  await enrol(db, k4.id, f.season.id, { approvedForAwardAt: new Date() });
  await enrol(db, k2.id, previous.id);
  await db.insert(documentationForms).values([
    { facilityId: k1.id, seasonId: f.season.id, state: 'submitted' },
    { facilityId: k2.id, seasonId: previous.id, state: 'approved' },
  ]);
  const training = await createOffering(db, f.season.id);
  const hospitation = await createOffering(db, f.season.id, { kind: 'hospitation', hostFacilityId: k1.id });
  await db.insert(offeringEnrolments).values([
    { offeringId: training.id, facilityId: k1.id, personId: fritz!.id, state: 'attended', attendedAt: new Date() },
    { offeringId: hospitation.id, facilityId: k4.id, personId: tom!.id, state: 'confirmed' },
  ]);
  const jury = await createUser(db, { isJury: true });
  const juryCookie = await loginAs(f.t.app, jury);
  return { ...f, previous, next, k1, k2, k4, juryCookie };
});

const isolated = { facilityKinds: ['Krippe', 'Hort', 'Haus für Kinder', 'Großtagespflege'] } as const;

async function preview(criteria: EmailListCriteriaInput, purpose: EmailListPurpose = 'information', page: { offset?: number; limit?: number } = {}) {
  const res = await w.call('admin', {
    method: 'POST',
    url: '/api/admin/email-lists/preview',
    payload: { criteria: { ...isolated, ...criteria }, purpose, ...page },
  });
  return parseAnswer(emailListPreviewSchema, res);
}
const emails = async (criteria: EmailListCriteriaInput, purpose: EmailListPurpose = 'information') =>
  (await preview(criteria, purpose, { limit: 1000 })).addresses.map((a) => a.email.toLowerCase()).sort();

describe('e-mail address lists: purposes, dedupe and left-out rules', () => {
  it('given the purpose Programm-Information, every contact with an address is listed once; merged KiTas, missing addresses and deactivated accounts are counted per rule', async () => {
    const p = await preview({}, 'information', { limit: 1000 });
    expect(p.count).toBe(7);
    expect(p.addresses.map((a) => a.email.toLowerCase()).sort()).toEqual(
      ['fritz@k1.example', 'k1@kita.example', 'k4@kita.example', 'lea@k1.example', 'sara@k2.example', 'tom@k4.example', 'u3@k2.example'].sort(),
    );
    expect(p.excluded).toEqual([
      { rule: 'mergedFacility', count: 2 },
      { rule: 'noAddress', count: 2 },
      { rule: 'deactivatedAccount', count: 1 },
    ]);
  });

  it('given contacts left out, each is named with its KiTa and why, in the order of the rules, and as a CSV (audited; issue 34)', async () => {
    const payload = { criteria: isolated, purpose: 'information', limit: 50 };
    const page = parseAnswer(leftOutPageSchema, await w.call('admin', { method: 'POST', url: '/api/admin/email-lists/left-out', payload }));
    // the same contacts the counts name: 2 merged, 2 without an address, 1 deactivated
    expect(page.total).toBe(5);
    expect(page.items.map((c) => c.rule)).toEqual(['mergedFacility', 'mergedFacility', 'noAddress', 'noAddress', 'deactivatedAccount']);
    for (const c of page.items) expect(c.name === '' && c.facility === '').toBe(false);
    expect(page.items.filter((c) => c.rule === 'noAddress').every((c) => c.email === '')).toBe(true);
    // paged: the second of them alone, the total still five
    const second = parseAnswer(
      leftOutPageSchema,
      await w.call('admin', { method: 'POST', url: '/api/admin/email-lists/left-out', payload: { ...payload, offset: 1, limit: 1 } }),
    );
    expect([second.total, second.items]).toEqual([5, [page.items[1]]]);
    const csv = await w.call('admin', {
      method: 'POST',
      url: '/api/admin/email-lists/left-out.csv',
      payload: { criteria: isolated, purpose: 'information' },
    });
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="email-adressen-ausgelassen-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.body
      .replace(/^\uFEFF/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('Grund;Name;KiTa;Funktion;Art;E-Mail');
    expect(lines.slice(1).map((l) => l.split(';')[0])).toEqual([
      'KiTa zusammengeführt',
      'KiTa zusammengeführt',
      'keine E-Mail-Adresse',
      'keine E-Mail-Adresse',
      'Konto deaktiviert oder nicht aktiviert',
    ]);
    const audited = await w.db.select().from(auditLog).where(eq(auditLog.action, 'email_list.export'));
    expect(audited.some((e) => (e.after as { leftOut?: number } | null)?.leftOut === 5)).toBe(true);
  });

  it('given one address in different case and with spaces, it is listed once, with the first contact and every kind it came from', async () => {
    const p = await preview({}, 'information', { limit: 1000 });
    const lea = p.addresses.find((a) => a.email.toLowerCase() === 'lea@k1.example')!;
    expect(lea).toMatchObject({ name: 'Lea Leitung', facility: 'Krippe Eins', position: 'Leitung', region: 'Oberbayern' });
    expect(lea.kinds.sort()).toEqual(['account', 'staff']);
    const fritz = p.addresses.filter((a) => a.email.toLowerCase() === 'fritz@k1.example');
    expect(fritz).toHaveLength(1);
    // the first contact (staff before accounts, then by KiTa) gives name and spelling: Fritz of Krippe Eins
    expect(fritz[0]).toMatchObject({ email: 'fritz@k1.example', name: 'Fritz Fach', facility: 'Krippe Eins' });
  });

  it('given the purpose Newsletter, only people whose account consented are listed; undecided consent and KiTa addresses are left out', async () => {
    const p = await preview({}, 'newsletter', { limit: 1000 });
    expect(p.addresses.map((a) => a.email.toLowerCase())).toEqual(['lea@k1.example']);
    expect(p.count).toBe(1);
    expect(p.excluded).toEqual([
      { rule: 'mergedFacility', count: 2 },
      { rule: 'noAddress', count: 2 },
      { rule: 'deactivatedAccount', count: 1 },
      { rule: 'noNewsletterConsent', count: 7 },
    ]);
  });

  it('given offset and limit, the addresses page in address order (chunks to copy)', async () => {
    const all = await emails({});
    const first = await preview({}, 'information', { offset: 0, limit: 3 });
    const second = await preview({}, 'information', { offset: 3, limit: 3 });
    expect([...first.addresses, ...second.addresses].map((a) => a.email.toLowerCase())).toEqual(all.slice(0, 6));
    expect(second.count).toBe(7);
  });
});

describe('e-mail address lists: criteria (AND between kinds, OR within one)', () => {
  it('given KiTa criteria (Regierungsbezirk, KiTa kind, operator kind), the list narrows to their KiTas', async () => {
    expect(await emails({ regions: ['Schwaben'] })).toEqual(['fritz@k1.example', 'sara@k2.example', 'u3@k2.example']);
    expect(await emails({ regions: ['Schwaben', 'Oberbayern'] })).toHaveLength(7);
    expect(await emails({ facilityKinds: ['Krippe'] })).toEqual(['fritz@k1.example', 'k1@kita.example', 'lea@k1.example']);
    expect(await emails({ operatorKinds: ['privat'] })).toEqual(['k4@kita.example', 'tom@k4.example']);
  });

  it('given the enrolment criterion, enrolled and not enrolled refer to the chosen KiTa-Jahr (the current one by default)', async () => {
    expect(await emails({ enrolment: ['enrolled'] })).toEqual([
      'fritz@k1.example',
      'k1@kita.example',
      'k4@kita.example',
      'lea@k1.example',
      'tom@k4.example',
    ]);
    expect(await emails({ enrolment: ['notEnrolled'] })).toEqual(['fritz@k1.example', 'sara@k2.example', 'u3@k2.example']);
    expect(await emails({ enrolment: ['enrolled', 'notEnrolled'] })).toHaveLength(7);
    expect(await emails({ seasonId: w.previous.id, enrolment: ['enrolled'] })).toEqual(['fritz@k1.example', 'sara@k2.example', 'u3@k2.example']);
  });

  it('given programme criteria, booked and attended trainings, hospitations and awarding events select their KiTas', async () => {
    expect(await emails({ participation: ['trainingAttended'] })).toEqual(['fritz@k1.example', 'k1@kita.example', 'lea@k1.example']);
    expect(await emails({ participation: ['trainingBooked'] })).toHaveLength(3);
    expect(await emails({ participation: ['hospitationBooked'] })).toEqual(['k4@kita.example', 'tom@k4.example']);
    expect(await emails({ participation: ['hospitationAttended'] })).toEqual([]);
    expect(await emails({ participation: ['trainingAttended', 'hospitationBooked'] })).toHaveLength(5);
    expect(await emails({ participation: ['awardingBooked'] })).toEqual([]);
  });

  it('given documentation states, a state and "no form" select the KiTas of the chosen season', async () => {
    expect(await emails({ documentationStates: ['submitted'] })).toEqual(['fritz@k1.example', 'k1@kita.example', 'lea@k1.example']);
    expect(await emails({ documentationStates: ['none'] })).toEqual([
      'fritz@k1.example',
      'k4@kita.example',
      'sara@k2.example',
      'tom@k4.example',
      'u3@k2.example',
    ]);
    expect(await emails({ seasonId: w.previous.id, documentationStates: ['approved'] })).toEqual([
      'fritz@k1.example',
      'sara@k2.example',
      'u3@k2.example',
    ]);
  });

  it('given "zur Auszeichnung zugelassen" and "in einem früheren KiTa-Jahr ausgezeichnet", yes and no select complementary KiTas', async () => {
    expect(await emails({ approvedForAward: ['yes'] })).toEqual(['k4@kita.example', 'tom@k4.example']);
    expect(await emails({ approvedForAward: ['no'] })).toEqual([
      'fritz@k1.example',
      'k1@kita.example',
      'lea@k1.example',
      'sara@k2.example',
      'u3@k2.example',
    ]);
    expect(await emails({ awardedEarlier: ['yes'] })).toEqual(['fritz@k1.example', 'sara@k2.example', 'u3@k2.example']);
    expect(await emails({ awardedEarlier: ['no'] })).toEqual([
      'fritz@k1.example',
      'k1@kita.example',
      'k4@kita.example',
      'lea@k1.example',
      'tom@k4.example',
    ]);
    // in the previous season nothing came before
    expect(await emails({ seasonId: w.previous.id, awardedEarlier: ['yes'] })).toEqual([]);
  });

  it('given an award of the years before the portal (a committed legacy import), "in einem früheren KiTa-Jahr ausgezeichnet" counts it; once the import is undone, no more', async () => {
    const [imp] = await w.db
      .insert(legacyImports)
      .values({ fileName: 'alt.csv', fileSha256: 'x', headers: [], mapping: [], state: 'committed', committedAt: new Date() })
      .returning();
    await w.db.insert(legacyRecords).values({ importId: imp!.id, facilityId: w.k4.id, seasonId: w.previous.id, kind: 'award' });
    try {
      expect(await emails({ awardedEarlier: ['yes'] })).toEqual([
        'fritz@k1.example',
        'k4@kita.example',
        'sara@k2.example',
        'tom@k4.example',
        'u3@k2.example',
      ]);
      await w.db.update(legacyImports).set({ state: 'undone' }).where(eq(legacyImports.id, imp!.id));
      expect(await emails({ awardedEarlier: ['yes'] })).toEqual(['fritz@k1.example', 'sara@k2.example', 'u3@k2.example']);
    } finally {
      await w.db.delete(legacyRecords).where(eq(legacyRecords.importId, imp!.id));
      await w.db.delete(legacyImports).where(eq(legacyImports.id, imp!.id));
    }
  });

  it('given Funktion and contact kind, only those contacts are listed (a Funktion leaves out KiTa addresses)', async () => {
    expect(await emails({ positions: ['Leitung'] })).toEqual(['lea@k1.example', 'sara@k2.example']);
    expect(await emails({ contactKinds: ['facility'] })).toEqual(['k1@kita.example', 'k4@kita.example']);
    expect(await emails({ contactKinds: ['account'] })).toEqual(['lea@k1.example', 'u3@k2.example']);
    expect(await emails({ contactKinds: ['staff', 'facility'] })).toHaveLength(6);
  });

  it('given criteria of several kinds, they combine with AND', async () => {
    expect(await emails({ regions: ['Oberbayern'], enrolment: ['enrolled'], positions: ['Leitung'] })).toEqual(['lea@k1.example']);
    expect(await emails({ regions: ['Schwaben'], enrolment: ['enrolled'] })).toEqual([]);
  });
});

describe('saved e-mail lists', () => {
  it('given a saved list, it is listed, reopened, edited with its version, copied to the next season and deleted; each step is audited', async () => {
    const created = parseAnswer(
      savedEmailListSchema,
      await w.call('admin', {
        method: 'POST',
        url: '/api/admin/email-lists',
        payload: { name: 'Leitungen 2026/27', criteria: { seasonId: w.season.id, positions: ['Leitung'] }, purpose: 'information' },
      }),
      201,
    );
    expect(created.criteria.positions).toEqual(['Leitung']);
    const all = parseAnswer(savedEmailListsSchema, await w.call('admin', { method: 'GET', url: '/api/admin/email-lists' }));
    expect(all.map((l) => l.name)).toContain('Leitungen 2026/27');
    const url = `/api/admin/email-lists/${created.id}`;
    expect(parseAnswer(savedEmailListSchema, await w.call('admin', { method: 'GET', url })).purpose).toBe('information');

    const edit = {
      name: 'Leitungen 2026/27',
      criteria: { ...created.criteria, regions: ['Oberbayern'] },
      purpose: 'newsletter',
      version: created.version,
    };
    const edited = parseAnswer(savedEmailListSchema, await w.call('admin', { method: 'PUT', url, payload: edit }));
    expect(edited).toMatchObject({ version: 2, purpose: 'newsletter', updatedBy: { name: 'Alex Admin' } });
    expect(reasonOfAnswer(await w.call('admin', { method: 'PUT', url, payload: edit }), 409).code).toBe('conflict');

    const copy = parseAnswer(savedEmailListSchema, await w.call('admin', { method: 'POST', url: `${url}/copy` }), 201);
    expect(copy).toMatchObject({ name: 'Leitungen 2027/28', purpose: 'newsletter', criteria: { seasonId: w.next.id, regions: ['Oberbayern'] } });
    expect(reasonOfAnswer(await w.call('admin', { method: 'POST', url: `/api/admin/email-lists/${copy.id}/copy` }), 409).code).toBe('no_next_season');
    // the list says whether a copy can be made and for which KiTa-Jahr, so the page offers it only then (issue 34)
    const listed = parseAnswer(savedEmailListsSchema, await w.call('admin', { method: 'GET', url: '/api/admin/email-lists' }));
    expect(listed.find((l) => l.id === created.id)?.copyTo).toEqual({ seasonId: w.next.id, label: w.next.label });
    expect(listed.find((l) => l.id === copy.id)?.copyTo).toBeNull();

    expect((await w.call('admin', { method: 'DELETE', url })).statusCode).toBe(204);
    expect(reasonOfAnswer(await w.call('admin', { method: 'GET', url }), 404).code).toBe('not_found');
    const actions = (await w.db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.entityType, 'email_list'))).map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['email_list.create', 'email_list.update', 'email_list.copy', 'email_list.delete']));
  });

  it('given a saved list, its CSV (SPEC §3 rules) holds its addresses and the export is in the audit log with who and how many', async () => {
    const list = parseAnswer(
      savedEmailListSchema,
      await w.call('admin', {
        method: 'POST',
        url: '/api/admin/email-lists',
        payload: { name: 'Schwaben =Test', criteria: { ...isolated, regions: ['Schwaben'] }, purpose: 'information' },
      }),
      201,
    );
    const res = await w.call('admin', { method: 'GET', url: `/api/admin/email-lists/${list.id}/export.csv` });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="email-adressen-schwaben-test-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.body.startsWith('\uFEFFName;E-Mail;KiTa;Funktion;Regierungsbezirk;Warum enthalten\r\n')).toBe(true);
    const lines = res.body.trim().split('\r\n').slice(1);
    expect(lines).toEqual([
      'Fred Doppelt;Fritz@K1.example;Hort Zwei;Sonstige;Schwaben;Personal',
      'Sara Sommer;sara@k2.example;Hort Zwei;Leitung;Schwaben;Personal',
      'Erika Muster;u3@k2.example;Hort Zwei;;Schwaben;Benutzerkonto',
    ]);
    const [entry] = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'email_list.export'), eq(auditLog.entityId, String(list.id))));
    expect(entry).toMatchObject({
      actorUserId: w.users.admin.id,
      after: { name: 'Schwaben =Test', format: 'csv', count: 3, purpose: 'information' },
    });
  });

  it('given criteria without a saved list, CSV and XLSX export them (audited too)', async () => {
    const payload = { criteria: { ...isolated, operatorKinds: ['privat'] }, purpose: 'information' };
    const csv = await w.call('admin', { method: 'POST', url: '/api/admin/email-lists/export.csv', payload });
    expect(csv.body.split('\r\n').filter(Boolean)).toHaveLength(3);
    const xlsx = await w.call('admin', { method: 'POST', url: '/api/admin/email-lists/export.xlsx', payload });
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Name', 'E-Mail', 'KiTa', 'Funktion', 'Regierungsbezirk', 'Warum enthalten']);
    expect(sheet.getRow(3).getCell(2).value).toBe('tom@k4.example');
    const exports = await w.db.select().from(auditLog).where(eq(auditLog.action, 'email_list.export'));
    // (the left-out contacts' CSV, exported in an earlier test, is audited as such)
    expect(exports.filter((e) => e.entityId === null && (e.after as { leftOut?: number }).leftOut === undefined)).toHaveLength(2);
  });
});

describe('e-mail lists: permissions', () => {
  const routes = [
    ['POST', '/api/admin/email-lists/preview'],
    ['POST', '/api/admin/email-lists/export.csv'],
    ['POST', '/api/admin/email-lists/export.xlsx'],
    ['POST', '/api/admin/email-lists/left-out'],
    ['POST', '/api/admin/email-lists/left-out.csv'],
    ['GET', '/api/admin/email-lists'],
    ['POST', '/api/admin/email-lists'],
    ['GET', '/api/admin/email-lists/1'],
    ['PUT', '/api/admin/email-lists/1'],
    ['DELETE', '/api/admin/email-lists/1'],
    ['POST', '/api/admin/email-lists/1/copy'],
    ['GET', '/api/admin/email-lists/1/export.csv'],
    ['GET', '/api/admin/email-lists/1/export.xlsx'],
  ] as const;

  it('given staff, a jury member or nobody, every e-mail list route answers 403, 403 and 401 and no addresses', async () => {
    for (const [method, url] of routes) {
      const payload = method === 'GET' || method === 'DELETE' ? undefined : { criteria: {}, purpose: 'information', name: 'x', version: 1 };
      const staff = await w.call('member', { method, url, payload });
      const jury = await w.t.app.inject({ method, url, payload, headers: { cookie: w.juryCookie } });
      const anonymous = await w.call('anonymous', { method, url, payload });
      expect([`${method} ${url}`, staff.statusCode, jury.statusCode, anonymous.statusCode]).toEqual([`${method} ${url}`, 403, 403, 401]);
      expect(staff.body + jury.body).not.toContain('@');
    }
  });
});
