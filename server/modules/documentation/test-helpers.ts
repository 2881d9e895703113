import { eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import type { JuryCriterionKey } from '../../../src/shared/contracts/admin-documentation';
import type { Answers, DocumentationState } from '../../../src/shared/contracts/documentation';
import type { Section } from '../../../src/shared/contracts/documentation-template';
import { berlinToday } from '../../../src/shared/berlin-date';
import type { DbOrTx } from '../../db/client';
import { addMember, createFacility, createUser, enrol, type TestUser } from '../../testing/factories';
import { facilityFixture } from '../../testing/facility-fixture';
import { loginAs } from '../../testing/login-as';
import { seasons } from '../seasons/seasons.table';
import { documentationFormEvents, documentationForms, documentationReviews, documentationTemplates } from './documentation.table';

/** a day relative to today in Europe/Berlin, YYYY-MM-DD */
export const inDays = (n: number) => {
  const d = new Date(`${berlinToday()}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
};

/**
 * The permission matrix of facilityFixture with the KiTa enrolled to the current season, which allows
 * documentation until a deadline in 30 days; a colleague (second member of the KiTa) and a third enrolled KiTa
 * with its own member, for "another KiTa's form/file".
 */
export async function docFixture() {
  const f = await facilityFixture();
  await enrol(f.db, f.facility.id, f.season.id);
  await f.db
    .update(seasons)
    .set({ allowDocumentation: true, documentationDeadline: inDays(30) })
    .where(eq(seasons.id, f.season.id));
  const colleague = await createUser(f.db, { firstName: 'Klara', lastName: 'Kollegin' });
  await addMember(f.db, f.facility.id, colleague.id);
  const colleagueCookie = await loginAs(f.t.app, colleague);
  const third = await createFacility(f.db, { label: 'Kinderkrippe Zwergerlstube', city: 'Regensburg', postalCode: '93047', region: 'Oberpfalz' });
  await enrol(f.db, third.id, f.season.id);
  const thirdMember = await createUser(f.db, { firstName: 'Tina', lastName: 'Dritte' });
  await addMember(f.db, third.id, thirdMember.id);
  const thirdCookie = await loginAs(f.t.app, thirdMember);
  const as = (cookie: string) => (options: InjectOptions) => f.t.app.inject({ ...options, headers: { ...(options.headers ?? {}), cookie } });
  const setSeason = (values: Partial<typeof seasons.$inferInsert>) => f.db.update(seasons).set(values).where(eq(seasons.id, f.season.id));
  return { ...f, colleague, asColleague: as(colleagueCookie), third, thirdMember, asThird: as(thirdCookie), setSeason };
}

// --- the admin and jury side (doc-jury-server) ---

/** a small template with every question kind (test data; the shipped default lives in default-template.ts) */
export const testSections: Section[] = [
  {
    key: 'projekt',
    title: 'Das Projekt',
    intro: '',
    questions: [
      { key: 'titel', kind: 'text', label: 'Titel des Projekts', help: '', required: true, maxLength: 200 },
      { key: 'beschreibung', kind: 'long_text', label: 'Beschreibung', help: '', required: true, maxLength: 5000 },
      { key: 'kinder', kind: 'number', label: 'Beteiligte Kinder', help: '', required: false, min: 0, max: null },
      { key: 'beginn', kind: 'date', label: 'Projektbeginn', help: '', required: false },
    ],
  },
  {
    key: 'themen',
    title: 'Themen und Fotos',
    intro: '',
    questions: [
      {
        key: 'schwerpunkt',
        kind: 'single_choice',
        label: 'Schwerpunkt',
        help: '',
        required: false,
        options: [
          { value: 'ernaehrung', label: 'Ernährung' },
          { value: 'abfall', label: 'Abfall' },
        ],
      },
      {
        key: 'themen',
        kind: 'multi_choice',
        label: 'Weitere Themen',
        help: '',
        required: false,
        maxChoices: null,
        options: [
          { value: 'wasser', label: 'Wasser' },
          { value: 'klima', label: 'Klima' },
          { value: 'energie', label: 'Energie' },
        ],
      },
      {
        key: 'fotos',
        kind: 'files',
        label: 'Fotos',
        help: '',
        required: false,
        fileTypes: ['image'],
        maxFiles: 10,
        consentLabel: 'Einwilligung liegt vor.',
      },
    ],
  },
];

export async function createTemplate(db: DbOrTx, seasonId: number, sections: Section[] = testSections) {
  const [row] = await db.insert(documentationTemplates).values({ seasonId, sections }).returning();
  return row!;
}

/** a form in any state; submitted (and later) ones get a submission time and their history events */
export async function createForm(
  db: DbOrTx,
  facilityId: number,
  seasonId: number,
  overrides: { state?: DocumentationState; answers?: Answers; submittedAt?: Date | null; decisionComment?: string } = {},
) {
  const state = overrides.state ?? 'draft';
  // a day ago: decisions made in a test come after it in the history
  const submittedAt = overrides.submittedAt !== undefined ? overrides.submittedAt : state === 'draft' ? null : new Date(Date.now() - 86_400_000);
  const [row] = await db
    .insert(documentationForms)
    .values({
      facilityId,
      seasonId,
      state,
      answers: overrides.answers ?? {},
      submittedAt,
      decisionComment: overrides.decisionComment ?? '',
      savedAt: new Date(),
    })
    .returning();
  if (submittedAt) await db.insert(documentationFormEvents).values({ formId: row!.id, state: 'submitted', at: submittedAt });
  if (state !== 'draft' && state !== 'submitted')
    await db.insert(documentationFormEvents).values({ formId: row!.id, state, comment: overrides.decisionComment ?? '' });
  return row!;
}

export const allScores = (n: number): Record<JuryCriterionKey, number> => ({
  scope: n,
  content: n,
  bne: n,
  children: n,
  team: n,
  parents: n,
  operator: n,
});

export async function createReview(db: DbOrTx, formId: number, reviewerId: number, scores: Record<string, number> = allScores(3), comment = '') {
  const [row] = await db.insert(documentationReviews).values({ formId, reviewerId, scores, comment }).returning();
  return row!;
}

export type DocRole = 'anonymous' | 'member' | 'otherMember' | 'admin' | 'jury' | 'jury2';

/**
 * The facility fixture (anonymous, member, other member, admin) plus two jury members, the season's template and
 * the KiTa enrolled; `call(role, …)` as in the fixture.
 */
export async function documentationFixture() {
  const f = await facilityFixture();
  const jury: TestUser = await createUser(f.db, { isJury: true, firstName: 'Judith', lastName: 'Jury' });
  const jury2: TestUser = await createUser(f.db, { isJury: true, firstName: 'Jonas', lastName: 'Juror' });
  await createTemplate(f.db, f.season.id);
  const enrolment = await enrol(f.db, f.facility.id, f.season.id);
  const cookies: Record<DocRole, string | undefined> = { ...f.cookies, jury: await loginAs(f.t.app, jury), jury2: await loginAs(f.t.app, jury2) };
  const call = (role: DocRole, options: InjectOptions) =>
    f.t.app.inject({ ...options, headers: { ...(options.headers ?? {}), ...(cookies[role] ? { cookie: cookies[role] } : {}) } });
  return { ...f, jury, jury2, enrolment, cookies, call };
}
