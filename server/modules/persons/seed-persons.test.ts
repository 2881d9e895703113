import { count, isNull, eq, and } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { seedDemo } from '../../db/seed-demo';
import { buildTestApp } from '../../testing/test-app';
import { seasonEnrolments } from '../seasons/seasons.table';
import { persons } from './persons.table';
import { createTestWorld } from '../../testing/test-world';

const t = createTestWorld(() => buildTestApp());

describe('seed:demo staff lists (issue 5)', () => {
  it('given the demo seed run twice, every KiTa has its two staff entries once, the demo accounts are linked, live enrolments name project and contact', async () => {
    await seedDemo(t.handle.db, { password: 'Demo-Passwort-2026' });
    await seedDemo(t.handle.db, { password: 'Demo-Passwort-2026' });
    const [n] = await t.handle.db.select({ n: count() }).from(persons);
    expect(n!.n).toBe(24);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'eine-kita@demo.example', password: 'Demo-Passwort-2026' },
    });
    const cookie = login.cookies.map((c) => `${c.name}=${c.value}`).join('; ');
    const facilityId = Object.keys(login.json().user.facilities)[0];
    const staff = (await t.app.inject({ method: 'GET', url: `/api/facilities/${facilityId}/persons`, headers: { cookie } })).json();
    expect(staff.items.map((p: { lastName: string; hasAccount: boolean }) => [p.lastName, p.hasAccount])).toEqual([
      ['Einhorn', true],
      ['Lehmann', false],
    ]);
    const status = (await t.app.inject({ method: 'GET', url: `/api/facilities/${facilityId}/season-enrolment`, headers: { cookie } })).json();
    expect(status.enrolment).toMatchObject({ projectTitle: 'Wasser erleben an der Pegnitz', contactPersonName: 'Elif Einhorn' });
    const live = await t.handle.db
      .select()
      .from(seasonEnrolments)
      .where(and(isNull(seasonEnrolments.withdrawnAt), eq(seasonEnrolments.projectTitle, '')));
    expect(live).toEqual([]);
  });
});
