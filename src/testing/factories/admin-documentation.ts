import type { AdminDocumentationDetail, AdminDocumentationRow } from '../../shared/contracts/admin-documentation';
import type { Section, Template } from '../../shared/contracts/documentation-template';
import type { ScoreDescriptions } from '../../shared/contracts/jury-scale';
import { documentationTemplate } from './documentation';

/** Data factories of the admin/jury documentation pages (issue 12), in the demo's language. */

/** the template with every question kind of the staff side's factory: one test template for the whole client */
export const docSections = (): Section[] => structuredClone(documentationTemplate);

/** what the scores mean: two criteria described (the others have no texts, as a template may leave them) */
export const docScoreDescriptions = (): ScoreDescriptions => ({
  scope: [
    'Kein Projekt erkennbar.',
    'Eine einzelne Aktion.',
    'Wenige Aktionen.',
    'Mehrere Aktionen über Wochen.',
    'Über Monate, mehrere Gruppen.',
    'Das ganze KiTa-Jahr, die ganze KiTa.',
  ],
  children: [
    'Nicht beteiligt.',
    'Nur zugeschaut.',
    'Mitgemacht.',
    'Mitentschieden.',
    'Ideen eingebracht.',
    'Von der Idee bis zum Abschluss mitgestaltet.',
  ],
});

export function docTemplate(overrides: Partial<Template> = {}): Template {
  return {
    seasonId: 2,
    seasonIdentifier: '2026-27',
    version: 3,
    sections: docSections(),
    scoreDescriptions: docScoreDescriptions(),
    updatedAt: '2026-11-20T09:00:00Z',
    updatedBy: 'Ada Admin',
    startedForms: 0,
    ...overrides,
  };
}

export function docRow(facilityId: number, facilityLabel: string, overrides: Partial<AdminDocumentationRow> = {}): AdminDocumentationRow {
  return {
    facilityId,
    facilityLabel,
    city: 'Nürnberg',
    region: 'Mittelfranken',
    state: 'submitted',
    submittedAt: '2027-05-20T12:32:00Z',
    updatedAt: '2027-05-20T12:32:00Z',
    reviewCount: 2,
    jurySize: 5,
    reviewedByMe: false,
    averageScore: null,
    ...overrides,
  };
}

export function docDetail(overrides: Partial<AdminDocumentationDetail> = {}): AdminDocumentationDetail {
  return {
    formId: 7,
    facilityId: 11,
    facilityLabel: 'Kinderhaus Pegnitzwiese',
    city: 'Nürnberg',
    region: 'Mittelfranken',
    seasonIdentifier: '2026-27',
    seasonLabel: 'KiTa-Jahr 2026/27',
    state: 'submitted',
    version: 4,
    submittedAt: '2027-05-20T12:32:00Z',
    sections: docSections(),
    scoreDescriptions: docScoreDescriptions(),
    answers: {
      titel: 'Wasser erleben',
      beschreibung: 'Erste Zeile\nZweite Zeile',
      kinder: 1250,
      start: '2027-03-01',
      thema: 'wasser',
      beteiligte: ['team', 'eltern'],
      fotos: { consent: true },
    },
    orphanAnswers: [{ key: 'alte_frage', value: 'Antwort auf eine alte Frage' }],
    files: [
      {
        id: 5,
        questionKey: 'fotos',
        name: 'bach.jpg',
        contentType: 'image/jpeg',
        size: 120_000,
        width: 2000,
        height: 1500,
        uploadedAt: '2027-05-01T10:00:00Z',
        uploadedBy: 'Erika Muster',
        removed: false,
        url: 'admin/documentation/2026-27/11/files/5',
      },
      {
        id: 6,
        questionKey: 'fotos',
        name: 'plan.pdf',
        contentType: 'application/pdf',
        size: 80_000,
        width: null,
        height: null,
        uploadedAt: '2027-05-01T10:00:00Z',
        uploadedBy: 'Erika Muster',
        removed: false,
        url: 'admin/documentation/2026-27/11/files/6',
      },
    ],
    history: [{ state: 'submitted', at: '2027-05-20T12:32:00Z', by: 'Erika Muster', comment: '' }],
    ownReview: null,
    reviews: [],
    othersHidden: true,
    reviewCount: 2,
    averageScore: null,
    notes: [{ id: 1, text: 'Bitte Fotos prüfen.', author: 'Ada Admin', createdAt: '2027-05-21T08:00:00Z' }],
    may: { decide: true, review: true, edit: true },
    ...overrides,
  };
}
