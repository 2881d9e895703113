import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminFacilityDetailSchema, adminFacilityPageSchema, facilityMergeResultSchema } from '../../../src/shared/contracts/admin-facilities';
import { facilitySchema } from '../../../src/shared/contracts/facilities';
import { seasonEnrolmentSchema } from '../../../src/shared/contracts/season-enrolment';
import { parseAnswer } from '../../testing/parse-answer';
import { addMember, createFacility, createSeason, createUser, enrol } from '../../testing/factories';
import { facilityFixture } from '../../testing/facility-fixture';
import { auditLog } from '../audit/audit.table';
import { facilities, facilityMembers } from '../facilities/facilities.table';
import { facilityJoinRequests } from '../facilities/join-requests.table';
import { persons } from '../persons/persons.table';
import { seasonEnrolments } from '../seasons/seasons.table';
import { createTestWorld } from '../../testing/test-world';

const f = createTestWorld(async () => {
  const f = await facilityFixture();
  const oldSeasonId = (await createSeason(f.db, { identifier: '2025-26', label: 'KiTa-Jahr 2025/26', enrolmentState: 'closed' })).id;
  // a small known world: the fixture's two KiTas plus these
  const a = await createFacility(f.db, {
    label: 'Ärztehaus-Kita Übersee',
    kind: 'Krippe',
    region: 'Oberbayern',
    city: 'Übersee',
    postalCode: '83236',
  });
  const b = await createFacility(f.db, {
    label: 'Hort Zugspitze',
    kind: 'Hort',
    region: 'Oberbayern',
    city: 'Garmisch-Partenkirchen',
    postalCode: '82467',
  });
  await createFacility(f.db, { label: 'Kindergarten Donauwelle', kind: 'Kindergarten', region: 'Niederbayern', city: 'Passau', postalCode: '94032' });
  await enrol(f.db, a.id, f.season.id);
  await enrol(f.db, b.id, oldSeasonId);
  await enrol(f.db, f.facility.id, f.season.id, { withdrawnAt: new Date() });
  return { ...f, oldSeasonId };
});

const list = async (query: string) => {
  return parseAnswer(adminFacilityPageSchema, await f.call('admin', { method: 'GET', url: `/api/admin/facilities?${query}` }));
};

describe('admin KiTa list', () => {
  it('given KiTas, the list pages and sorts on the server', async () => {
    const page1 = await list('pageSize=2&sort=label&dir=asc');
    expect(page1.total).toBe(5);
    expect(page1.items.map((i) => i.label)).toHaveLength(2);
    const all = await list('pageSize=0&sort=city&dir=desc');
    expect(all.items).toHaveLength(5);
    const cities = all.items.map((i) => i.label);
    expect(cities[0]).toBe('Ärztehaus-Kita Übersee');
    const page3 = await list('pageSize=2&page=3&sort=label');
    expect(page3.items).toHaveLength(1);
  });

  it('given a search, it matches name, city and the start of the postal code, case-insensitively', async () => {
    expect((await list('q=zugspitze')).items.map((i) => i.label)).toEqual(['Hort Zugspitze']);
    expect((await list('q=passau')).items.map((i) => i.label)).toEqual(['Kindergarten Donauwelle']);
    expect((await list('q=8323')).items.map((i) => i.label)).toEqual(['Ärztehaus-Kita Übersee']);
    expect((await list('q=100%25')).total).toBe(0);
  });

  it('given filters, region, kind and enrolment to a season narrow the list', async () => {
    expect((await list('region=Oberbayern&sort=label')).items.map((i) => i.label)).toEqual([
      'Ärztehaus-Kita Übersee',
      'Hort Zugspitze',
      'Kinderhaus Sonnenschein',
    ]);
    expect((await list('region=Oberbayern&kind=Hort')).items.map((i) => i.label)).toEqual(['Hort Zugspitze']);
    const current = await list('enrolled=yes');
    expect(current.items.map((i) => [i.label, i.isEnrolled])).toEqual([['Ärztehaus-Kita Übersee', true]]);
    expect((await list(`enrolled=yes&enrolledSeasonId=${f.oldSeasonId}`)).items.map((i) => i.label)).toEqual(['Hort Zugspitze']);
    expect((await list('enrolled=no')).total).toBe(4);
  });

  it('given a bad sort key or filter value, answers 400', async () => {
    expect((await f.call('admin', { method: 'GET', url: '/api/admin/facilities?sort=password' })).statusCode).toBe(400);
    expect((await f.call('admin', { method: 'GET', url: '/api/admin/facilities?region=Tirol' })).statusCode).toBe(400);
  });

  it('given a page past the end, it is empty and still tells the total', async () => {
    const all = await list('pageSize=0');
    const past = await list('pageSize=2&page=50&sort=label');
    expect(past.items).toEqual([]);
    expect(past.total).toBe(all.total);
  });

  it('given members and staff, each row counts the members and the staff not removed', async () => {
    const kita = await createFacility(f.db, { label: 'Kita Zählwerk', region: 'Schwaben' });
    for (const u of [await createUser(f.db), await createUser(f.db)]) await addMember(f.db, kita.id, u.id);
    await f.db.insert(persons).values([
      { facilityId: kita.id, firstName: 'Ada', lastName: 'Eins', position: 'Leitung' },
      { facilityId: kita.id, firstName: 'Bo', lastName: 'Zwei', position: 'Sonstige' },
      { facilityId: kita.id, firstName: 'Cy', lastName: 'Weg', position: 'Sonstige', removedAt: new Date() },
    ]);
    expect((await list('q=Zählwerk')).items).toMatchObject([{ label: 'Kita Zählwerk', membersCount: 2, personsCount: 2 }]);
  });
});

describe('admin KiTa detail, edit, enrol on behalf', () => {
  it('given a KiTa, the detail shows members, staff (removed too), enrolments over the years and history', async () => {
    const [p] = await f.db
      .insert(persons)
      .values({ facilityId: f.facility.id, firstName: 'Alt', lastName: 'Gedient', position: 'Leitung', removedAt: new Date() })
      .returning();
    const { version } = parseAnswer(facilitySchema, await f.call('admin', { method: 'GET', url: `/api/facilities/${f.facility.id}` }));
    await f.call('member', {
      method: 'PUT',
      url: `/api/facilities/${f.facility.id}`,
      payload: {
        label: 'Kinderhaus Sonnenschein',
        kind: 'Haus für Kinder',
        street: 'Leopoldstraße 112',
        postalCode: '80802',
        city: 'München',
        region: 'Oberbayern',
        version,
      },
    });
    const res = await f.call('admin', { method: 'GET', url: `/api/admin/facilities/${f.facility.id}` });
    const d = parseAnswer(adminFacilityDetailSchema, res);
    expect(d.members.map((m) => m.userId)).toEqual([f.users.member.id]);
    expect(d.persons.find((x) => x.id === p!.id)?.removedAt).toBeTruthy();
    expect(d.enrolments).toHaveLength(1);
    expect(d.enrolments[0]).toMatchObject({ seasonIdentifier: '2026-27', withdrawnAt: expect.any(String) });
    expect(d.history[0]).toMatchObject({
      action: 'facility.update',
      actor: { id: f.users.member.id, name: 'Maria Mitglied' },
      after: { kind: 'Haus für Kinder' },
    });
  });

  it('given an admin edit with a stale version, answers 409; with the current one it saves and is audited as an admin write', async () => {
    const { facility } = parseAnswer(
      adminFacilityDetailSchema,
      await f.call('admin', { method: 'GET', url: `/api/admin/facilities/${f.otherFacility.id}` }),
    );
    const body = {
      label: 'Kita Lechauen',
      kind: 'Kindergarten',
      street: 'Haunstetter Straße 50',
      postalCode: '86161',
      city: 'Augsburg',
      region: 'Schwaben',
    };
    expect(
      (
        await f.call('admin', {
          method: 'PUT',
          url: `/api/admin/facilities/${f.otherFacility.id}`,
          payload: { ...body, version: facility.version + 1 },
        })
      ).statusCode,
    ).toBe(409);
    const ok = await f.call('admin', {
      method: 'PUT',
      url: `/api/admin/facilities/${f.otherFacility.id}`,
      payload: { ...body, version: facility.version },
    });
    expect(ok.statusCode).toBe(200);
    const [entry] = await f.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'facility.admin_update'), eq(auditLog.entityId, String(f.otherFacility.id))));
    expect(entry?.actorUserId).toBe(f.users.admin.id);
  });

  it('given a closed past season, an admin enrols and withdraws a KiTa on its behalf; both are audited', async () => {
    const [contact] = await f.db
      .insert(persons)
      .values({ facilityId: f.otherFacility.id, firstName: 'Kim', lastName: 'Kontakt', position: 'Leitung' })
      .returning();
    const payload = {
      projectTopics: ['Abfall'],
      projectTitle: 'Müll vermeiden',
      contactPersonId: contact!.id,
      childrenTakingPart: 12,
      acceptedTerms: true,
    };
    const res = await f.call('admin', { method: 'PUT', url: `/api/admin/facilities/${f.otherFacility.id}/enrolments/${f.oldSeasonId}`, payload });
    expect(parseAnswer(seasonEnrolmentSchema, res)).toMatchObject({ seasonId: f.oldSeasonId, createdBy: { id: f.users.admin.id } });
    const member = await f.call('otherMember', {
      method: 'PUT',
      url: `/api/admin/facilities/${f.otherFacility.id}/enrolments/${f.oldSeasonId}`,
      payload,
    });
    expect(member.statusCode).toBe(403);
    const del = await f.call('admin', { method: 'DELETE', url: `/api/admin/facilities/${f.otherFacility.id}/enrolments/${f.oldSeasonId}` });
    expect(del.statusCode).toBe(204);
    const actions = (await f.db.select().from(auditLog).where(eq(auditLog.entityType, 'season_enrolment'))).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['season_enrolment.create_on_behalf', 'season_enrolment.withdraw_on_behalf']));
  });
});

describe('merge two duplicates', () => {
  it('given two KiTas, merging moves members, persons, enrolments and requests, withdraws a clashing enrolment, loses nothing and is recorded', async () => {
    const season = f.season.id;
    const keep = await createFacility(f.db, { label: 'Kita Regenbogen', postalCode: '93049' });
    const dup = await createFacility(f.db, { label: 'Kita Regenbogen e.V.', postalCode: '93049' });
    const both = await createUser(f.db);
    const onlyDup = await createUser(f.db);
    const asker = await createUser(f.db);
    await addMember(f.db, keep.id, both.id);
    await addMember(f.db, dup.id, both.id);
    await addMember(f.db, dup.id, onlyDup.id);
    const [p1] = await f.db.insert(persons).values({ facilityId: dup.id, firstName: 'Pia', lastName: 'Eins', position: 'Leitung' }).returning();
    await f.db.insert(persons).values({ facilityId: dup.id, firstName: 'Paul', lastName: 'Weg', position: 'Sonstige', removedAt: new Date() });
    const keepEnrolment = await enrol(f.db, keep.id, season);
    const dupEnrolment = await enrol(f.db, dup.id, season, { contactPersonId: p1!.id });
    const dupOld = await enrol(f.db, dup.id, f.oldSeasonId);
    await f.db.insert(facilityJoinRequests).values({ facilityId: dup.id, userId: asker.id });
    const counts = async (id: number) => ({
      members: (await f.db.select().from(facilityMembers).where(eq(facilityMembers.facilityId, id))).length,
      persons: (await f.db.select().from(persons).where(eq(persons.facilityId, id))).length,
      enrolments: (await f.db.select().from(seasonEnrolments).where(eq(seasonEnrolments.facilityId, id))).length,
    });

    const self = await f.call('admin', { method: 'POST', url: '/api/admin/facilities/merge', payload: { sourceId: dup.id, targetId: dup.id } });
    expect(self.statusCode).toBe(400);
    const res = await f.call('admin', { method: 'POST', url: '/api/admin/facilities/merge', payload: { sourceId: dup.id, targetId: keep.id } });
    expect(parseAnswer(facilityMergeResultSchema, res)).toEqual({
      targetId: keep.id,
      moved: { members: 2, persons: 2, enrolments: 2, joinRequests: 1 },
    });

    expect(await counts(keep.id)).toEqual({ members: 2, persons: 2, enrolments: 3 });
    expect(await counts(dup.id)).toEqual({ members: 0, persons: 0, enrolments: 0 });
    const [clash] = await f.db.select().from(seasonEnrolments).where(eq(seasonEnrolments.id, dupEnrolment.id));
    expect(clash).toMatchObject({ facilityId: keep.id, contactPersonId: p1!.id });
    expect(clash?.withdrawnAt).toBeInstanceOf(Date);
    const [kept] = await f.db.select().from(seasonEnrolments).where(eq(seasonEnrolments.id, keepEnrolment.id));
    expect(kept?.withdrawnAt).toBeNull();
    const [old] = await f.db.select().from(seasonEnrolments).where(eq(seasonEnrolments.id, dupOld.id));
    expect(old).toMatchObject({ facilityId: keep.id, withdrawnAt: null });
    const [source] = await f.db.select().from(facilities).where(eq(facilities.id, dup.id));
    expect(source?.mergedIntoId).toBe(keep.id);
    const [req] = await f.db.select().from(facilityJoinRequests).where(eq(facilityJoinRequests.userId, asker.id));
    expect(req).toMatchObject({ facilityId: keep.id, state: 'pending' });

    const recorded = await f.db.select().from(auditLog).where(eq(auditLog.action, 'facility.merge_into'));
    expect(recorded[0]?.after).toMatchObject({ source: { id: dup.id, label: 'Kita Regenbogen e.V.' }, moved: { persons: 2 } });
    // the duplicate is gone from lists and member routes, but admins still see where it went
    expect((await list('q=Regenbogen')).items.map((i) => i.label)).toEqual(['Kita Regenbogen']);
    expect((await f.call('admin', { method: 'GET', url: `/api/facilities/${dup.id}` })).statusCode).toBe(404);
    expect(
      parseAnswer(adminFacilityDetailSchema, await f.call('admin', { method: 'GET', url: `/api/admin/facilities/${dup.id}` })).mergedIntoId,
    ).toBe(keep.id);
    const again = await f.call('admin', { method: 'POST', url: '/api/admin/facilities/merge', payload: { sourceId: dup.id, targetId: keep.id } });
    expect(again.statusCode).toBe(409);
  });
});

describe('permission of the admin KiTa routes', () => {
  it('given anonymous or a member, every admin KiTa route answers 401 or 403 and no data', async () => {
    const routes = [
      { method: 'GET' as const, url: '/api/admin/facilities' },
      { method: 'GET' as const, url: '/api/admin/facilities/export.csv' },
      { method: 'GET' as const, url: '/api/admin/facilities/export.xlsx' },
      { method: 'GET' as const, url: `/api/admin/facilities/${f.facility.id}` },
      { method: 'PUT' as const, url: `/api/admin/facilities/${f.facility.id}`, payload: {} },
      { method: 'POST' as const, url: '/api/admin/facilities/merge', payload: { sourceId: f.facility.id, targetId: f.otherFacility.id } },
      { method: 'PUT' as const, url: `/api/admin/facilities/${f.facility.id}/enrolments/${f.season.id}`, payload: {} },
      { method: 'DELETE' as const, url: `/api/admin/facilities/${f.facility.id}/enrolments/${f.season.id}` },
    ];
    for (const [role, status] of [
      ['anonymous', 401],
      ['member', 403],
    ] as const) {
      for (const route of routes) {
        const res = await f.call(role, route);
        expect(`${route.method} ${route.url} ${res.statusCode}`).toBe(`${route.method} ${route.url} ${status}`);
        expect(res.body).not.toContain('Sonnenschein');
      }
    }
  });
});
