import type { DbOrTx } from '../../db/client';
import { persons } from '../persons/persons.table';
import { awardingEvents, offerings, trainingModules } from './programme.table';

const day = 86_400_000;

export async function createModule(db: DbOrTx, seasonId: number, overrides: Partial<typeof trainingModules.$inferInsert> = {}) {
  const [row] = await db
    .insert(trainingModules)
    .values({ seasonId, title: 'Einsteiger', ...overrides })
    .returning();
  return row!;
}

export async function createAwardingEvent(db: DbOrTx, seasonId: number, overrides: Partial<typeof awardingEvents.$inferInsert> = {}) {
  const startsAt = new Date(Date.now() + 60 * day);
  const [row] = await db
    .insert(awardingEvents)
    .values({
      seasonId,
      title: 'Auszeichnung Nord',
      place: 'Nürnberg',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 6 * 3_600_000),
      state: 'published',
      ...overrides,
    })
    .returning();
  return row!;
}

/** a published offering starting in 30 days, registration open now */
export async function createOffering(db: DbOrTx, seasonId: number, overrides: Partial<typeof offerings.$inferInsert> = {}) {
  if ((overrides.kind ?? 'training') === 'training' && !overrides.moduleId)
    overrides = { ...overrides, moduleId: (await createModule(db, seasonId)).id };
  const startsAt = new Date(Date.now() + 30 * day);
  const [row] = await db
    .insert(offerings)
    .values({
      kind: 'training',
      seasonId,
      title: 'Einsteiger-Fortbildung Nürnberg',
      startsAt,
      endsAt: new Date(startsAt.getTime() + 6 * 3_600_000),
      place: 'Umweltstation Nürnberg',
      region: 'Mittelfranken',
      capacity: 3,
      state: 'published',
      ...overrides,
    })
    .returning();
  return row!;
}

let n = 0;
export async function createStaff(db: DbOrTx, facilityId: number, count = 1, overrides: Partial<typeof persons.$inferInsert> = {}) {
  const rows = [];
  for (let i = 0; i < count; i++) {
    n += 1;
    const [row] = await db
      .insert(persons)
      .values({
        facilityId,
        firstName: `Person${n}`,
        lastName: `Müller`,
        position: 'pädagogische Fachkraft',
        email: `person${n}@kita.example`,
        ...overrides,
      })
      .returning();
    rows.push(row!);
  }
  return rows;
}

/**
 * Flushes the outbox and waits until `count` mails match: on PostgreSQL a worker round kicked by the enqueue may
 * still be sending when drain() finds nothing left to claim.
 */
export async function mailsMatching<M extends { subject: string }>(
  t: { flushMail: () => Promise<void>; mails: M[] },
  match: (m: M) => boolean,
  count: number,
) {
  for (let i = 0; i < 50; i++) {
    await t.flushMail();
    const found = t.mails.filter(match);
    if (found.length >= count) return found;
    await new Promise((r) => setTimeout(r, 50));
  }
  return t.mails.filter(match);
}
