import { legacyFields, type LegacyField } from '../../../src/shared/contracts/legacy-imports';
import { isCleanText } from '../../../src/shared/contracts/text';

/**
 * What a legacy row says (issue 24), without the database: the mapping guessed from the headers, each cell read into
 * a value or a German message. Matching the KiTa and knowing the seasons is the service's part.
 */
export type Columns = (LegacyField | null)[];

/** header words that name a field (lower case, umlauts folded, without spaces and punctuation) */
const synonyms: Record<LegacyField, string[]> = {
  label: [
    'kitaname',
    'kita',
    'name',
    'einrichtung',
    'einrichtungsname',
    'kindertageseinrichtung',
    'kindertagesstatte',
    'kitabezeichnung',
    'bezeichnung',
  ],
  postalCode: ['plz', 'postleitzahl'],
  city: ['ort', 'stadt', 'gemeinde', 'wohnort'],
  street: ['strasse', 'str', 'anschrift', 'adresse', 'strassehausnummer', 'strassenr'],
  operatorName: ['trager', 'tragername', 'traeger'],
  season: ['kitajahr', 'jahr', 'saison', 'projektjahr', 'kindergartenjahr', 'schuljahr'],
  enrolledOn: ['angemeldetam', 'anmeldung', 'anmeldedatum', 'angemeldet', 'datumanmeldung'],
  topic: ['projektthema', 'thema', 'projekt'],
  documented: ['dokumentiert', 'dokumentation', 'doku'],
  awarded: ['ausgezeichnet', 'auszeichnung', 'zertifiziert'],
  awardingEvent: ['auszeichnungsveranstaltung', 'veranstaltung', 'feier', 'auszeichnungsfeier'],
  remark: ['bemerkung', 'bemerkungen', 'anmerkung', 'notiz', 'kommentar'],
};

export const foldText = (text: string) =>
  text
    .toLowerCase()
    .replace(/ä/g, 'a')
    .replace(/ö/g, 'o')
    .replace(/ü/g, 'u')
    .replace(/ß/g, 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '');

const headerWord = (h: string) => foldText(h).replace(/[^a-z0-9]/g, '');

/** the key a mapping is remembered under: the headers as they are, in order */
export const headerKey = (headers: string[]) => JSON.stringify(headers.map(headerWord));

/** each field to the first header that names it; a header names at most one field */
export function guessColumns(headers: string[]): Columns {
  const columns: Columns = headers.map(() => null);
  const words = headers.map(headerWord);
  for (const field of legacyFields) {
    const at = words.findIndex((w, i) => columns[i] === null && synonyms[field].includes(w));
    if (at >= 0) columns[at] = field;
  }
  return columns;
}

/** names differ in prefixes, case, umlauts and punctuation: "Kita Sonnenschein" is "KiTa „Sonnenschein“" */
export function normaliseName(label: string): string {
  return foldText(label)
    .replace(/[^a-z0-9]+/g, ' ')
    .replace(/\b(kita|kiga|kindertagesstatte|kindertageseinrichtung|kindergarten|kinderkrippe|krippe|haus fur kinder|e v|ev)\b/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

export type SeasonRef = { identifier: string; label: string; startYear: number };

/** `2021-22`, `2021/22`, `2021/2022`, `KiTa-Jahr 2021/22` → 2021-22; null when it is none of these */
export function parseSeason(text: string): SeasonRef | null {
  const m = /^(?:kita-?jahr\s*)?(\d{4})\s*[-/–]\s*(\d{2}|\d{4})$/i.exec(text.trim());
  if (!m) return null;
  const start = Number(m[1]);
  const end = Number(m[2]!.length === 2 ? `${String(start + 1).slice(0, 2)}${m[2]}` : m[2]);
  if (end !== start + 1 || start < 1990 || start > 2100) return null;
  const short = String(end).slice(2);
  return { identifier: `${start}-${short}`, label: `KiTa-Jahr ${start}/${short}`, startYear: start };
}

const isoDate = (y: number, m: number, d: number) => {
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  return `${y}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
};

/** DD.MM.YYYY (also D.M.YY) or YYYY-MM-DD (an XLSX date cell) → ISO date; 'invalid' for 31.02.; null for empty */
export function parseDate(text: string): string | null | 'impossible' | 'unreadable' {
  const t = text.trim();
  if (!t) return null;
  let m = /^(\d{1,2})\.(\d{1,2})\.(\d{2}|\d{4})$/.exec(t);
  if (m) {
    const y = m[3]!.length === 2 ? 2000 + Number(m[3]) : Number(m[3]);
    return isoDate(y, Number(m[2]), Number(m[1])) ?? 'impossible';
  }
  m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(t);
  if (m) return isoDate(Number(m[1]), Number(m[2]), Number(m[3])) ?? 'impossible';
  return 'unreadable';
}

const yes = new Set(['ja', 'j', 'x', '1', 'true', 'wahr', 'yes', 'y']);
const no = new Set(['nein', 'n', '0', 'false', 'falsch', 'no', '-']);

function parseFlag(text: string): boolean | null | 'unreadable' {
  const t = foldText(text.trim());
  if (!t) return null;
  if (yes.has(t)) return true;
  if (no.has(t)) return false;
  return 'unreadable';
}

export type RowValues = {
  label: string;
  postalCode: string;
  city: string;
  street: string;
  operatorName: string;
  season: string;
  seasonIdentifier: string | null;
  seasonLabel: string | null;
  seasonStartYear: number | null;
  enrolledOn: string | null;
  topic: string;
  documented: boolean | null;
  awarded: boolean | null;
  awardingEvent: string;
  remark: string;
};

/**
 * Why a row is not taken, when one of its cells is longer than the import reads or holds characters no typed text
 * may hold (the API's rule, `isCleanText`): the parse thread keeps that cell empty and the row carries this message
 * under `cells` (legacy-evaluate.ts), whatever the mapping.
 */
export function refusedCellMessage(column: number, problem: 'too_long' | 'chars', max: number): string {
  const what =
    problem === 'too_long'
      ? `Die Zelle in Spalte ${column} hat mehr als ${max} Zeichen`
      : `Die Zelle in Spalte ${column} enthält Steuerzeichen oder ungültige Zeichen`;
  return `${what} und wurde nicht gelesen. Korrigiere die Zeile (trag den Wert dort ein, sonst bleibt die Zelle leer) oder überspringe sie.`;
}

/** the fields that are one line where a person types them (KiTa master data, the record's topic and event) */
const singleLine: readonly LegacyField[] = ['label', 'postalCode', 'city', 'street', 'operatorName', 'season', 'topic', 'awardingEvent'];
const lineBreakMessage = 'Hier steht ein Zeilenumbruch oder Tabulator, das Feld ist aber einzeilig. Entferne ihn.';

/**
 * One row's cells read through the mapping: the values and a German message per field that is wrong, each saying what
 * to do (the preview offers "Korrigieren" and "Überspringen" beside it). The upload and a correction read rows here.
 */
export function readRow(cells: string[], columns: Columns): { values: RowValues; errors: Record<string, string> } {
  const cell = (field: LegacyField) => {
    const at = columns.indexOf(field);
    return at >= 0 ? (cells[at] ?? '').trim() : '';
  };
  const errors: Record<string, string> = {};
  // the cells are clean multi-line text (the parse thread refused the rest): a one-line field refuses tab and line breaks
  for (const field of singleLine) if (!isCleanText(cell(field))) errors[field] = lineBreakMessage;
  const label = cell('label');
  if (!label) errors.label = 'Der Name der KiTa fehlt. Trag ihn ein.';
  else if (label.length > 200) errors.label = 'Der Name der KiTa ist länger als 200 Zeichen. Kürze ihn.';
  const postalCode = cell('postalCode');
  if (!/^\d{5}$/.test(postalCode))
    errors.postalCode = postalCode
      ? `Die PLZ „${postalCode}“ hat nicht genau 5 Ziffern. Trag die fünfstellige PLZ der KiTa ein.`
      : 'Die PLZ fehlt. Trag die fünfstellige PLZ der KiTa ein.';
  const seasonText = cell('season');
  const season = parseSeason(seasonText);
  if (!season)
    errors.season = seasonText
      ? `Das KiTa-Jahr „${seasonText}“ ist unbekannt und lässt sich nicht lesen. Schreib es so: 2021-22 oder 2021/22.`
      : 'Das KiTa-Jahr fehlt. Trag es ein, so: 2021-22 oder 2021/22.';
  const enrolledText = cell('enrolledOn');
  const enrolledOn = parseDate(enrolledText);
  if (enrolledOn === 'impossible') errors.enrolledOn = `Das Datum „${enrolledText}“ gibt es nicht. Korrigiere es oder lass das Feld leer.`;
  else if (enrolledOn === 'unreadable') errors.enrolledOn = `„${enrolledText}“ ist kein Datum. Schreib es so: TT.MM.JJJJ, oder lass das Feld leer.`;
  const flag = (field: 'documented' | 'awarded') => {
    const v = parseFlag(cell(field));
    if (v === 'unreadable') {
      errors[field] = `„${cell(field)}“ ist weder „ja“ noch „nein“. Schreib „ja“ oder „nein“, oder lass das Feld leer.`;
      return null;
    }
    return v;
  };
  const values: RowValues = {
    label: label.slice(0, 200),
    postalCode,
    city: cell('city').slice(0, 200),
    street: cell('street').slice(0, 200),
    operatorName: cell('operatorName').slice(0, 200),
    season: seasonText,
    seasonIdentifier: season?.identifier ?? null,
    seasonLabel: season?.label ?? null,
    seasonStartYear: season?.startYear ?? null,
    enrolledOn: enrolledOn === 'impossible' || enrolledOn === 'unreadable' ? null : enrolledOn,
    topic: cell('topic').slice(0, 200),
    documented: flag('documented'),
    awarded: flag('awarded'),
    awardingEvent: cell('awardingEvent').slice(0, 200),
    remark: cell('remark').slice(0, 2000),
  };
  return { values, errors };
}

/** Bavaria's postal areas → Regierungsbezirk, for a KiTa the import creates (the admin can correct it) */
export function regionOfPostalCode(postalCode: string): string {
  const p = Number(postalCode.slice(0, 2));
  if (p === 63 || p === 97) return 'Unterfranken';
  if (p === 90 || p === 91) return 'Mittelfranken';
  if (p === 95 || p === 96) return 'Oberfranken';
  if (p === 92 || p === 93) return 'Oberpfalz';
  if (p === 84 || p === 94) return 'Niederbayern';
  if (p === 86 || p === 87 || p === 88 || p === 89) return 'Schwaben';
  return 'Oberbayern';
}
