import { eq, isNull, and } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../mail/mail.table';
import { facilityFixture } from '../../testing/facility-fixture';
import { enrol } from '../../testing/factories';
import { createTestWorld } from '../../testing/test-world';
import { offeringEnrolments } from './programme.table';
import { sendDueReminders } from './reminders';
import { createOffering, createStaff } from './test-helpers';

const day = 86_400_000;
const w = createTestWorld(async () => {
  const f = await facilityFixture();
  await enrol(f.db, f.facility.id, f.season.id);
  return f;
});

describe('reminders', () => {
  it('given dates in 3 and in 10 days (reminder 7 days before), only the near one is reminded, once, and not its waiting list', async () => {
    const near = await createOffering(w.db, w.season.id, {
      title: 'Bald',
      capacity: 1,
      startsAt: new Date(Date.now() + 3 * day),
      endsAt: new Date(Date.now() + 3 * day + 3_600_000),
    });
    const far = await createOffering(w.db, w.season.id, {
      title: 'Später',
      startsAt: new Date(Date.now() + 10 * day),
      endsAt: new Date(Date.now() + 10 * day + 3_600_000),
    });
    const [p, q] = await createStaff(w.db, w.facility.id, 2);
    for (const o of [near, far])
      await w.call('member', {
        method: 'POST',
        url: `/api/facilities/${w.facility.id}/enrolments`,
        payload: { offeringId: o.id, personIds: [p!.id, q!.id] },
      });
    let sent = 0;
    for (let n = await sendDueReminders(w.db); n > 0; n = await sendDueReminders(w.db)) sent += n;
    expect(sent).toBe(1);
    expect(await sendDueReminders(w.db)).toBe(0);
    const mails = await w.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'programme-reminder'));
    expect(mails.map((m) => m.recipient)).toEqual([p!.email]);
  });

  it('given 40 due reminders and two concurrent claim runs (as two processes would), each reminder is enqueued exactly once', async () => {
    const o = await createOffering(w.db, w.season.id, {
      title: 'Viele',
      capacity: 40,
      startsAt: new Date(Date.now() + 2 * day),
      endsAt: new Date(Date.now() + 2 * day + 3_600_000),
    });
    const staff = await createStaff(w.db, w.facility.id, 40);
    await w.call('member', {
      method: 'POST',
      url: `/api/facilities/${w.facility.id}/enrolments`,
      payload: { offeringId: o.id, personIds: staff.map((s) => s.id) },
    });
    const runner = async () => {
      let total = 0;
      for (let n = await sendDueReminders(w.db, new Date(), 5); n > 0; n = await sendDueReminders(w.db, new Date(), 5)) total += n;
      return total;
    };
    const [a, b] = await Promise.all([runner(), runner()]);
    expect(a + b).toBe(40);
    const mails = await w.db.select().from(mailOutbox).where(eq(mailOutbox.template, 'programme-reminder'));
    const forThis = mails.filter((m) => staff.some((s) => s.email === m.recipient));
    expect(forThis).toHaveLength(40);
    expect(new Set(forThis.map((m) => m.recipient)).size).toBe(40);
    expect(
      await w.db
        .select()
        .from(offeringEnrolments)
        .where(and(eq(offeringEnrolments.offeringId, o.id), isNull(offeringEnrolments.reminderSentAt))),
    ).toHaveLength(0);
  });
});
