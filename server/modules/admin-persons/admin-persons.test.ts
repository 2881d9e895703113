import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { adminUserSchema } from '../../../src/shared/contracts/accounts';
import { adminPersonDetailSchema, adminPersonPageSchema } from '../../../src/shared/contracts/admin-persons';
import { parseAnswer } from '../../testing/parse-answer';
import { createUser } from '../../testing/factories';
import { facilityFixture } from '../../testing/facility-fixture';
import { persons } from '../persons/persons.table';
import { createTestWorld } from '../../testing/test-world';

const f = createTestWorld(async () => {
  const f = await facilityFixture();
  const [linked] = await f.db
    .insert(persons)
    .values({ facilityId: f.facility.id, firstName: 'Maria', lastName: 'Mitglied', position: 'Leitung', userId: f.users.member.id })
    .returning();
  await f.db
    .insert(persons)
    .values({ facilityId: f.facility.id, firstName: 'Örjan', lastName: 'Ähnlich', position: 'Ergänzungskraft', email: 'oerjan@kita.example' });
  await f.db.insert(persons).values({ facilityId: f.otherFacility.id, firstName: 'Zora', lastName: 'Zeller', position: 'Leitung' });
  const [removed] = await f.db
    .insert(persons)
    .values({ facilityId: f.otherFacility.id, firstName: 'Rita', lastName: 'Raus', position: 'Sonstige', removedAt: new Date() })
    .returning();
  await createUser(f.db, { firstName: 'Konto', lastName: 'Ohneperson', email: 'konto@test.example' });
  return { ...f, linkedId: linked!.id, removedId: removed!.id };
});

const list = async (query: string) => {
  return parseAnswer(adminPersonPageSchema, await f.call('admin', { method: 'GET', url: `/api/admin/persons?${query}` }));
};

describe('admin persons and accounts', () => {
  it('given staff entries and accounts, one list shows both: linked accounts once, accounts without staff entry as accounts', async () => {
    const all = await list('pageSize=0&sort=lastName');
    const names = all.items.map((i) => `${i.kind}:${i.lastName}`);
    expect(names).toContain('person:Mitglied');
    expect(names.filter((n) => n.endsWith(':Mitglied'))).toHaveLength(1);
    expect(names).toContain('account:Ohneperson');
    expect(names).toContain('account:Anders');
    expect(names).not.toContain('person:Raus');
    // German order: Ä sorts with A
    expect(names.indexOf('person:Ähnlich')).toBeLessThan(names.indexOf('account:Anders'));
  });

  it('given filters and search, the list narrows on the server and pages', async () => {
    expect((await list('kind=person&hasAccount=yes')).items.map((i) => i.lastName)).toEqual(['Mitglied']);
    expect((await list(`facilityId=${f.otherFacility.id}&includeRemoved=yes&sort=lastName`)).items.map((i) => i.lastName)).toEqual([
      'Raus',
      'Zeller',
    ]);
    expect((await list('q=sonnenschein&sort=lastName')).items.map((i) => i.lastName)).toEqual(['Ähnlich', 'Mitglied']);
    expect((await list('q=oerjan@')).items.map((i) => i.lastName)).toEqual(['Ähnlich']);
    const page = await list('pageSize=2&page=2&sort=lastName&dir=desc');
    expect(page.items).toHaveLength(2);
    expect(page.total).toBeGreaterThan(4);
  });

  it('given a person with an account, the detail shows the account with its KiTas; an edit is versioned', async () => {
    const res = await f.call('admin', { method: 'GET', url: `/api/admin/persons/${f.linkedId}` });
    expect(res.statusCode).toBe(200);
    const d = parseAnswer(adminPersonDetailSchema, res);
    // the account is spelled like the accounts admin answers it (one casing rule)
    const user = parseAnswer(adminUserSchema, await f.call('admin', { method: 'GET', url: `/api/admin/users/${f.users.member.id}` }));
    expect(d.account).toMatchObject({ firstName: user.firstName, lastName: user.lastName, isAdmin: user.isAdmin, activatedAt: user.activatedAt });
    expect(d.account).toMatchObject({ id: f.users.member.id, facilities: [{ id: f.facility.id, label: 'Kinderhaus Sonnenschein' }] });
    const payload = { salutation: 'Frau', firstName: 'Maria', lastName: 'Mitglied-Neu', position: 'Leitung', version: d.person.version };
    const ok = await f.call('admin', { method: 'PUT', url: `/api/admin/persons/${f.linkedId}`, payload });
    expect(ok.statusCode).toBe(200);
    expect((await f.call('admin', { method: 'PUT', url: `/api/admin/persons/${f.linkedId}`, payload })).statusCode).toBe(409);
    const after = parseAnswer(adminPersonDetailSchema, await f.call('admin', { method: 'GET', url: `/api/admin/persons/${f.linkedId}` }));
    expect(after.history[0]).toMatchObject({ action: 'person.update', actor: { id: f.users.admin.id }, after: { lastName: 'Mitglied-Neu' } });
  });

  it('given filters, the CSV (Excel) and XLSX exports hold the filtered persons with umlauts', async () => {
    const csv = await f.call('admin', { method: 'GET', url: `/api/admin/persons/export.csv?facilityId=${f.facility.id}&sort=lastName` });
    expect(csv.statusCode).toBe(200);
    expect([...csv.rawPayload.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = csv.rawPayload.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('Art;Vorname;Nachname;E-Mail;Funktion;KiTa;Benutzerkonto;Konto aktiv;Admin;Entfernt am;Angelegt am');
    expect(lines[1]).toMatch(
      /^Personal;Örjan;Ähnlich;oerjan@kita\.example;Ergänzungskraft;Kinderhaus Sonnenschein;Nein;;Nein;;\d{2}\.\d{2}\.\d{4} \d{2}:\d{2}$/,
    );
    expect(lines).toHaveLength(4);
    const xlsx = await f.call('admin', { method: 'GET', url: '/api/admin/persons/export.xlsx?kind=account&sort=lastName' });
    expect(xlsx.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Personen')!;
    expect(sheet.getRow(2).getCell(1).value).toBe('Benutzerkonto');
    expect(sheet.getRow(2).getCell(11).type).toBe(ExcelJS.ValueType.Date);
  });

  it('given a removed person, admins still open it; members never reach admin routes', async () => {
    expect(
      parseAnswer(adminPersonDetailSchema, await f.call('admin', { method: 'GET', url: `/api/admin/persons/${f.removedId}` })).person.removedAt,
    ).toBeTruthy();
    for (const [role, status] of [
      ['anonymous', 401],
      ['member', 403],
    ] as const) {
      expect((await f.call(role, { method: 'GET', url: '/api/admin/persons' })).statusCode).toBe(status);
      expect((await f.call(role, { method: 'GET', url: '/api/admin/persons/export.csv' })).statusCode).toBe(status);
      expect((await f.call(role, { method: 'GET', url: `/api/admin/persons/${f.linkedId}` })).statusCode).toBe(status);
      expect((await f.call(role, { method: 'PUT', url: `/api/admin/persons/${f.linkedId}`, payload: {} })).statusCode).toBe(status);
    }
    expect((await f.call('admin', { method: 'GET', url: '/api/admin/persons/999999' })).statusCode).toBe(404);
  });
});
