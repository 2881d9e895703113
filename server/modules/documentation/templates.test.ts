import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { answerProblem, formProblems } from '../../../src/shared/contracts/documentation';
import { templateBodySchema, templateSchema, type Question, type Section } from '../../../src/shared/contracts/documentation-template';
import { createSeason } from '../../testing/factories';
import { parseAnswer, reasonOfAnswer } from '../../testing/parse-answer';
import { createTestWorld } from '../../testing/test-world';
import { auditLog } from '../audit/audit.table';
import { defaultTemplateSections, photoConsentLabel } from './default-template';
import { documentationTemplates } from './documentation.table';
import { cachedTemplate } from './templates.service';
import { docFixture } from './test-helpers';

const f = createTestWorld(async () => {
  const f = await docFixture();
  const previous = await createSeason(f.db, { identifier: '2025-26', label: 'KiTa-Jahr 2025/26' });
  const older = await createSeason(f.db, { identifier: '2024-25', label: 'KiTa-Jahr 2024/25' });
  return { ...f, previous, older };
});

const url = (season = '2026-27') => `/api/admin/documentation/${season}/template`;
const small: Section[] = [
  {
    key: 'projekt',
    title: 'Projekt',
    intro: '',
    questions: [
      { kind: 'text', key: 'titel', label: 'Titel', help: '', required: true, maxLength: 100 },
      { kind: 'number', key: 'kinder', label: 'Kinder', help: '', required: false, min: 0, max: 500 },
    ],
  },
];

describe('the template cache', () => {
  it('given two databases in one process with the same season id, answers each from its own (tests share a process)', async () => {
    const [a, b] = [await docFixture(), await docFixture()];
    try {
      expect(b.season.id).toBe(a.season.id);
      await a.db.insert(documentationTemplates).values({ seasonId: a.season.id, sections: small, version: 1 });
      expect((await cachedTemplate(a.db, a.season.id)).sections[0]!.questions[0]!.key).toBe('titel');
      // the other database has no template of its own: the shipped default, not the first one's cached answer
      expect((await cachedTemplate(b.db, b.season.id)).sections[0]!.questions[0]!.key).toBe('projekttitel');
      expect((await cachedTemplate(a.db, a.season.id)).sections[0]!.questions[0]!.key).toBe('titel');
    } finally {
      await a.close();
      await b.close();
    }
  });
});

describe('the default template', () => {
  it('is valid for templateBodySchema and stays as written (every default spelled out)', () => {
    const parsed = templateBodySchema.parse({ sections: defaultTemplateSections });
    expect(parsed.sections).toEqual(defaultTemplateSections);
  });

  it('asks what the jury judges: topics with their labels, the four kinds of participation, photos with the consent', () => {
    const questions = new Map(defaultTemplateSections.flatMap((s) => s.questions).map((q) => [q.key, q]));
    const topics = questions.get('themen');
    expect(topics?.kind === 'multi_choice' && topics.options.map((o) => o.label)).toEqual([
      'Ernährung',
      'Abfall',
      'Konsum',
      'Artenvielfalt',
      'Mobilität',
      'Energie',
      'Wasser',
      'Klima',
      'Sonstiges',
    ]);
    for (const k of ['beteiligung_kinder', 'beteiligung_team', 'beteiligung_eltern', 'beteiligung_traeger'])
      expect(questions.get(k)?.kind).toBe('long_text');
    expect(questions.get('fotos')).toMatchObject({
      kind: 'files',
      fileTypes: ['image'],
      maxFiles: 10,
      consentLabel: photoConsentLabel,
      required: true,
    });
    expect(questions.get('weitere_dokumente')).toMatchObject({ kind: 'files', fileTypes: ['pdf', 'image'], required: false });
    expect(questions.get('anzahl_kinder')).toMatchObject({ kind: 'number', required: true });
    expect(questions.get('projektbeginn')).toMatchObject({ kind: 'date', required: true });
    // an empty form lists every required question as a gap
    const gaps = formProblems(defaultTemplateSections, {}, {}, 'submit');
    expect(Object.keys(gaps)).toEqual(
      defaultTemplateSections
        .flatMap((s) => s.questions)
        .filter((q) => q.required)
        .map((q) => q.key),
    );
    expect(gaps.fotos).toBe('Bitte lade mindestens eine Datei hoch.');
  });
});

describe('question kinds: the one German validation of answers', () => {
  const q = <K extends Question['kind']>(kind: K, extra: Record<string, unknown> = {}) =>
    ({ key: 'k', label: 'Frage', help: '', required: true, kind, ...extra }) as unknown as Question;
  const options = [
    { value: 'a', label: 'A' },
    { value: 'b', label: 'B' },
    { value: 'c', label: 'C' },
  ];
  const cases: [Question, unknown, 'draft' | 'submit', string | null, number?][] = [
    [q('text', { maxLength: 5 }), 'abcdef', 'draft', 'Höchstens 5 Zeichen.'],
    [q('text', { maxLength: 50 }), 'a\u0007b', 'draft', 'Bitte entferne Steuerzeichen und ungültige Zeichen aus dem Text.'],
    [q('text', { maxLength: 50 }), 'Zeile\nzwei', 'draft', 'Bitte entferne Steuerzeichen und ungültige Zeichen aus dem Text.'],
    [q('text', { maxLength: 50 }), 42, 'draft', 'Bitte gib einen Text ein.'],
    [q('text', { maxLength: 50 }), '   ', 'draft', null],
    [q('text', { maxLength: 50 }), '   ', 'submit', 'Bitte beantworte diese Frage.'],
    [q('long_text', { maxLength: 100 }), 'Zeile\nzwei', 'submit', null],
    [q('number', { min: 1, max: 10 }), 0, 'draft', 'Bitte gib mindestens 1 ein.'],
    [q('number', { min: 1, max: 10 }), 11, 'draft', 'Bitte gib höchstens 10 ein.'],
    [q('number', { min: 1, max: 10 }), 2.5, 'draft', 'Bitte gib eine ganze Zahl ein.'],
    [q('number', { min: 1, max: 10 }), null, 'draft', null],
    [q('number', { min: 1, max: 10 }), null, 'submit', 'Bitte gib eine Zahl ein.'],
    [q('date'), '2027-02-30', 'draft', 'Bitte gib ein Datum im Format TT.MM.JJJJ an.'],
    [q('date'), '01.03.2027', 'draft', 'Bitte gib ein Datum im Format TT.MM.JJJJ an.'],
    [q('date'), '', 'submit', 'Bitte gib ein Datum an.'],
    [q('date'), '2027-03-01', 'submit', null],
    [q('single_choice', { options }), 'x', 'draft', 'Diese Option gibt es nicht.'],
    [q('single_choice', { options }), '', 'submit', 'Bitte wähle eine Option.'],
    [q('single_choice', { options }), ['a'], 'draft', 'Bitte wähle eine Option.'],
    [q('multi_choice', { options, maxChoices: 2 }), ['a', 'b', 'c'], 'draft', 'Bitte wähle höchstens 2 Optionen.'],
    [q('multi_choice', { options, maxChoices: null }), ['a', 'a'], 'draft', 'Bitte wähle jede Option nur einmal.'],
    [q('multi_choice', { options, maxChoices: null }), ['z'], 'draft', 'Diese Option gibt es nicht.'],
    [q('multi_choice', { options, maxChoices: null }), [], 'submit', 'Bitte wähle mindestens eine Option.'],
    [q('multi_choice', { options, maxChoices: null }), 'a', 'draft', 'Bitte wähle Optionen aus der Liste.'],
    [
      q('files', { fileTypes: ['image'], maxFiles: 2, consentLabel: 'Einverstanden' }),
      { consent: false },
      'submit',
      'Bitte lade mindestens eine Datei hoch.',
      0,
    ],
    [
      q('files', { fileTypes: ['image'], maxFiles: 2, consentLabel: 'Einverstanden' }),
      { consent: false },
      'submit',
      'Bitte bestätige die Einwilligung.',
      1,
    ],
    [q('files', { fileTypes: ['image'], maxFiles: 2, consentLabel: 'Einverstanden' }), { consent: true }, 'submit', null, 1],
    [q('files', { fileTypes: ['image'], maxFiles: 2, consentLabel: 'Einverstanden' }), { consent: true }, 'draft', 'Höchstens 2 Dateien.', 3],
    [q('files', { fileTypes: ['image'], maxFiles: 2, consentLabel: '' }), 'ja', 'draft', 'Ungültige Angabe.'],
  ];
  it.each(cases.map((c, i) => [i, ...c] as const))('case %i: %o', (_i, question, value, mode, expected, files) => {
    expect(answerProblem(question, value as never, mode, files ?? 0)).toBe(expected);
  });

  it('a template with duplicate keys, min > max, duplicate options or one option answers German messages at the path', () => {
    const bad = templateBodySchema.safeParse({
      sections: [
        {
          key: 's',
          title: 'S',
          questions: [
            { kind: 'number', key: 'n', label: 'N', min: 5, max: 1 },
            { kind: 'text', key: 'n', label: 'Doppelt' },
            {
              kind: 'single_choice',
              key: 'c',
              label: 'C',
              options: [
                { value: 'a', label: 'A' },
                { value: 'a', label: 'B' },
              ],
            },
            { kind: 'multi_choice', key: 'm', label: 'M', options: [{ value: 'a', label: 'A' }] },
            { kind: 'files', key: 'f', label: 'F', fileTypes: [] },
            { kind: 'rating', key: 'r', label: 'R' },
          ],
        },
        { key: 's', title: '', questions: [] },
      ],
    });
    expect(bad.success).toBe(false);
    const messages = Object.fromEntries(bad.error!.issues.map((i) => [i.path.join('.'), i.message]));
    expect(messages).toMatchObject({
      'sections.0.questions.3.options': 'Bitte gib mindestens zwei Optionen an.',
      'sections.0.questions.4.fileTypes': 'Bitte wähle mindestens eine Dateiart.',
      'sections.0.questions.5.kind': 'Unbekannte Art von Frage.',
      'sections.1.title': 'Bitte gib einen Titel des Abschnitts an.',
    });
  });
});

describe("a season's template (admins)", () => {
  it('given a season without its own template, shows the default with version null; staff and jury-less members get 403', async () => {
    const t = parseAnswer(templateSchema, await f.call('admin', { method: 'GET', url: url() }));
    expect(t).toMatchObject({ seasonIdentifier: '2026-27', version: null, updatedAt: null, updatedBy: null, startedForms: 0 });
    expect(t.sections).toEqual(defaultTemplateSections);
    expect(reasonOfAnswer(await f.call('member', { method: 'GET', url: url() }), 403).code).toBe('forbidden');
    expect(reasonOfAnswer(await f.call('member', { method: 'PUT', url: url(), payload: { sections: small, version: null } }), 403).code).toBe(
      'forbidden',
    );
    expect(reasonOfAnswer(await f.call('admin', { method: 'GET', url: url('2031-32') }), 404).message).toBe('Dieses KiTa-Jahr gibt es nicht.');
  });

  it('given version null, PUT creates it; a second create answers 409; PUT with the version updates, a stale one 409; audited with the changed keys', async () => {
    const created = parseAnswer(
      templateSchema,
      await f.call('admin', { method: 'PUT', url: url('2025-26'), payload: { sections: small, version: null } }),
    );
    expect(created).toMatchObject({ version: 1, updatedBy: 'Alex Admin', seasonIdentifier: '2025-26' });
    expect(created.sections[0]!.questions.map((q) => q.key)).toEqual(['titel', 'kinder']);
    expect(reasonOfAnswer(await f.call('admin', { method: 'PUT', url: url('2025-26'), payload: { sections: small, version: null } }), 409).code).toBe(
      'conflict',
    );

    const changed = structuredClone(small);
    changed[0]!.questions[0]!.label = 'Titel des Projekts';
    changed[0]!.questions.push({ kind: 'date', key: 'beginn', label: 'Beginn', help: '', required: false });
    const updated = parseAnswer(
      templateSchema,
      await f.call('admin', { method: 'PUT', url: url('2025-26'), payload: { sections: changed, version: 1 } }),
    );
    expect(updated.version).toBe(2);
    expect(reasonOfAnswer(await f.call('admin', { method: 'PUT', url: url('2025-26'), payload: { sections: small, version: 1 } }), 409).code).toBe(
      'conflict',
    );

    const entries = await f.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'documentation_template.update'), eq(auditLog.entityId, String(f.previous.id))));
    expect(entries.map((e) => e.after)).toEqual([
      expect.objectContaining({ seasonIdentifier: '2025-26', version: 1, added: ['titel', 'kinder'] }),
      expect.objectContaining({ version: 2, added: ['beginn'], removed: [], changed: ['titel'] }),
    ]);
  });

  it('given an invalid template, answers 400 with the German message at its path and stores nothing', async () => {
    const dup = structuredClone(small);
    dup[0]!.questions[1]!.key = 'titel';
    const reason = reasonOfAnswer(await f.call('admin', { method: 'PUT', url: url('2024-25'), payload: { sections: dup, version: null } }), 400);
    expect(Object.values(reason.fields ?? {})).toContain('Dieser Schlüssel kommt schon vor.');
    const still = parseAnswer(templateSchema, await f.call('admin', { method: 'GET', url: url('2024-25') }));
    expect(still.version).toBeNull();
  });

  it("copies another season's own template (audited); a season without one answers 400 at fromSeasonIdentifier", async () => {
    const copied = parseAnswer(
      templateSchema,
      await f.call('admin', { method: 'POST', url: `${url('2024-25')}/copy`, payload: { fromSeasonIdentifier: '2025-26', version: null } }),
    );
    expect(copied.version).toBe(1);
    expect(copied.sections[0]!.questions.map((q) => q.key)).toEqual(['titel', 'kinder', 'beginn']);
    const [entry] = await f.db.select().from(auditLog).where(eq(auditLog.action, 'documentation_template.copy'));
    expect(entry?.after).toMatchObject({ fromSeasonIdentifier: '2025-26', seasonIdentifier: '2024-25' });

    const missing = reasonOfAnswer(
      await f.call('admin', { method: 'POST', url: `${url('2025-26')}/copy`, payload: { fromSeasonIdentifier: '2026-27', version: 2 } }),
      400,
    );
    expect(missing.fields?.fromSeasonIdentifier).toBe('Dieses KiTa-Jahr hat keine eigene Vorlage.');
    const stale = await f.call('admin', { method: 'POST', url: `${url('2025-26')}/copy`, payload: { fromSeasonIdentifier: '2024-25', version: 1 } });
    expect(reasonOfAnswer(stale, 409).code).toBe('conflict');
  });

  it("counts the season's started forms, and the staff form renders from the season's own template once saved", async () => {
    await f.call('member', {
      method: 'PUT',
      url: `/api/facilities/${f.facility.id}/documentation`,
      payload: { baseVersion: 0, answers: { projekttitel: 'Vom Korn zum Brot' } },
    });
    expect(parseAnswer(templateSchema, await f.call('admin', { method: 'GET', url: url() })).startedForms).toBe(1);
    parseAnswer(templateSchema, await f.call('admin', { method: 'PUT', url: url(), payload: { sections: small, version: null } }));
    const form = (await f.call('member', { method: 'GET', url: `/api/facilities/${f.facility.id}/documentation` })).json();
    expect(form.sections[0].questions.map((q: Question) => q.key)).toEqual(['titel', 'kinder']);
    // the answer of the removed question is kept
    expect(form.answers.projekttitel).toBe('Vom Korn zum Brot');
  });
});
