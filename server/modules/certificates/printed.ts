import { createHash } from 'node:crypto';
import { hoursLabel } from '../../../src/shared/contracts/certificates';
import { germanDate, germanTime } from '../../../src/shared/berlin-date';

/**
 * What a certificate prints, kept with it (certificates.printed) so a later download prints the same and "Urkunden
 * erzeugen" can tell a changed certificate from an unchanged one: `printedHash` over these fields, nothing else (the
 * code and the issue date are not part of it). Built here from the facts; rendered by server/lib/certificate-pdf.ts.
 */
export type PrintedSignature = { name: string; role: string; imageId: string | null };

type Common = {
  heading: string;
  facilityLabel: string;
  city: string;
  seasonIdentifier: string;
  /** PROGRAMME_NAME */
  issuer: string;
  signatures: PrintedSignature[];
  logoId: string | null;
};

export type PrintedAward = Common & { kind: 'award'; paragraphs: string[] };

export type PrintedAttendance = Common & {
  kind: 'attendance';
  personName: string;
  offeringKind: 'training' | 'hospitation' | 'awarding';
  offeringTitle: string;
  moduleTitle: string | null;
  /** "14.11.2026, 9:00–15:00 Uhr" */
  dates: string;
  /** "6 Stunden" */
  duration: string;
  /** the place, "online", or '' when the date names none */
  place: string;
};

export type PrintedCertificate = PrintedAward | PrintedAttendance;

/** JSON with its keys sorted at every level: jsonb gives keys back in its own order, the hash must not see that */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const printedHash = (p: PrintedCertificate) => createHash('sha256').update(canonical(p)).digest('hex');

/** `2025-26` → `2025/26` */
export const seasonYears = (identifier: string) => identifier.replace('-', '/');

export type AwardFacts = {
  facilityLabel: string;
  city: string;
  seasonIdentifier: string;
  /** the enrolment's project title, else its topics; '' when the KiTa gave none */
  projectTopic: string;
};

export type TemplateText = { heading: string; body: string; signatures: PrintedSignature[]; logoId: string | null };

/** the template's text with the placeholders filled in; blank lines separate paragraphs */
export function fillTemplate(body: string, facts: AwardFacts): string[] {
  const values: Record<string, string> = {
    '{KiTa}': facts.facilityLabel,
    '{Ort}': facts.city,
    '{KiTa-Jahr}': seasonYears(facts.seasonIdentifier),
    '{Projektthema}': facts.projectTopic,
  };
  const filled = body.replace(/\{KiTa\}|\{Ort\}|\{KiTa-Jahr\}|\{Projektthema\}/g, (p) => values[p] ?? p);
  return filled
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
    .filter((p) => p !== '');
}

export function printedAward(template: TemplateText, facts: AwardFacts, issuer: string): PrintedAward {
  return {
    kind: 'award',
    heading: template.heading,
    paragraphs: fillTemplate(template.body, facts),
    facilityLabel: facts.facilityLabel,
    city: facts.city,
    seasonIdentifier: facts.seasonIdentifier,
    issuer,
    signatures: template.signatures,
    logoId: template.logoId,
  };
}

export type AttendanceFacts = {
  personName: string;
  facilityLabel: string;
  city: string;
  seasonIdentifier: string;
  offeringKind: 'training' | 'hospitation' | 'awarding';
  offeringTitle: string;
  moduleTitle: string | null;
  startsAt: Date;
  endsAt: Date;
  place: string;
  onlineUrl: string;
};

const berlinDay = (d: Date) => germanDate(d);

/** "14.11.2026, 09:00–15:00 Uhr", or over several days "14.11.2026, 09:00 Uhr – 15.11.2026, 16:00 Uhr" */
export function datesLabel(startsAt: Date, endsAt: Date): string {
  const a = berlinDay(startsAt);
  const b = berlinDay(endsAt);
  if (a === b) return `${a}, ${germanTime(startsAt)}–${germanTime(endsAt)} Uhr`;
  return `${a}, ${germanTime(startsAt)} Uhr – ${b}, ${germanTime(endsAt)} Uhr`;
}

/** the date's length in hours, to a quarter hour */
export const durationHours = (startsAt: Date, endsAt: Date) => Math.max(0, Math.round(((endsAt.getTime() - startsAt.getTime()) / 3_600_000) * 4) / 4);

export function printedAttendance(template: TemplateText, facts: AttendanceFacts, issuer: string): PrintedAttendance {
  const place = facts.place.trim() !== '' ? facts.place.trim() : facts.onlineUrl.trim() !== '' ? 'online' : '';
  return {
    kind: 'attendance',
    heading: 'Teilnahmebescheinigung',
    facilityLabel: facts.facilityLabel,
    city: facts.city,
    seasonIdentifier: facts.seasonIdentifier,
    issuer,
    signatures: template.signatures,
    logoId: template.logoId,
    personName: facts.personName,
    offeringKind: facts.offeringKind,
    offeringTitle: facts.offeringTitle,
    moduleTitle: facts.moduleTitle,
    dates: datesLabel(facts.startsAt, facts.endsAt),
    duration: hoursLabel(durationHours(facts.startsAt, facts.endsAt)),
    place,
  };
}

const offeringKindLabels = { training: 'Fortbildung', hospitation: 'Hospitation', awarding: 'Workshop der Auszeichnungsveranstaltung' } as const;

/** the title a list shows: "Urkunde KiTa-Jahr 2025/26", "Teilnahmebescheinigung: Wald erleben" */
export const certificateTitle = (p: PrintedCertificate) =>
  p.kind === 'award' ? `Urkunde KiTa-Jahr ${seasonYears(p.seasonIdentifier)}` : `Teilnahmebescheinigung: ${p.offeringTitle}`;

/** the attendance certificate's text and facts, as the PDF prints them */
export function attendanceText(p: PrintedAttendance) {
  const where = [p.facilityLabel, p.city].filter((s) => s !== '').join(', ');
  return {
    paragraphs: [`${p.personName}${where ? ` (${where})` : ''} hat an folgender Veranstaltung teilgenommen:`],
    facts: [
      { label: offeringKindLabels[p.offeringKind], value: p.offeringTitle },
      ...(p.moduleTitle ? [{ label: 'Modul', value: p.moduleTitle }] : []),
      { label: 'Datum', value: p.dates },
      { label: 'Dauer', value: p.duration },
      { label: 'Ort', value: p.place || 'nicht angegeben' },
      { label: 'Veranstalter', value: p.issuer },
    ],
  };
}

/** "Ausgestellt am 14.11.2026" (Europe/Berlin) */
export const issuedLine = (issuedAt: Date) => `Ausgestellt am ${berlinDay(issuedAt)}`;
