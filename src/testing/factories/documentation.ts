import { templateBodySchema, type Section } from '../../shared/contracts/documentation-template';
import type { DocumentationForm, UploadedFile } from '../../shared/contracts/documentation';

/**
 * A template like the default one the server ships (issue 12), with every kind of question, parsed by the contract so
 * its defaults are filled in. Client tests and msw handlers build forms from it.
 */
export const documentationTemplate: Section[] = templateBodySchema.parse({
  sections: [
    {
      key: 'projekt',
      title: 'Euer Projekt',
      intro: 'Erzählt uns, was ihr in diesem KiTa-Jahr gemacht habt.',
      questions: [
        {
          key: 'titel',
          kind: 'text',
          label: 'Titel des Projekts',
          help: 'Ein kurzer Name, unter dem die Jury euer Projekt kennt.',
          required: true,
          maxLength: 100,
        },
        {
          key: 'beschreibung',
          kind: 'long_text',
          label: 'Was habt ihr gemacht?',
          help: 'Ziele, Ablauf und was die Kinder erlebt haben.',
          required: true,
          maxLength: 5000,
        },
        { key: 'kinder', kind: 'number', label: 'Wie viele Kinder haben mitgemacht?', required: true, min: 1, max: 500 },
        {
          key: 'thema',
          kind: 'single_choice',
          label: 'Hauptthema',
          required: true,
          options: [
            { value: 'ernaehrung', label: 'Ernährung' },
            { value: 'abfall', label: 'Abfall' },
            { value: 'artenvielfalt', label: 'Artenvielfalt' },
            { value: 'wasser', label: 'Wasser' },
          ],
        },
        {
          key: 'beteiligte',
          kind: 'multi_choice',
          label: 'Wer war beteiligt?',
          help: 'Kreuzt alle an, die mitgemacht haben.',
          maxChoices: 3,
          options: [
            { value: 'team', label: 'Das ganze Team' },
            { value: 'eltern', label: 'Eltern' },
            { value: 'traeger', label: 'Träger' },
            { value: 'partner', label: 'Partner vor Ort' },
          ],
        },
        { key: 'start', kind: 'date', label: 'Projektbeginn' },
      ],
    },
    {
      key: 'nachweise',
      title: 'Fotos und Nachweise',
      questions: [
        {
          key: 'fotos',
          kind: 'files',
          label: 'Fotos aus dem Projekt',
          help: 'Bis zu fünf Fotos; wir verkleinern sie vor dem Hochladen.',
          required: true,
          fileTypes: ['image'],
          maxFiles: 5,
          consentLabel: 'Die Sorgeberechtigten aller abgebildeten Kinder haben der Veröffentlichung zugestimmt.',
        },
      ],
    },
  ],
}).sections;

export function buildUploadedFile(overrides: Partial<UploadedFile> = {}): UploadedFile {
  const id = overrides.id ?? 1;
  return {
    id,
    questionKey: 'fotos',
    name: 'beet.jpg',
    contentType: 'image/jpeg',
    size: 240_000,
    width: 2000,
    height: 1500,
    uploadedAt: '2027-03-02T10:00:00.000Z',
    uploadedBy: 'Erika Muster',
    removed: false,
    url: `/api/facilities/11/documentation/files/${id}`,
    ...overrides,
  };
}

/** the form of KiTa 11 in the current season (2026-27), a draft being filled in by default */
export function buildDocumentationForm(overrides: Partial<DocumentationForm> = {}): DocumentationForm {
  return {
    id: 7,
    facilityId: 11,
    facilityLabel: 'KiTa Sonnenschein',
    seasonId: 2,
    seasonIdentifier: '2026-27',
    seasonLabel: 'KiTa-Jahr 2026/27',
    state: 'draft',
    version: 3,
    answers: { titel: 'Unser Hochbeet', kinder: 24 },
    answerVersions: { titel: 2, kinder: 3 },
    files: [],
    sections: documentationTemplate,
    editable: true,
    notEditableReason: null,
    deadline: '2027-06-30',
    returnComment: null,
    savedAt: '2027-03-01T09:15:00.000Z',
    savedBy: 'Erika Muster',
    submittedAt: null,
    history: [],
    limits: { fileBytes: 10 * 1024 * 1024, formBytes: 150 * 1024 * 1024, usedBytes: 0 },
    ...overrides,
  };
}
