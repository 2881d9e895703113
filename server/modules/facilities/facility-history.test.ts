import { beforeAll, describe, expect, it } from 'vitest';
import { facilityFixture, type FacilityFixture } from '../../testing/facility-fixture';
import { audit } from '../audit/audit';
import { changedFields } from './facility-history';
import { createTestWorld } from '../../testing/test-world';
import { parseAnswer, reasonOfAnswer } from '../../testing/parse-answer';
import { facilityHistorySchema, facilitySchema } from '../../../src/shared/contracts/facilities';

const f = createTestWorld(() => facilityFixture());
beforeAll(async () => {
  // the factory's KiTa lacks what the form requires (street, kind): a first complete save, as after registering
  await save('member', {
    label: 'Kinderhaus Sonnenschein',
    kind: 'Kindergarten',
    street: 'Isarweg 2',
    postalCode: '80802',
    city: 'München',
    region: 'Oberbayern',
    operatorKind: 'kommunal',
  });
});

const url = () => `/api/facilities/${f.facility.id}`;
const history = (role: Parameters<FacilityFixture['call']>[0], id = f.facility.id) =>
  f.call(role, { method: 'GET', url: `/api/facilities/${id}/history` });
/** the history's entries, read as the client reads them */
const historyItems = async (role: Parameters<FacilityFixture['call']>[0], id = f.facility.id) =>
  parseAnswer(facilityHistorySchema, await history(role, id)).items;
const read = async () => parseAnswer(facilitySchema, await f.call('member', { method: 'GET', url: url() }));

/** saves the KiTa's current master data with `patch` on top, as the edit form would */
async function save(role: 'member' | 'admin', patch: Record<string, unknown>) {
  const current = await read();
  const { id: _id, createdAt: _c, updatedAt: _u, updatedBy: _b, lastChangedFields: _l, ...fields } = current;
  const target = role === 'admin' ? `/api/admin/facilities/${f.facility.id}` : url();
  return parseAnswer(facilitySchema, await f.call(role, { method: 'PUT', url: target, payload: { ...fields, ...patch } }));
}

describe('master-data history', () => {
  it('given a member changing phone and e-mail, the KiTa says which fields changed last and the history lists only those, before and after', async () => {
    const saved = await save('member', { phone: '089 111', email: 'sonnenschein@kita.example' });
    expect(saved.lastChangedFields).toEqual(['phone', 'email']);
    expect((await read()).lastChangedFields).toEqual(['phone', 'email']);

    const res = await history('member');
    const [entry] = parseAnswer(facilityHistorySchema, res).items;
    expect(entry).toMatchObject({ actor: { id: f.users.member.id, name: 'Maria Mitglied' }, byAdmin: false });
    expect(entry!.changes).toEqual([
      { field: 'phone', before: '', after: '089 111' },
      { field: 'email', before: '', after: 'sonnenschein@kita.example' },
    ]);
    expect(res.body).not.toMatch(/version|updated_at|updatedAt|request_id|"ip"/);
  });

  it('given an admin change after it, the newest comes first and is marked as done by the administration', async () => {
    await save('admin', { childrenCount: 42 });
    const items = await historyItems('member');
    expect(items[0]).toMatchObject({
      actor: { id: f.users.admin.id, name: 'Alex Admin' },
      byAdmin: true,
      changes: [{ field: 'childrenCount', before: null, after: 42 }],
    });
    expect(items[1]!.changes.map((c) => c.field)).toEqual(['phone', 'email']);
  });

  it('given a save that changes nothing, it is no change: same version, same last change, no line in the history', async () => {
    const current = await read();
    const before = await historyItems('member');
    const saved = await save('member', {});
    expect(saved).toMatchObject({
      version: current.version,
      updatedAt: current.updatedAt,
      updatedBy: current.updatedBy,
      lastChangedFields: ['childrenCount'],
    });
    expect(await historyItems('member')).toEqual(before);
  });

  it('given many changes, the history holds the last ten', async () => {
    for (let i = 0; i < 11; i++) await save('member', { staffCount: i });
    const items = await historyItems('admin');
    expect(items).toHaveLength(10);
    expect(items[0]!.changes).toEqual([{ field: 'staffCount', before: 9, after: 10 }]);
  });

  it('given audit entries with internal or unknown keys, only master-data fields reach the caller', async () => {
    expect(
      changedFields(
        { phone: '1', version: 3, updatedAt: 'x', postalCode: '80802', secret: 's' },
        { phone: '2', version: 4, updatedAt: 'y', postalCode: '80802', secret: 't' },
      ),
    ).toEqual([{ field: 'phone', before: '1', after: '2' }]);
    await audit(f.db, {
      actorUserId: f.users.admin.id,
      action: 'facility.admin_update',
      entityType: 'facility',
      entityId: f.facility.id,
      before: { version: 1 },
      after: { version: 2 },
    });
    const items = await historyItems('member');
    expect(items[0]!.changes).toEqual([{ field: 'staffCount', before: 9, after: 10 }]);
  });

  it('given a merge into the KiTa after the last edit, the last change names no fields (they belong to an older change)', async () => {
    await audit(f.db, {
      actorUserId: f.users.admin.id,
      action: 'facility.merge_into',
      entityType: 'facility',
      entityId: f.facility.id,
      after: { moved: {} },
    });
    expect((await read()).lastChangedFields).toEqual([]);
    expect(await historyItems('member')).toHaveLength(10);
  });
});

describe('who may read the history', () => {
  it('given an anonymous caller, answers 401', async () => {
    const res = await history('anonymous');
    expect(reasonOfAnswer(res, 401).code).toBe('unauthenticated');
  });

  it('given a member of another KiTa, answers 403 and no data', async () => {
    const res = await history('otherMember');
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain('sonnenschein@kita.example');
  });

  it('given a member, the own KiTa answers and another KiTa does not', async () => {
    expect((await history('member')).statusCode).toBe(200);
    expect((await history('member', f.otherFacility.id)).statusCode).toBe(403);
    expect(await historyItems('otherMember', f.otherFacility.id)).toEqual([]);
  });

  it('given an admin, any KiTa answers; an unknown one 404', async () => {
    expect((await history('admin')).statusCode).toBe(200);
    expect((await history('admin', 999_999)).statusCode).toBe(404);
  });
});
