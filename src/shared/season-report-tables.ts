import { germanDate } from './berlin-date';
import { facilityKinds, operatorKinds } from './contracts/facility-lists';
import { NO_REGION, type ProgrammeFigures, type SeasonReport, type SeasonReportSection } from './contracts/season-report';

/**
 * The season report's tables (issue 22), written once for the page (a <table> under each chart) and the XLSX (one
 * sheet per section): the same headers, rows and numbers in both. A cell is a number, text, a date (ISO) or null,
 * which reads "keine Daten".
 */

export type ReportCell = number | string | null;
export type ReportColumn = { header: string; kind: 'text' | 'number' | 'date' };
export type ReportTable = { caption: string; columns: ReportColumn[]; rows: ReportCell[][]; total?: ReportCell[] };
export type ReportSectionTables = { key: SeasonReportSection; title: string; intro: string; tables: ReportTable[] };

export const NO_DATA = 'keine Daten';

export const sectionTitles: Record<SeasonReportSection, string> = {
  funnel: 'Von der Anmeldung zur Auszeichnung',
  facilities: 'Teilnehmende KiTas',
  reach: 'Erreichte Kinder und Mitarbeitende',
  programme: 'Fortbildungen und Hospitationen',
  teamWorkshops: 'Team-Workshops',
  awarding: 'Auszeichnungsveranstaltungen',
  comparison: 'Im Vergleich mit früheren KiTa-Jahren',
};

export const regionLabel = (region: string) => (region === NO_REGION ? 'ohne Regierungsbezirk' : region);

const text = (header: string): ReportColumn => ({ header, kind: 'text' });
const num = (header: string): ReportColumn => ({ header, kind: 'number' });

export const funnelLabels = { enrolled: 'angemeldet', submitted: 'Dokumentation eingereicht', approved: 'genehmigt', awarded: 'ausgezeichnet' };
export const programmeLabels: Record<keyof ProgrammeFigures, string> = {
  dates: 'Termine',
  held: 'davon stattgefunden',
  cancelled: 'abgesagt',
  seats: 'Plätze',
  booked: 'gebucht',
  attended: 'teilgenommen',
  waitlisted: 'Warteliste',
};
export const teamWorkshopStateTexts = { submitted: 'eingereicht', accepted: 'angenommen', declined: 'abgelehnt', scheduled: 'terminiert' };
export const sourceLabels = { portal: 'Portal', import: 'importiert', none: NO_DATA };

/** the kinds × operator kinds grid of the enrolled KiTas: the SPEC's lists first, then any other value in the data */
export function kindGrid(f: NonNullable<SeasonReport['facilities']>) {
  const extra = (known: readonly string[], values: string[]) => [...new Set(values.filter((v) => !known.includes(v)))].sort();
  const kinds = [
    ...facilityKinds,
    ...extra(
      facilityKinds,
      f.cells.map((c) => c.kind),
    ),
  ];
  const operators = [
    ...operatorKinds,
    ...extra(
      operatorKinds,
      f.cells.map((c) => c.operatorKind),
    ),
  ];
  const at = (kind: string, op: string) => f.cells.find((c) => c.kind === kind && c.operatorKind === op)?.count ?? 0;
  return { kinds, operators, at };
}

const programmeColumns = Object.values(programmeLabels).map(num);
const programmeCells = (f: ProgrammeFigures): ReportCell[] => (Object.keys(programmeLabels) as (keyof ProgrammeFigures)[]).map((k) => f[k]);

function tablesOf(r: SeasonReport, key: Exclude<SeasonReportSection, 'comparison'>): ReportTable[] {
  const season = r.season.label;
  switch (key) {
    case 'funnel': {
      const f = r.funnel!;
      const cells = (x: typeof f.total) => [x.enrolled, x.submitted, x.approved, x.awarded];
      return [
        {
          caption: `KiTas im ${season} nach Regierungsbezirk`,
          columns: [text('Regierungsbezirk'), ...Object.values(funnelLabels).map(num)],
          rows: f.rows.map((x) => [regionLabel(x.region), ...cells(x)]),
          total: ['Summe', ...cells(f.total)],
        },
      ];
    }
    case 'facilities': {
      const f = r.facilities!;
      const g = kindGrid(f);
      return [
        {
          caption: `Angemeldete KiTas im ${season} nach Art und Trägerart`,
          columns: [text('Art'), ...g.operators.map(num), num('Summe')],
          rows: g.kinds.map((k) => [k, ...g.operators.map((o) => g.at(k, o)), g.operators.reduce((a, o) => a + g.at(k, o), 0)]),
          total: ['Summe', ...g.operators.map((o) => g.kinds.reduce((a, k) => a + g.at(k, o), 0)), f.enrolled],
        },
        {
          caption: `Neu oder wieder dabei im ${season}`,
          columns: [text('KiTas'), num('Anzahl')],
          rows: [
            ['neu dabei', f.new],
            ['wieder dabei', f.again],
            ['davon früher ausgezeichnet', f.awardedBefore],
          ],
          total: ['angemeldet', f.enrolled],
        },
      ];
    }
    case 'reach': {
      const f = r.reach!;
      const cells = (x: typeof f.total) => [x.facilities, x.children, x.childrenMissing, x.staff, x.staffMissing];
      return [
        {
          caption: `Erreichte Kinder und Mitarbeitende im ${season} nach Regierungsbezirk`,
          columns: [
            text('Regierungsbezirk'),
            num('KiTas'),
            num('Kinder'),
            num('KiTas ohne Angabe zu Kindern'),
            num('Mitarbeitende'),
            num('KiTas ohne Angabe zu Mitarbeitenden'),
          ],
          rows: f.rows.map((x) => [regionLabel(x.region), ...cells(x)]),
          total: ['Summe', ...cells(f.total)],
        },
      ];
    }
    case 'programme': {
      const p = r.programme!;
      return [
        {
          caption: `Fortbildungen im ${season} nach Modul`,
          columns: [text('Modul'), ...programmeColumns],
          rows: p.trainingsByModule.map((x) => [x.title, ...programmeCells(x)]),
          total: ['Summe', ...programmeCells(p.trainingsTotal)],
        },
        {
          caption: `Fortbildungen im ${season} nach Regierungsbezirk`,
          columns: [text('Regierungsbezirk'), ...programmeColumns],
          rows: p.trainingsByRegion.map((x) => [regionLabel(x.region), ...programmeCells(x)]),
          total: ['Summe', ...programmeCells(p.trainingsTotal)],
        },
        {
          caption: `Hospitationen im ${season} nach Regierungsbezirk`,
          columns: [text('Regierungsbezirk'), ...programmeColumns],
          rows: p.hospitationsByRegion.map((x) => [regionLabel(x.region), ...programmeCells(x)]),
          total: ['Summe', ...programmeCells(p.hospitationsTotal)],
        },
      ];
    }
    case 'teamWorkshops': {
      const t = r.teamWorkshops!;
      return [
        {
          caption: `Team-Workshop-Anträge im ${season} nach Status`,
          columns: [text('Status'), num('Anträge'), num('Teilnehmende (beantragt)')],
          rows: t.rows.map((x) => [teamWorkshopStateTexts[x.state], x.applications, x.participants]),
          total: ['Summe', t.total.applications, t.total.participants],
        },
      ];
    }
    case 'awarding': {
      const a = r.awarding!;
      const cells = (x: typeof a.total) => [x.workshops, x.seats, x.booked, x.attended, x.waitlisted, x.facilities];
      return [
        {
          caption: `Auszeichnungsveranstaltungen im ${season}`,
          columns: [
            text('Veranstaltung'),
            { header: 'Datum', kind: 'date' },
            num('Workshops'),
            num('Plätze'),
            num('gebucht'),
            num('teilgenommen'),
            num('Warteliste'),
            num('KiTas'),
          ],
          rows: a.events.map((x) => [x.title, x.startsAt, ...cells(x)]),
          total: ['Summe (KiTas einmal gezählt)', '', ...cells(a.total)],
        },
      ];
    }
  }
}

function comparisonTable(r: SeasonReport): ReportTable {
  return {
    caption: `${r.season.label} und die KiTa-Jahre davor`,
    columns: [text('KiTa-Jahr'), text('Quelle'), ...Object.values(funnelLabels).map(num), num('Kinder')],
    rows: r.comparison.seasons.map((s) => [s.label, sourceLabels[s.source], s.enrolled, s.submitted, s.approved, s.awarded, s.children]),
  };
}

export const sectionIntros: Record<SeasonReportSection, string> = {
  funnel:
    'Angemeldet sind KiTas mit einer gültigen Anmeldung zum KiTa-Jahr. Eingereicht zählt jeden Dokumentationsbogen, der bei der Jury war (auch zurückgegebene und abgelehnte); ausgezeichnet heißt zur Auszeichnung zugelassen.',
  facilities:
    'Wieder dabei ist eine KiTa, die schon in einem früheren KiTa-Jahr angemeldet war (im Portal oder in importierten Altdaten); früher ausgezeichnet zählt wie in den E-Mail-Listen.',
  reach: 'Kinder laut Anmeldung der KiTa zum KiTa-Jahr, Mitarbeitende laut Stammdaten der KiTa. KiTas ohne Angabe sind mitgezählt, aber ohne Zahl.',
  programme:
    'Veröffentlichte Termine; abgesagte sind getrennt gezählt. Gebucht sind bestätigte Plätze einschließlich der Teilnahmen, teilgenommen die vermerkten Teilnahmen.',
  teamWorkshops: 'Anträge, die nicht zurückgezogen wurden, mit der Zahl der Teilnehmenden laut Antrag.',
  awarding: 'Veröffentlichte Veranstaltungen mit ihren veröffentlichten Workshops. KiTas zählen, wenn mindestens eine Person gebucht ist.',
  comparison:
    'KiTa-Jahre im Portal zeigen die Zahlen des Portals, frühere KiTa-Jahre die importierten Altdaten (Anmeldungen und Auszeichnungen). Wo nichts vorliegt, steht „keine Daten“.',
};

/** every section of the report with its tables; a section without portal data has none (it reads "keine Daten") */
export function reportTables(r: SeasonReport): ReportSectionTables[] {
  const keys = ['funnel', 'facilities', 'reach', 'programme', 'teamWorkshops', 'awarding'] as const;
  return [
    ...keys.map((key) => ({ key, title: sectionTitles[key], intro: sectionIntros[key], tables: r[key] ? tablesOf(r, key) : [] })),
    { key: 'comparison' as const, title: sectionTitles.comparison, intro: sectionIntros.comparison, tables: [comparisonTable(r)] },
  ];
}

/** a cell as the page shows it: German numbers, dates DD.MM.YYYY, "keine Daten" for null */
export function cellText(cell: ReportCell, column: ReportColumn): string {
  if (cell === null) return NO_DATA;
  if (column.kind === 'date' && typeof cell === 'string' && cell !== '') return germanDate(cell);
  if (typeof cell === 'number') return cell.toLocaleString('de-DE');
  return cell;
}
