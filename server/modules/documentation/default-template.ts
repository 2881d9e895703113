import type { Question, Section } from '../../../src/shared/contracts/documentation-template';
import type { ScoreDescriptions } from '../../../src/shared/contracts/jury-scale';

/**
 * The template the portal ships: a season without a template of its own shows this one (version null) until an
 * admin saves or copies one. It asks what the jury judges (SPEC intro): scope and content of the project, its
 * relation to education for sustainable development, and how the children, the team, the parents and the
 * operator (Träger) took part. Keys are stable (answers, exports and the jury's views use them): rename a label,
 * never a key. `default-template.test.ts` checks it against `templateBodySchema`.
 */

const longText = (key: string, label: string, help: string, required: boolean): Question => ({
  kind: 'long_text',
  key,
  label,
  help,
  required,
  maxLength: 5000,
});

export const topicOptions = [
  { value: 'ernaehrung', label: 'Ernährung' },
  { value: 'abfall', label: 'Abfall' },
  { value: 'konsum', label: 'Konsum' },
  { value: 'artenvielfalt', label: 'Artenvielfalt' },
  { value: 'mobilitaet', label: 'Mobilität' },
  { value: 'energie', label: 'Energie' },
  { value: 'wasser', label: 'Wasser' },
  { value: 'klima', label: 'Klima' },
  { value: 'sonstiges', label: 'Sonstiges' },
];

export const photoConsentLabel =
  'Ich bestätige, dass die Erziehungsberechtigten aller abgebildeten Kinder der Veröffentlichung der Fotos zugestimmt haben.';

export const defaultTemplateSections: Section[] = [
  {
    key: 'projekt',
    title: 'Euer Projekt',
    intro: 'Erzähl uns kurz, worum es in eurem Projekt ging, wer mitgemacht hat und wann es stattgefunden hat.',
    questions: [
      { kind: 'text', key: 'projekttitel', label: 'Titel des Projekts', help: 'Zum Beispiel „Vom Korn zum Brot“.', required: true, maxLength: 200 },
      {
        kind: 'multi_choice',
        key: 'themen',
        label: 'Themenbereiche',
        help: 'Wähle alle Themen, die in eurem Projekt eine Rolle gespielt haben.',
        required: true,
        options: topicOptions,
        maxChoices: null,
      },
      { kind: 'text', key: 'themen_sonstiges', label: 'Falls „Sonstiges“: Welches Thema?', help: '', required: false, maxLength: 200 },
      {
        kind: 'text',
        key: 'gruppen',
        label: 'Teilnehmende Gruppen',
        help: 'Zum Beispiel „Krippe Sonnenkäfer und Vorschulgruppe“.',
        required: true,
        maxLength: 300,
      },
      { kind: 'number', key: 'anzahl_kinder', label: 'Anzahl der beteiligten Kinder', help: '', required: true, min: 1, max: 1000 },
      { kind: 'date', key: 'projektbeginn', label: 'Projektbeginn', help: '', required: true },
      {
        kind: 'date',
        key: 'projektende',
        label: 'Projektende',
        help: 'Falls das Projekt noch weiterläuft: das Ende des Berichtszeitraums.',
        required: true,
      },
    ],
  },
  {
    key: 'ziele_umsetzung',
    title: 'Ziele und Umsetzung',
    intro: '',
    questions: [
      longText(
        'ziele',
        'Welche Ziele hattet ihr euch gesetzt?',
        'Was sollten die Kinder erleben, entdecken oder lernen? Was wolltet ihr in der KiTa verändern?',
        true,
      ),
      longText(
        'umsetzung',
        'Was haben die Kinder gemacht?',
        'Beschreib die wichtigsten Aktionen, Ausflüge und Experimente – gern in der Reihenfolge, in der sie stattgefunden haben.',
        true,
      ),
      longText(
        'erkenntnisse',
        'Was haben die Kinder herausgefunden?',
        'Welche Fragen haben die Kinder gestellt, was haben sie entdeckt, was hat sie überrascht?',
        true,
      ),
    ],
  },
  {
    key: 'beteiligung',
    title: 'Beteiligung',
    intro: 'Wer hat wie mitgewirkt? Die Jury achtet besonders darauf, wie die Kinder mitentscheiden und mitgestalten konnten.',
    questions: [
      longText(
        'beteiligung_kinder',
        'Wie haben die Kinder mitbestimmt und mitgestaltet?',
        'Zum Beispiel Themenwahl, Kinderkonferenzen, eigene Ideen der Kinder.',
        true,
      ),
      longText('beteiligung_team', 'Wie war euer Team beteiligt?', 'Wer hat das Projekt getragen, wie habt ihr euch abgestimmt?', true),
      longText(
        'beteiligung_eltern',
        'Wie wart ihr mit den Eltern im Austausch und wie haben sie mitgemacht?',
        'Zum Beispiel Elternabend, Mitmachaktionen, Aushänge.',
        true,
      ),
      longText(
        'beteiligung_traeger',
        'Wie war euer Träger beteiligt?',
        'Zum Beispiel Unterstützung, Besuch, Bericht in der Gemeinde. Lass das Feld leer, wenn er nicht beteiligt war.',
        false,
      ),
    ],
  },
  {
    key: 'vernetzung',
    title: 'Vernetzung',
    intro: '',
    questions: [
      longText(
        'netzwerkpartner',
        'Mit wem habt ihr zusammengearbeitet?',
        'Zum Beispiel Bauernhof, Gärtnerei, Wertstoffhof, Gemeinde, Bücherei, Naturschutzverein oder Schule.',
        false,
      ),
    ],
  },
  {
    key: 'reflexion',
    title: 'Reflexion und was bleibt',
    intro: '',
    questions: [
      longText('reflexion', 'Was ist gut gelungen, und was würdet ihr beim nächsten Mal anders machen?', '', true),
      longText('nachhaltigkeit', 'Was bleibt in eurer KiTa?', 'Welche Gewohnheiten, Orte oder Regeln sind geblieben? Wie geht es weiter?', true),
    ],
  },
  {
    key: 'fotos_dokumente',
    title: 'Fotos und Dokumente',
    intro: 'Fotos zeigen der Jury am besten, was ihr erlebt habt. Große Fotos werden beim Hochladen automatisch verkleinert.',
    questions: [
      {
        kind: 'files',
        key: 'fotos',
        label: 'Fotos aus dem Projekt',
        help: 'Bis zu 10 Fotos (JPEG, PNG oder WebP). Fotos ohne Kinder oder von Kinderhänden sind auch gut.',
        required: true,
        fileTypes: ['image'],
        maxFiles: 10,
        consentLabel: photoConsentLabel,
      },
      {
        kind: 'files',
        key: 'weitere_dokumente',
        label: 'Weitere Dokumente',
        help: 'Zum Beispiel ein Zeitungsartikel, ein Elternbrief oder ein Projektplakat (PDF oder Bild). Fotos, auf denen Kinder zu sehen sind, lädst du bitte oben bei den Fotos hoch.',
        required: false,
        fileTypes: ['pdf', 'image'],
        maxFiles: 5,
        consentLabel: '',
      },
    ],
  },
];

/**
 * Issue 19: what the jury's 0–5 points mean per criterion (index = points), shipped with the default template so a
 * season starts with a shared yardstick; admins rewrite them in the template editor.
 */
export const defaultScoreDescriptions: ScoreDescriptions = {
  scope: [
    'Kein Projekt erkennbar.',
    'Eine einzelne Aktion, kaum geplant.',
    'Wenige Aktionen über kurze Zeit, eine Gruppe.',
    'Mehrere Aktionen über einige Wochen.',
    'Über Monate geplant, mehrere Gruppen machen mit.',
    'Über das ganze KiTa-Jahr, die ganze KiTa und Partner von außen machen mit.',
  ],
  content: [
    'Kein Inhalt beschrieben.',
    'Thema genannt, Umsetzung bleibt unklar.',
    'Einfache Umsetzung, Ziele kaum beschrieben.',
    'Ziele und Umsetzung passen zusammen.',
    'Vielfältige, altersgerechte Methoden; Ergebnisse gut beschrieben.',
    'Durchdacht, kreativ und nachvollziehbar reflektiert; ein Beispiel für andere KiTas.',
  ],
  bne: [
    'Kein Bezug zur nachhaltigen Entwicklung.',
    'Umweltthema ohne Bezug zum eigenen Handeln.',
    'Umweltwissen wird vermittelt, Handeln der Kinder kaum.',
    'Die Kinder handeln selbst nachhaltig, z. B. beim Essen, Müll oder Energie.',
    'Zusammenhänge (ökologisch, sozial, wirtschaftlich) werden mit den Kindern erarbeitet.',
    'BNE prägt den KiTa-Alltag dauerhaft; die Kinder gestalten Veränderungen mit.',
  ],
  children: [
    'Die Kinder waren nicht beteiligt.',
    'Die Kinder haben nur zugeschaut.',
    'Die Kinder haben bei vorgegebenen Aufgaben mitgemacht.',
    'Die Kinder konnten bei einzelnen Schritten mitentscheiden.',
    'Die Kinder haben Ideen eingebracht und Entscheidungen getroffen.',
    'Die Kinder haben das Projekt von der Idee bis zum Abschluss mitgestaltet.',
  ],
  team: [
    'Das Team war nicht beteiligt.',
    'Eine Fachkraft allein, das Team wusste kaum davon.',
    'Das Team wurde informiert.',
    'Mehrere Fachkräfte haben mitgearbeitet.',
    'Das ganze Team hat geplant und umgesetzt.',
    'Das Team hat das Projekt gemeinsam getragen und in die Konzeption übernommen.',
  ],
  parents: [
    'Die Eltern waren nicht beteiligt.',
    'Die Eltern wurden nur informiert.',
    'Einzelne Eltern haben einmal mitgeholfen.',
    'Eltern haben bei mehreren Aktionen mitgemacht.',
    'Eltern haben eigene Ideen und Wissen eingebracht.',
    'Die Eltern haben das Projekt mitgestaltet und tragen es zu Hause weiter.',
  ],
  operator: [
    'Der Träger war nicht beteiligt.',
    'Der Träger wurde informiert.',
    'Der Träger hat dem Projekt zugestimmt.',
    'Der Träger hat das Projekt unterstützt, z. B. mit Geld oder Material.',
    'Der Träger hat aktiv mitgemacht oder das Projekt nach außen getragen.',
    'Der Träger verankert das Thema dauerhaft, auch in anderen Einrichtungen.',
  ],
};
