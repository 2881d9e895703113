import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  formatCheckCode,
  type AdminCertificate,
  type CertificateKind,
  type FacilityCertificate,
  type VerifyAnswer,
} from '../../../src/shared/contracts/certificates';
import { asciiSlug } from '../../../src/shared/ascii-slug';
import type { DbOrTx } from '../../db/client';
import type { CertificateDocModel, CertificateImage, CertificatePage } from '../../lib/certificate-pdf';
import { fail } from '../../lib/http-error';
import { iso, notFoundError } from '../../lib/record-helpers';
import { facilities } from '../facilities/facilities.table';
import { certificates, type CertificateRow } from './certificates.table';
import { awardingEventColumn, type AwardingEventFilter } from './facts';
import { attendanceText, certificateTitle, issuedLine, type PrintedCertificate } from './printed';
import { imagesById } from './templates.service';

/** The certificates as lists, as the public check answers them, and as the PDF's model. */

/** the admin table: the season's valid certificates of one kind, in KiTa order (the batch PDF's order too) */
export async function adminCertificates(
  db: DbOrTx,
  season: { id: number },
  kind: CertificateKind,
  filter: AwardingEventFilter,
): Promise<(AdminCertificate & { row: CertificateRow })[]> {
  const event = awardingEventColumn(season.id, certificates.facilityId);
  const rows = await db
    .select({ c: certificates, region: facilities.region, labelSort: facilities.labelSort, awardingEventId: event })
    .from(certificates)
    .innerJoin(facilities, eq(facilities.id, certificates.facilityId))
    .where(
      and(
        eq(certificates.seasonId, season.id),
        eq(certificates.kind, kind),
        eq(certificates.state, 'valid'),
        filter === undefined ? undefined : filter === 'ohne' ? sql`${event} is null` : sql`${event} = ${filter}`,
      ),
    )
    .orderBy(asc(facilities.labelSort), asc(facilities.id), asc(certificates.id));
  return rows.map(({ c, region, awardingEventId }) => ({
    row: c,
    id: c.id,
    kind: c.kind,
    facilityId: c.facilityId,
    facilityLabel: c.printed.facilityLabel,
    city: c.printed.city,
    region,
    awardingEventId: awardingEventId === null ? null : Number(awardingEventId),
    personName: c.printed.kind === 'attendance' ? c.printed.personName : null,
    title: certificateTitle(c.printed),
    code: formatCheckCode(c.code),
    issuedAt: iso(c.issuedAt),
    state: c.state,
  }));
}

/** every certificate of the KiTa, every season, newest first */
export async function facilityCertificates(db: DbOrTx, facilityId: number): Promise<FacilityCertificate[]> {
  const rows = await db
    .select()
    .from(certificates)
    .where(eq(certificates.facilityId, facilityId))
    .orderBy(desc(certificates.issuedAt), desc(certificates.id));
  return rows.map((c) => ({
    id: c.id,
    kind: c.kind,
    seasonIdentifier: c.printed.seasonIdentifier,
    title: certificateTitle(c.printed),
    personId: c.personId,
    enrolmentId: c.enrolmentId,
    issuedAt: iso(c.issuedAt),
    code: formatCheckCode(c.code),
    state: c.state,
  }));
}

export async function certificateOfFacility(db: DbOrTx, facilityId: number, certificateId: number): Promise<CertificateRow> {
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.id, certificateId), eq(certificates.facilityId, facilityId), eq(certificates.state, 'valid')));
  if (!row) throw notFoundError();
  return row;
}

export async function certificateById(db: DbOrTx, id: number): Promise<CertificateRow> {
  const [row] = await db.select().from(certificates).where(eq(certificates.id, id));
  if (!row) throw notFoundError();
  return row;
}

/** the valid Teilnahmebescheinigungen of these bookings, in the order given */
export async function attendanceCertificatesOf(db: DbOrTx, enrolmentIds: number[]): Promise<CertificateRow[]> {
  if (enrolmentIds.length === 0) return [];
  return db
    .select()
    .from(certificates)
    .where(and(eq(certificates.kind, 'attendance'), eq(certificates.state, 'valid'), inArray(certificates.enrolmentId, enrolmentIds)))
    .orderBy(asc(certificates.id));
}

/** the public check: what the certificate says, nothing else (no ids, no e-mail) */
export async function verifyCode(db: DbOrTx, code: string): Promise<VerifyAnswer | null> {
  const [c] = await db.select().from(certificates).where(eq(certificates.code, code));
  if (!c) return null;
  const p = c.printed;
  return {
    state: c.state,
    kind: c.kind,
    facilityLabel: p.facilityLabel,
    city: p.city,
    seasonIdentifier: p.seasonIdentifier,
    issuedAt: iso(c.issuedAt),
    ...(p.kind === 'attendance' ? { personName: p.personName, offeringTitle: p.offeringTitle, dates: p.dates } : {}),
  };
}

export const checkUrl = (publicUrl: string, code: string) => `${publicUrl}/urkunde-pruefen?code=${code}`;

/** the PDF's model of these certificates, one page each, in this order; each image once */
export async function certificateDocModel(db: DbOrTx, rows: CertificateRow[], publicUrl: string, title: string): Promise<CertificateDocModel> {
  const ids = rows.flatMap((r) => [r.printed.logoId, ...r.printed.signatures.map((s) => s.imageId)]).filter((i): i is string => i !== null);
  const found = await imagesById(db, ids);
  const images: CertificateImage[] = [];
  const indexOf = new Map<string, number>();
  const imageIndex = (id: string | null) => {
    if (id === null || !found.has(id)) return null;
    if (!indexOf.has(id)) {
      indexOf.set(id, images.length);
      images.push(found.get(id)!);
    }
    return indexOf.get(id)!;
  };
  const pages: CertificatePage[] = rows.map((r) => pageOf(r.printed, r, publicUrl, imageIndex));
  return { title, pages, images };
}

function pageOf(p: PrintedCertificate, r: CertificateRow, publicUrl: string, imageIndex: (id: string | null) => number | null): CertificatePage {
  const text = p.kind === 'award' ? { paragraphs: p.paragraphs, facts: [] } : attendanceText(p);
  return {
    heading: p.heading,
    ...text,
    issuedLine: `${p.kind === 'award' ? `${p.issuer} · ` : ''}${issuedLine(r.issuedAt)}`,
    signatures: p.signatures.map((s) => ({ name: s.name, role: s.role, image: imageIndex(s.imageId) })),
    logo: imageIndex(p.logoId),
    logoAlt: `Logo: ${p.issuer}`,
    code: formatCheckCode(r.code),
    checkUrl: checkUrl(publicUrl, r.code),
  };
}

/** the window title of a single certificate's PDF */
export const singleTitle = (r: CertificateRow) =>
  r.printed.kind === 'award'
    ? `Urkunde: ${r.printed.facilityLabel}, ${r.printed.city} – KiTa-Jahr ${r.printed.seasonIdentifier.replace('-', '/')}`
    : `Teilnahmebescheinigung: ${r.printed.personName} – ${r.printed.offeringTitle}`;

/** "urkunde-kinderhaus-sonnenschein-2025-26.pdf", "teilnahmebescheinigung-erika-muster-12.pdf" */
export function pdfFileName(r: CertificateRow): string {
  if (r.printed.kind === 'award') return `urkunde-${asciiSlug(r.printed.facilityLabel, '-', 60, true) || 'kita'}-${r.printed.seasonIdentifier}.pdf`;
  return `teilnahmebescheinigung-${asciiSlug(r.printed.personName, '-', 60, true) || 'person'}-${r.id}.pdf`;
}

export const tooManyForBatch = () => fail('certificates.too_many_batch');

/** "Vorschau": the certificate a KiTa would get, never stored; its code says so (all zeros checks as unknown) */
export function previewRow(printed: PrintedCertificate, seasonId: number): CertificateRow {
  return {
    id: 0,
    kind: printed.kind,
    seasonId,
    facilityId: 0,
    personId: null,
    enrolmentId: null,
    code: '000000000000',
    state: 'valid',
    printed: { ...printed, heading: `${printed.heading} (Vorschau)` },
    printedHash: '',
    issuedAt: new Date(),
    supersededAt: null,
    supersededBy: null,
    withdrawnAt: null,
    createdBy: null,
  };
}
