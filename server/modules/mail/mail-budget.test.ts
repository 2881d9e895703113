import { and, eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '../../../src/shared/contracts/error-codes';
import { facilityFixture } from '../../testing/facility-fixture';
import { enrol } from '../../testing/factories';
import { createTestWorld } from '../../testing/test-world';
import { persons } from '../persons/persons.table';
import { PERSONS_PER_FACILITY_PER_DAY } from '../persons/persons.service';
import { createOffering, createStaff } from '../programme/test-helpers';
import { mailOutbox } from './mail.table';
import { enqueueMail, mailBudgetLimits } from './outbox';
import { defineMailTemplate, layout } from './templates';

/**
 * Issue 18 §2: staff could make the portal mail anybody (one booking request, 50 mails to 50 typed-in addresses).
 * The outbox itself enforces a budget per KiTa and per recipient, counting mails; admins' mails are exempt.
 */
const w = createTestWorld(async () => {
  const f = await facilityFixture();
  await enrol(f.db, f.facility.id, f.season.id);
  await enrol(f.db, f.otherFacility.id, f.season.id);
  return f;
});

const budgetTemplate = defineMailTemplate<{ n: number }>('test-budget', (d, ctx) =>
  layout({ subject: 'Test', greeting: 'Hallo,', paragraphs: [`Mail ${d.n}`] }, ctx),
);

const outboxOf = (addresses: string[]) => w.db.select().from(mailOutbox).where(inArray(mailOutbox.recipient, addresses));

describe('the mail budget', () => {
  it('given one booking request naming 50 staff entries with unverified addresses, the booking succeeds and at most the KiTa budget of mails goes out', async () => {
    const o = await createOffering(w.db, w.season.id, { capacity: 100 });
    const staff = await createStaff(w.db, w.facility.id, 50, { email: '' });
    // unverified addresses, one each, as typed in by the KiTa
    for (const [i, p] of staff.entries())
      await w.db
        .update(persons)
        .set({ email: `opfer-${i}@fremd.example` })
        .where(eq(persons.id, p.id));
    const addresses = staff.map((_, i) => `opfer-${i}@fremd.example`);
    const res = await w.call('member', {
      method: 'POST',
      url: `/api/facilities/${w.facility.id}/enrolments`,
      payload: { offeringId: o.id, personIds: staff.map((p) => p.id) },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().results).toHaveLength(50);
    await w.t.flushMail();
    const sent = w.t.mails.filter((m) => addresses.includes(m.to));
    expect(sent).toHaveLength(mailBudgetLimits.facility.perHour);
    const rows = await outboxOf(addresses);
    const over = rows.filter((r) => r.budget === 'over');
    expect(over).toHaveLength(50 - mailBudgetLimits.facility.perHour);
    // held back: failed with the reason, nothing of the mail's data kept
    expect(
      over.every((r) => r.status === 'failed' && r.data === null && r.lastError === `budget: KiTa ${mailBudgetLimits.facility.perHour}/hour`),
    ).toBe(true);

    // a second burst in the same hour sends nothing more; the KiTa's bookings still work
    const o2 = await createOffering(w.db, w.season.id, { capacity: 100 });
    const again = await w.call('member', {
      method: 'POST',
      url: `/api/facilities/${w.facility.id}/enrolments`,
      payload: { offeringId: o2.id, personIds: staff.slice(0, 10).map((p) => p.id) },
    });
    expect(again.statusCode).toBe(201);
    await w.t.flushMail();
    expect(w.t.mails.filter((m) => addresses.includes(m.to))).toHaveLength(mailBudgetLimits.facility.perHour);
  });

  it('given an address that had its 10 mails this hour, a booking of its staff entry holds that mail back; a staff entry without address mails the members, counted', async () => {
    // a booking reads the counts of its staff entries' own addresses with the offering (mailBudgetColumn), the
    // members' with readMailBudget: both must decide as enqueueMail does one by one
    const f = w.otherFacility.id;
    const [full] = await createStaff(w.db, f, 1, { email: 'Voll@Fremd.example' });
    const [none] = await createStaff(w.db, f, 1, { email: '' });
    for (let n = 0; n < mailBudgetLimits.recipient.perHour; n++)
      await enqueueMail(w.db, { to: 'voll@fremd.example', template: budgetTemplate, data: { n } });
    const bookOne = async (personId: number) =>
      w.call('otherMember', {
        method: 'POST',
        url: `/api/facilities/${f}/enrolments`,
        payload: { offeringId: (await createOffering(w.db, w.season.id)).id, personIds: [personId] },
      });
    expect((await bookOne(full!.id)).statusCode).toBe(201);
    const [held] = await outboxOf(['Voll@Fremd.example']);
    expect(held).toMatchObject({
      status: 'failed',
      budget: 'over',
      data: null,
      lastError: `budget: recipient ${mailBudgetLimits.recipient.perHour}/hour`,
    });
    expect((await bookOne(none!.id)).statusCode).toBe(201);
    const toMember = await outboxOf([w.users.otherMember.email]);
    expect(toMember.map((r) => [r.budget, r.facilityId])).toEqual([['counted', f]]);
  });

  it('given an admin books the same 50 on behalf of a KiTa, every mail goes out (admins are exempt) and counts against nobody', async () => {
    const o = await createOffering(w.db, w.season.id, { capacity: 100 });
    const staff = await createStaff(w.db, w.otherFacility.id, 50);
    const res = await w.call('admin', {
      method: 'POST',
      url: `/api/admin/offerings/${o.id}/enrolments`,
      payload: { facilityId: w.otherFacility.id, personIds: staff.map((p) => p.id) },
    });
    expect(res.statusCode, res.body).toBe(201);
    await w.t.flushMail();
    const addresses = staff.map((p) => p.email);
    expect(w.t.mails.filter((m) => addresses.includes(m.to))).toHaveLength(50);
    const rows = await outboxOf(addresses);
    expect(rows.every((r) => r.budget === 'exempt')).toBe(true);
  });

  it('given one address, it gets at most 10 counted mails an hour and 30 a day, whatever their case or cause; exempt mails are not held back', async () => {
    const to = 'Ziel@Example.org';
    const results = [];
    for (let n = 0; n < 12; n++)
      results.push(await enqueueMail(w.db, { to: n % 2 ? to.toLowerCase() : to, template: budgetTemplate, data: { n }, budget: 'recipient' }));
    expect(results.filter((r) => r.suppressed)).toHaveLength(2);
    expect((await enqueueMail(w.db, { to, template: budgetTemplate, data: { n: 99 }, budget: 'exempt' })).suppressed).toBe(false);
    // an hour later the hourly limit is free again, the daily one counts on
    await w.db
      .update(mailOutbox)
      .set({ createdAt: sql`now() - interval '2 hours'` })
      .where(eq(sql`lower(${mailOutbox.recipient})`, to.toLowerCase()));
    const later = [];
    for (let n = 0; n < 12; n++) later.push(await enqueueMail(w.db, { to, template: budgetTemplate, data: { n }, budget: 'recipient' }));
    expect(later.filter((r) => !r.suppressed)).toHaveLength(10);
    await w.db
      .update(mailOutbox)
      .set({ createdAt: sql`now() - interval '2 hours'` })
      .where(eq(sql`lower(${mailOutbox.recipient})`, to.toLowerCase()));
    const third = [];
    for (let n = 0; n < 12; n++) third.push(await enqueueMail(w.db, { to, template: budgetTemplate, data: { n }, budget: 'recipient' }));
    expect(third.filter((r) => !r.suppressed)).toHaveLength(mailBudgetLimits.recipient.perDay - 20);
    // the day's 30 are used up: another hour later still nothing
    await w.db
      .update(mailOutbox)
      .set({ createdAt: sql`now() - interval '2 hours'` })
      .where(eq(sql`lower(${mailOutbox.recipient})`, to.toLowerCase()));
    const fourth = await enqueueMail(w.db, { to, template: budgetTemplate, data: { n: 0 }, budget: 'recipient' });
    expect(fourth.suppressed).toBe(true);
    const [reason] = await w.db
      .select({ e: mailOutbox.lastError })
      .from(mailOutbox)
      .where(and(eq(mailOutbox.id, fourth.id)));
    expect(reason!.e).toBe(`budget: recipient ${mailBudgetLimits.recipient.perDay}/day`);
  });

  it('given the KiTa budget is used up, an invitation answers 429 in German and changes nothing', async () => {
    const [p] = await createStaff(w.db, w.facility.id, 1, { email: 'einladung@kita.example' });
    const res = await w.call('member', { method: 'POST', url: `/api/facilities/${w.facility.id}/persons/${p!.id}/invite` });
    expect(res.statusCode).toBe(429);
    expect(res.json().reason).toMatchObject({ code: 'mail_budget', message: errorCatalogue.person.invitation_mail_budget.message });
    const [row] = await w.db.select().from(persons).where(eq(persons.id, p!.id));
    expect(row!.invitedAt).toBeNull();
    expect(row!.inviteTokenHash).toBeNull();
    expect(await outboxOf(['einladung@kita.example'])).toEqual([]);
    // an admin's invitation is exempt
    expect((await w.call('admin', { method: 'POST', url: `/api/facilities/${w.facility.id}/persons/${p!.id}/invite` })).statusCode).toBe(200);
  });
});

describe('staff entries per KiTa and day', () => {
  it(`given a KiTa made ${PERSONS_PER_FACILITY_PER_DAY} staff entries today, the next answers 429 in German; an admin may still add`, async () => {
    const facilityId = w.otherFacility.id;
    const made = await w.db
      .select({ n: sql<number>`count(*)::int` })
      .from(persons)
      .where(eq(persons.facilityId, facilityId));
    const already = Number(made[0]!.n);
    const create = (role: 'otherMember' | 'admin', i: number) =>
      w.call(role, {
        method: 'POST',
        url: `/api/facilities/${facilityId}/persons`,
        payload: { firstName: `Neu${i}`, lastName: 'Person', position: 'Sonstige' },
      });
    for (let i = already; i < PERSONS_PER_FACILITY_PER_DAY; i++) expect((await create('otherMember', i)).statusCode).toBe(201);
    const over = await create('otherMember', 999);
    expect(over.statusCode).toBe(429);
    expect(over.json().reason).toMatchObject({ code: 'too_many_persons', message: errorCatalogue.person.too_many_created.message });
    expect((await create('admin', 1000)).statusCode).toBe(201);
    // a day later the KiTa may add again
    await w.db
      .update(persons)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(persons.facilityId, facilityId));
    expect((await create('otherMember', 1001)).statusCode).toBe(201);
  });
});
