import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { adminDocumentationDetailSchema } from '../../../src/shared/contracts/admin-documentation';
import { templateBodySchema, templateSchema } from '../../../src/shared/contracts/documentation-template';
import { juryCriteria, SCORE_MAX, scoreDescriptionsSchema } from '../../../src/shared/contracts/jury-scale';
import { createSeason } from '../../testing/factories';
import { parseAnswer, reasonOfAnswer } from '../../testing/parse-answer';
import { createTestWorld } from '../../testing/test-world';
import { auditLog } from '../audit/audit.table';
import { defaultScoreDescriptions } from './default-template';
import { documentationTemplates } from './documentation.table';
import { createForm, documentationFixture, testSections } from './test-helpers';

// Issue 19: the template says what each of the jury's 0–5 points means, per criterion and level.
const w = createTestWorld(async () => {
  const f = await documentationFixture();
  const previous = await createSeason(f.db, { identifier: '2025-26', label: 'KiTa-Jahr 2025/26' });
  const older = await createSeason(f.db, { identifier: '2024-25', label: 'KiTa-Jahr 2024/25' });
  const form = await createForm(f.db, f.facility.id, f.season.id, { state: 'submitted' });
  return { ...f, previous, older, form };
});

const url = (season: string) => `/api/admin/documentation/${season}/template`;
const levels = (word: string) => Array.from({ length: SCORE_MAX + 1 }, (_, i) => `${word} ${i}`);

describe('score descriptions in the template', () => {
  it('given the shipped default, every criterion has six German texts that fit the contract', () => {
    expect(scoreDescriptionsSchema.parse(defaultScoreDescriptions)).toEqual(defaultScoreDescriptions);
    for (const c of juryCriteria) {
      const texts = defaultScoreDescriptions[c.key];
      expect(texts, c.key).toHaveLength(SCORE_MAX + 1);
      expect(texts!.every((t) => t.length > 5)).toBe(true);
    }
  });

  it('given a template written before issue 19 (no descriptions), it still parses, and the stored row answers {}', async () => {
    expect(templateBodySchema.safeParse({ sections: testSections }).success).toBe(true);
    // the fixture's season template was inserted without descriptions: the column is null
    const t = parseAnswer(templateSchema, await w.call('admin', { method: 'GET', url: url(w.season.identifier) }));
    expect(t.scoreDescriptions).toEqual({});
    const detail = parseAnswer(
      adminDocumentationDetailSchema,
      await w.call('jury', { method: 'GET', url: `/api/admin/documentation/${w.season.identifier}/${w.facility.id}` }),
    );
    expect(detail.scoreDescriptions).toEqual({});
    // unknown criteria are dropped, not refused (a criterion retired later)
    expect(scoreDescriptionsSchema.parse({ retired: levels('x'), scope: levels('Umfang') })).toEqual({ scope: levels('Umfang') });
  });

  it('given a season without a template of its own, shows the default texts; the first save without them keeps them', async () => {
    const t = parseAnswer(templateSchema, await w.call('admin', { method: 'GET', url: url('2025-26') }));
    expect(t.version).toBeNull();
    expect(t.scoreDescriptions).toEqual(defaultScoreDescriptions);
    const saved = parseAnswer(
      templateSchema,
      await w.call('admin', { method: 'PUT', url: url('2025-26'), payload: { sections: testSections, version: null } }),
    );
    expect(saved.scoreDescriptions).toEqual(defaultScoreDescriptions);
  });

  it('given descriptions, PUT stores them (audited as changed), the jury reads them with the form, PUT without them keeps them', async () => {
    const scoreDescriptions = { scope: levels('Umfang'), children: ['', 'nur zugeschaut', '', '', '', 'alles mitgestaltet'] };
    const put = parseAnswer(
      templateSchema,
      await w.call('admin', { method: 'PUT', url: url(w.season.identifier), payload: { sections: testSections, scoreDescriptions, version: 1 } }),
    );
    expect(put.scoreDescriptions).toEqual(scoreDescriptions);
    const detail = parseAnswer(
      adminDocumentationDetailSchema,
      await w.call('jury', { method: 'GET', url: `/api/admin/documentation/${w.season.identifier}/${w.facility.id}` }),
    );
    expect(detail.scoreDescriptions).toEqual(scoreDescriptions);
    const again = parseAnswer(
      templateSchema,
      await w.call('admin', { method: 'PUT', url: url(w.season.identifier), payload: { sections: testSections, version: 2 } }),
    );
    expect(again).toMatchObject({ version: 3, scoreDescriptions });
    const entries = await w.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'documentation_template.update'), eq(auditLog.entityId, String(w.season.id))));
    expect(entries.map((e) => (e.after as { scoreDescriptionsChanged: boolean }).scoreDescriptionsChanged)).toEqual([true, false]);
  });

  it('given a copy, the descriptions come along; the jury may not write them', async () => {
    const copied = parseAnswer(
      templateSchema,
      await w.call('admin', { method: 'POST', url: `${url('2024-25')}/copy`, payload: { fromSeasonIdentifier: w.season.identifier, version: null } }),
    );
    expect(copied.scoreDescriptions.scope).toEqual(levels('Umfang'));
    const [row] = await w.db.select().from(documentationTemplates).where(eq(documentationTemplates.seasonId, w.older.id));
    expect(row?.scoreDescriptions?.scope).toEqual(levels('Umfang'));
    const refused = await w.call('jury', {
      method: 'PUT',
      url: url('2024-25'),
      payload: { sections: testSections, scoreDescriptions: {}, version: 1 },
    });
    expect(refused.statusCode).toBe(403);
  });

  it('given five levels, a text too long or control characters, answers 400 at the path and stores nothing', async () => {
    const tooFew = reasonOfAnswer(
      await w.call('admin', {
        method: 'PUT',
        url: url('2024-25'),
        payload: { sections: testSections, scoreDescriptions: { bne: levels('x').slice(1) }, version: 1 },
      }),
      400,
    );
    expect(tooFew.fields?.['scoreDescriptions.bne']).toBe('Bitte beschreib die Stufen 0 bis 5.');
    const long = levels('x');
    long[3] = 'a'.repeat(301);
    const tooLong = reasonOfAnswer(
      await w.call('admin', {
        method: 'PUT',
        url: url('2024-25'),
        payload: { sections: testSections, scoreDescriptions: { bne: long }, version: 1 },
      }),
      400,
    );
    expect(tooLong.fields?.['scoreDescriptions.bne.3']).toBe('Höchstens 300 Zeichen.');
    const t = parseAnswer(templateSchema, await w.call('admin', { method: 'GET', url: url('2024-25') }));
    expect(t.version).toBe(1);
  });
});
