import { z } from 'zod';
import { optionalText } from './common';

/** the jury's criteria (SPEC intro), weighted; scores 0–5 per criterion */
export const juryCriteria = [
  { key: 'scope', label: 'Umfang des Projekts', weight: 1 },
  { key: 'content', label: 'Inhalt', weight: 1 },
  { key: 'bne', label: 'Bezug zur Bildung für nachhaltige Entwicklung (BNE)', weight: 2 },
  { key: 'children', label: 'Beteiligung der Kinder', weight: 2 },
  { key: 'team', label: 'Beteiligung des Teams', weight: 1 },
  { key: 'parents', label: 'Beteiligung der Eltern', weight: 1 },
  { key: 'operator', label: 'Beteiligung des Trägers', weight: 1 },
] as const;
export type JuryCriterionKey = (typeof juryCriteria)[number]['key'];
export const SCORE_MAX = 5;
export const SCORE_DESCRIPTION_MAX = 300;

/**
 * Issue 19: what each score of a criterion means, written by admins with the template: per criterion the texts of
 * the levels 0–5 (index = points, '' = no text). A criterion left out has no texts; unknown criteria are dropped, so
 * templates saved before this existed (no descriptions at all) and after a criterion is retired still parse.
 */
const levelsSchema = z.array(optionalText(SCORE_DESCRIPTION_MAX)).length(SCORE_MAX + 1, `Bitte beschreib die Stufen 0 bis ${SCORE_MAX}.`);

export const scoreDescriptionsSchema = z.object(
  Object.fromEntries(juryCriteria.map((c) => [c.key, levelsSchema.optional()])) as Record<JuryCriterionKey, z.ZodOptional<typeof levelsSchema>>,
);
export type ScoreDescriptions = z.infer<typeof scoreDescriptionsSchema>;
