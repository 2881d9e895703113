import { and, eq, ne, sql } from 'drizzle-orm';
import { describe, expect, it, vi } from 'vitest';
import { addMember, createFacility, createSeason, createUser, enrol } from '../../testing/factories';
import { loginAs } from '../../testing/login-as';
import { buildTestApp } from '../../testing/test-app';
import { createTestWorld } from '../../testing/test-world';
import { offeringEnrolments } from './programme.table';
import { createOffering, createStaff } from './test-helpers';

/**
 * The rush (issue 11): ≥ 200 parallel booking requests for 20 seats through the HTTP app on PostgreSQL (a pool
 * of 10 connections), and its control with the locks switched off, which must overbook, so we know the test can
 * fail. PGlite has one connection and runs every transaction alone: there is no race to see there.
 */
const KITAS = 20;
const PER_KITA = 10;
const SEATS = 20;

describe.skipIf(!process.env.DATABASE_URL)(
  'booking under a rush (PostgreSQL only; PGlite serialises every transaction, so no race can happen)',
  () => {
    const w = createTestWorld(async () => {
      const t = await buildTestApp();
      const db = t.handle.db;
      const season = await createSeason(db, { identifier: '2026-27', label: 'KiTa-Jahr 2026/27', isCurrent: true, enrolmentState: 'open' });
      // one account that is a member of 20 KiTas: one login, bookings from 20 KiTas
      const user = await createUser(db);
      const staff: { facilityId: number; personId: number }[] = [];
      for (let i = 0; i < KITAS; i++) {
        const f = await createFacility(db);
        await addMember(db, f.id, user.id);
        await enrol(db, f.id, season.id);
        for (const p of await createStaff(db, f.id, PER_KITA)) staff.push({ facilityId: f.id, personId: p.id });
      }
      const cookie = await loginAs(t.app, user);
      // correctness, not the timeout, is under test here: a loaded CI machine must not turn waits into 409s
      vi.stubEnv('BOOKING_LOCK_TIMEOUT_MS', '60000');
      return {
        ...t,
        season,
        staff,
        cookie,
        close: async () => {
          vi.unstubAllEnvs();
          await t.close();
        },
      };
    });

    async function rush(offeringId: number) {
      // every staff entry once, plus 20 repeats of the first ones (must never become a second booking)
      const requests = [...w.staff, ...w.staff.slice(0, 20)];
      return Promise.all(
        requests.map((s) =>
          w.app.inject({
            method: 'POST',
            url: `/api/facilities/${s.facilityId}/enrolments`,
            headers: { cookie: w.cookie },
            payload: { offeringId, personIds: [s.personId] },
          }),
        ),
      );
    }

    async function counts(offeringId: number) {
      const rows = await w.handle.db
        .select({ state: offeringEnrolments.state, n: sql<number>`count(*)::int` })
        .from(offeringEnrolments)
        .where(eq(offeringEnrolments.offeringId, offeringId))
        .groupBy(offeringEnrolments.state);
      const doubles = await w.handle.db.execute(
        sql`select person_id from offering_enrolments where offering_id = ${offeringId} and state <> 'cancelled' group by person_id having count(*) > 1`,
      );
      return {
        ...Object.fromEntries(rows.map((r) => [r.state, Number(r.n)])),
        doubles: (doubles as unknown as { rows: unknown[] }).rows.length,
      } as Record<string, number>;
    }

    it('given 220 parallel requests (200 persons, 20 repeated) for 20 seats, exactly 20 are confirmed, the rest wait on contiguous places, nobody twice', async () => {
      const o = await createOffering(w.handle.db, w.season.id, { capacity: SEATS });
      const answers = await rush(o.id);
      const statuses = answers.map((a) => a.statusCode);
      expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
      const ok = answers.filter((a) => a.statusCode === 201).map((a) => a.json().results[0] as { state: string; waitlistPosition: number | null });
      const c = await counts(o.id);
      expect(c.confirmed).toBe(SEATS);
      expect(c.doubles).toBe(0);
      expect(ok.filter((r) => r.state === 'confirmed')).toHaveLength(SEATS);
      // every distinct person was decided (the lock timeout is raised for this file)
      expect(ok).toHaveLength(KITAS * PER_KITA);
      expect(c.waitlisted).toBe(KITAS * PER_KITA - SEATS);
      const positions = ok
        .filter((r) => r.state === 'waitlisted')
        .map((r) => r.waitlistPosition!)
        .sort((a, b) => a - b);
      expect(positions).toEqual(Array.from({ length: KITAS * PER_KITA - SEATS }, (_, i) => i + 1));
      // the database agrees with what the answers said
      const db = await w.handle.db.execute(sql`
      select row_number() over (order by queued_at, id)::int as pos from offering_enrolments where offering_id = ${o.id} and state = 'waitlisted'`);
      expect((db as unknown as { rows: unknown[] }).rows).toHaveLength(KITAS * PER_KITA - SEATS);
    }, 180_000);

    it('given a cancellation of one of the 20 seats under load, exactly one waiting entry moves up', async () => {
      const o = await createOffering(w.handle.db, w.season.id, { capacity: SEATS });
      await rush(o.id);
      const seats = await w.handle.db
        .select()
        .from(offeringEnrolments)
        .where(and(eq(offeringEnrolments.offeringId, o.id), eq(offeringEnrolments.state, 'confirmed')))
        .limit(3);
      // three cancellations at once: three promotions, never more
      await Promise.all(
        seats.map((s) =>
          w.app.inject({ method: 'DELETE', url: `/api/facilities/${s.facilityId}/enrolments/${s.id}`, headers: { cookie: w.cookie } }),
        ),
      );
      const c = await counts(o.id);
      expect(c.confirmed).toBe(SEATS);
      expect(c.cancelled).toBe(3);
      expect(c.waitlisted).toBe(KITAS * PER_KITA - SEATS - 3);
    }, 180_000);

    it('control: with the lock switched off (test-only flag), the same rush overbooks', async () => {
      // a race is likely, not certain: once on an idle machine (Node 26, fast PostgreSQL) a whole rush without the
      // lock happened to confirm exactly 20. The control shows the rush CAN overbook without the lock, so it gets up
      // to three rushes, each on a date of its own; the tests above hold for every single rush with the lock.
      const overbookedBy: number[] = [];
      for (let attempt = 0; attempt < 3 && !overbookedBy.some((n) => n > 0); attempt++) {
        const o = await createOffering(w.handle.db, w.season.id, { capacity: SEATS });
        vi.stubEnv('BOOKING_LOCK', 'off');
        try {
          await rush(o.id);
        } finally {
          vi.stubEnv('BOOKING_LOCK', 'on');
        }
        const live = await w.handle.db
          .select({ n: sql<number>`count(*)::int` })
          .from(offeringEnrolments)
          .where(and(eq(offeringEnrolments.offeringId, o.id), ne(offeringEnrolments.state, 'waitlisted'), ne(offeringEnrolments.state, 'cancelled')));
        overbookedBy.push(Number(live[0]!.n) - SEATS);
      }
      expect(Math.max(...overbookedBy), `seats over the 20 in each rush: ${overbookedBy.join(', ')}`).toBeGreaterThan(0);
    }, 180_000);
  },
);
