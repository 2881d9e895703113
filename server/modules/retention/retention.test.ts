import { eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { fileRemovedText, retentionOverviewSchema, retentionPreviewSchema, retentionRunAnswerSchema } from '../../../src/shared/contracts/retention';
import { queryRows } from '../../db/client';
import { seedDemo } from '../../db/seed-demo';
import { createFacility, createUser } from '../../testing/factories';
import { loginAs } from '../../testing/login-as';
import { parseAnswer, reasonOfAnswer } from '../../testing/parse-answer';
import { buildTestApp } from '../../testing/test-app';
import { createTestWorld } from '../../testing/test-world';
import { auditLog } from '../audit/audit.table';
import { documentationFiles, documentationForms } from '../documentation/documentation.table';
import { legacyImportRows, legacyImports } from '../legacy-imports/legacy-imports.table';
import { mailOutbox } from '../mail/mail.table';
import { persons } from '../persons/persons.table';
import { anonymiseRemovedPersons } from '../persons/retention';
import { mailsMatching } from '../programme/test-helpers';
import { seasons } from '../seasons/seasons.table';
import { users } from '../users/users.table';
import { startRetentionJob } from './retention.job';
import { runRetention } from './retention.service';
import { retentionRuns } from './retention.table';

const at = (iso: string) => new Date(iso);

const w = createTestWorld(async () => {
  const t = await buildTestApp();
  const db = t.handle.db;
  await seedDemo(db, { password: 'Demo-Passwort-2026!', fileStorage: t.fileStorage });
  const admin = await createUser(db, { isAdmin: true, firstName: 'Alex', lastName: 'Admin' });
  const cookie = await loginAs(t.app, admin);
  const call = (method: 'GET' | 'POST', url: string) => t.app.inject({ method, url, headers: { cookie } });
  const facility = await createFacility(db, { label: 'Kita Aufbewahrung', postalCode: '90402', city: 'Nürnberg', region: 'Mittelfranken' });
  // the records each rule is about, dated in 2026
  const unactivated = await createUser(db, { activatedAt: null, createdAt: at('2026-01-10T10:00:00Z') });
  const freshUnactivated = await createUser(db, { activatedAt: null });
  const inactive = await createUser(db, {
    firstName: 'Ina',
    lastName: 'Aktiv',
    lastLoginAt: at('2026-01-05T08:00:00Z'),
    createdAt: at('2025-01-01T08:00:00Z'),
  });
  const comesBack = await createUser(db, {
    firstName: 'Kai',
    lastName: 'Zurück',
    lastLoginAt: at('2026-01-05T08:00:00Z'),
    createdAt: at('2025-01-01T08:00:00Z'),
  });
  const [linked] = await db
    .insert(persons)
    .values({ facilityId: facility.id, firstName: 'Ina', lastName: 'Aktiv', position: 'Leitung', email: 'ina@kita.example', userId: inactive.id })
    .returning();
  const [removed] = await db
    .insert(persons)
    .values({
      facilityId: facility.id,
      firstName: 'Rita',
      lastName: 'Raus',
      position: 'Fachkraft',
      email: 'rita@kita.example',
      phone: '0911 1',
      removedAt: at('2026-02-01T10:00:00Z'),
    })
    .returning();
  await db
    .insert(mailOutbox)
    .values({ recipient: 'alt@kita.example', subject: 'Alt', template: 'account-deleted', status: 'sent', sentAt: at('2026-01-02T10:00:00Z') });
  await db
    .insert(auditLog)
    .values({ action: 'facility.update', entityType: 'facility', entityId: String(facility.id), at: at('2025-12-01T10:00:00Z') });
  await db
    .update(legacyImports)
    .set({ committedAt: at('2026-01-03T10:00:00Z') })
    .where(eq(legacyImports.state, 'committed'));
  return { ...t, db, call, unactivated, freshUnactivated, inactive, comesBack, linked: linked!, removed: removed!, close: () => t.close() };
});

const report = async (season: string) => (await w.call('GET', `/api/admin/season-report/${season}`)).json();
const deps = () => ({ db: w.db, config: w.app.appConfig, storage: w.fileStorage, log: () => undefined });
const filesOf = async (identifiers: string[]) =>
  w.db
    .select({ id: documentationFiles.id, key: documentationFiles.storageKey, name: documentationFiles.name, removedAt: documentationFiles.removedAt })
    .from(documentationFiles)
    .innerJoin(documentationForms, eq(documentationForms.id, documentationFiles.formId))
    .innerJoin(seasons, eq(seasons.id, documentationForms.seasonId))
    .where(inArray(seasons.identifier, identifiers));

describe('retention (issue 38, SPEC §9)', () => {
  let before2025: unknown;
  let before2026: unknown;

  it('given asOf=2030-12-01, the dry run names the demo photos of 2026/27 among the documentation files and changes nothing', async () => {
    before2025 = await report('2025-26');
    before2026 = await report('2026-27');
    const photos = await filesOf(['2026-27']);
    expect(photos.length).toBeGreaterThan(0);
    const all = await filesOf(['2025-26', '2026-27']);
    const answer = parseAnswer(retentionPreviewSchema, await w.call('GET', '/api/admin/retention?asOf=2030-12-01'));
    expect(answer.asOf).toBe('2030-12-01');
    const rule = (k: string) => answer.rules.find((r) => r.key === k)!;
    expect(rule('documentation-files')).toMatchObject({ label: 'Fotos und Dateien der Dokumentationsbögen', periodDays: 1096, count: all.length });
    expect(rule('unactivated-accounts').count).toBeGreaterThanOrEqual(2);
    expect(rule('removed-persons').count).toBeGreaterThanOrEqual(1);
    // nothing changed
    expect((await filesOf(['2026-27'])).every((f) => f.removedAt === null)).toBe(true);
    expect(await w.db.select().from(users).where(eq(users.id, w.unactivated.id))).toHaveLength(1);
    expect(await w.db.select().from(retentionRuns)).toEqual([]);
    expect(reasonOfAnswer(await w.call('GET', '/api/admin/retention?asOf=1.12.2030'), 400).fields).toBeDefined();
  });

  it('given the clock at 2029-06-01, a run deletes unactivated accounts, warns inactive ones in German, anonymises removed persons, clears old mails, old audit entries and import files', async () => {
    const answer = await runRetention(deps(), { trigger: 'job', now: at('2029-06-01T01:00:00Z') });
    const removed = Object.fromEntries(answer!.rules.map((r) => [r.key, r.removed]));
    expect(removed['unactivated-accounts']).toBeGreaterThanOrEqual(2);
    expect(
      await w.db
        .select()
        .from(users)
        .where(inArray(users.id, [w.unactivated.id, w.freshUnactivated.id])),
    ).toEqual([]);
    expect(answer!.rules.find((r) => r.key === 'inactive-accounts')!.warned).toBeGreaterThanOrEqual(2);
    // (the outbox rows themselves may be cleared by this very run's sent-mails rule: the clock is years ahead of their sending)
    const sent = await mailsMatching(w, (m) => [w.inactive.email, w.comesBack.email].includes(m.to as string), 2);
    const mail = sent.find((m) => m.to === w.inactive.email)!;
    expect(mail.subject).toBe('Dein Benutzerkonto wird am 31.07.2029 gelöscht – KiTa-Portal');
    expect(mail.text).toContain('Wenn du es behalten möchtest, melde dich einfach bis dahin einmal an.');
    const [person] = await w.db.select().from(persons).where(eq(persons.id, w.removed.id));
    expect(person).toMatchObject({ firstName: 'Entfernte', lastName: 'Person', email: '', phone: '' });
    expect(person!.anonymisedAt).not.toBeNull();
    expect(await w.db.select().from(mailOutbox).where(eq(mailOutbox.recipient, 'alt@kita.example'))).toEqual([]);
    expect(
      await w.db
        .select()
        .from(auditLog)
        .where(sql`${auditLog.at} < '2026-01-01'`),
    ).toEqual([]);
    const imports = await w.db.select({ id: legacyImports.id }).from(legacyImports).where(isNotNull(legacyImports.committedAt));
    if (imports.length > 0)
      expect(
        await w.db
          .select()
          .from(legacyImportRows)
          .where(
            inArray(
              legacyImportRows.importId,
              imports.map((i) => i.id),
            ),
          ),
      ).toEqual([]);
    // documentation files of 2025/26 are not yet due (its end 31.08.2026 + 1096 days)
    expect((await filesOf(['2025-26'])).every((f) => f.removedAt === null)).toBe(true);
  });

  it('given 61 days later, the warned account without a login is deleted (its staff entry stays, unlinked), the one that logged in stays', async () => {
    await w.db
      .update(users)
      .set({ lastLoginAt: at('2029-06-10T09:00:00Z') })
      .where(eq(users.id, w.comesBack.id));
    const answer = await runRetention(deps(), { trigger: 'manual', now: at('2029-08-01T01:00:00Z') });
    expect(answer!.rules.find((r) => r.key === 'inactive-accounts')!.removed).toBeGreaterThanOrEqual(1);
    expect(await w.db.select().from(users).where(eq(users.id, w.inactive.id))).toEqual([]);
    expect(await w.db.select().from(users).where(eq(users.id, w.comesBack.id))).toHaveLength(1);
    const [person] = await w.db.select().from(persons).where(eq(persons.id, w.linked.id));
    expect(person).toMatchObject({ firstName: 'Ina', lastName: 'Aktiv', userId: null });
  });

  it('given 2030-12-01, the documentation files go (the row says "Datei gelöscht (Aufbewahrungsfrist)") and the 2025/26 report is unchanged', async () => {
    const keys = (await filesOf(['2025-26', '2026-27'])).map((f) => f.key);
    const answer = await runRetention(deps(), { trigger: 'job', now: at('2030-12-01T01:00:00Z') });
    expect(answer!.rules.find((r) => r.key === 'documentation-files')!.removed).toBe(keys.length);
    const after = await filesOf(['2025-26', '2026-27']);
    expect(after.every((f) => f.name === fileRemovedText && f.removedAt !== null)).toBe(true);
    for (const key of keys) expect(await w.fileStorage.get(key)).toBeNull();
    // the jury's and the admin's view of such a form: the file's place says so and is marked removed (no link to a 404)
    const [form] = await w.db
      .select({ facilityId: documentationForms.facilityId })
      .from(documentationFiles)
      .innerJoin(documentationForms, eq(documentationForms.id, documentationFiles.formId))
      .innerJoin(seasons, eq(seasons.id, documentationForms.seasonId))
      .where(eq(seasons.identifier, '2026-27'))
      .limit(1);
    const detail = (await w.call('GET', `/api/admin/documentation/2026-27/${form!.facilityId}`)).json() as {
      files: { name: string; removed: boolean }[];
    };
    expect(detail.files.length).toBeGreaterThan(0);
    expect(detail.files.every((f) => f.removed && f.name === fileRemovedText)).toBe(true);
    expect(await report('2025-26')).toEqual(before2025);
    expect(await report('2026-27')).toEqual(before2026);
    // a second run finds nothing more
    const again = await runRetention(deps(), { trigger: 'job', now: at('2030-12-01T02:00:00Z') });
    expect(again!.rules.find((r) => r.key === 'documentation-files')!.removed).toBe(0);
  });

  it('given a run in progress (another process), "Jetzt ausführen" answers 409 in German; the overview shows the last run with counts only', async () => {
    const [running] = await w.db.insert(retentionRuns).values({ trigger: 'job' }).returning();
    expect(reasonOfAnswer(await w.call('POST', '/api/admin/retention/run'), 409).message).toContain('Die Löschung läuft gerade schon');
    expect(parseAnswer(retentionOverviewSchema, await w.call('GET', '/api/admin/retention/overview')).running).toBe(true);
    await w.db.delete(retentionRuns).where(eq(retentionRuns.id, running!.id));
    const run = parseAnswer(retentionRunAnswerSchema, await w.call('POST', '/api/admin/retention/run'));
    expect(run.rules.map((r) => r.key)).toContain('sent-mails');
    const overview = parseAnswer(retentionOverviewSchema, await w.call('GET', '/api/admin/retention/overview'));
    expect(overview).toMatchObject({ running: false, lastRun: { trigger: 'manual', failed: false } });
    expect(overview.rules.map((r) => r.periodDays)).toEqual([30, 1096, 1096, 365, 90, 1096, 30]);
    expect(JSON.stringify(overview)).not.toMatch(/@/);
    const rows = await queryRows<{ n: number }>(w.db, sql`select count(*)::int as n from retention_runs where finished_at is null`);
    expect(rows[0]!.n).toBe(0);
  });

  // last: its clock (2031) lies after every other test's runs, which the once-a-night check looks back on
  it('given the clock in Berlin, the job runs once a night between 02:00 and 04:59, also the night the clocks go forward, and of two processes looking at once one runs', async () => {
    const log = { info: () => undefined, error: () => undefined };
    let clock = at('2031-03-29T00:30:00Z');
    const jobs = [0, 1].map(() => startRetentionJob(deps(), log, { now: () => clock }));
    const runsOfTheJob = async () =>
      (
        await queryRows<{ n: number }>(w.db, sql`select count(*)::int as n from retention_runs where trigger = 'job' and started_at >= '2031-01-01'`)
      )[0]!.n;
    const look = async (iso: string) => {
      clock = at(iso);
      // both processes look at the same moment
      await Promise.all(jobs.map((j) => j.tick()));
      return runsOfTheJob();
    };
    try {
      expect(await look('2031-03-29T00:30:00Z'), '01:30 CET: not yet night').toBe(0);
      expect(await look('2031-03-29T01:00:00Z'), '02:00 CET: one run of the two processes').toBe(1);
      expect(await look('2031-03-29T03:59:00Z'), '04:59 CET: the same night').toBe(1);
      expect(await look('2031-03-29T04:00:00Z'), '05:00 CET: past the window').toBe(1);
      expect(await look('2031-03-29T11:00:00Z'), 'noon').toBe(1);
      // the night the clocks go forward: 02:00 CET is 03:00 CEST (01:00 UTC)
      expect(await look('2031-03-30T00:30:00Z'), '01:30 CET').toBe(1);
      expect(await look('2031-03-30T01:00:00Z'), '03:00 CEST: the next night').toBe(2);
      expect(await look('2031-03-30T02:30:00Z'), '04:30 CEST: the same night').toBe(2);
      expect(await look('2031-03-30T03:00:00Z'), '05:00 CEST: past the window').toBe(2);
      expect(await look('2031-03-31T00:00:00Z'), '02:00 CEST').toBe(3);
      // a process that looked before that run began and starts after it finished: the start itself refuses
      const late = at('2031-03-31T00:00:05Z');
      expect(await runRetention(deps(), { trigger: 'job', now: late, noneSince: new Date(late.getTime() - 20 * 3_600_000) })).toBeNull();
      expect(await runsOfTheJob()).toBe(3);
      const unfinished = await queryRows<{ n: number }>(w.db, sql`select count(*)::int as n from retention_runs where finished_at is null`);
      expect(unfinished[0]!.n).toBe(0);
    } finally {
      await Promise.all(jobs.map((j) => j.stop()));
    }
  });
});

describe.runIf(process.env.DATABASE_URL)('two instances at once (PostgreSQL: two sessions, as two server processes have)', () => {
  it('given 30 removed persons due and a batch held open by one instance, the other takes the next 10 without waiting, and each person is anonymised once', async () => {
    const kita = await createFacility(w.db, { label: 'Kita Zwei Instanzen', postalCode: '90402', city: 'Nürnberg', region: 'Mittelfranken' });
    await w.db.insert(persons).values(
      Array.from({ length: 30 }, (_, i) => ({
        facilityId: kita.id,
        firstName: `Person ${i}`,
        lastName: 'Zwei',
        position: 'Fachkraft',
        email: `zwei${i}@kita.example`,
        removedAt: at('2019-05-01T10:00:00Z'),
      })),
    );
    const before = at('2020-01-01T00:00:00Z');
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let taken!: (n: number) => void;
    const firstTook = new Promise<number>((r) => (taken = r));
    // instance 1: takes a batch of 10 and keeps its transaction (and the rows' locks) open
    const first = w.db.transaction(async (tx) => {
      taken(await anonymiseRemovedPersons(tx, before, 10));
      await held;
    });
    expect(await firstTook).toBe(10);
    // instance 2, meanwhile: SKIP LOCKED gives it 10 other rows at once instead of waiting for instance 1
    const second = await Promise.race([
      w.db.transaction((tx) => anonymiseRemovedPersons(tx, before, 10)),
      new Promise<'waited'>((r) => setTimeout(() => r('waited'), 5000)),
    ]);
    release();
    await first;
    expect(second).toBe(10);
    expect(await w.db.transaction((tx) => anonymiseRemovedPersons(tx, before, 100))).toBe(10);
    const rows = await w.db
      .select({ anonymisedAt: persons.anonymisedAt, lastName: persons.lastName })
      .from(persons)
      .where(eq(persons.facilityId, kita.id));
    expect(rows).toHaveLength(30);
    expect(rows.every((r) => r.anonymisedAt !== null && r.lastName === 'Person')).toBe(true);
  });
});
