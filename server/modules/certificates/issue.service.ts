import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db, DbOrTx } from '../../db/client';
import { auditMany, type AuditEntry, type Ctx } from '../audit/audit';
import type { AttendanceChanged } from '../programme/admin-enrolments.service';
import { certificates, type CertificateRow } from './certificates.table';
import { newCheckCode } from './codes';
import { attendanceFacts, awardCandidates, type AwardingEventFilter } from './facts';
import { printedAttendance, printedAward, printedHash, type PrintedCertificate } from './printed';
import { seasonByIdentifier, templateText } from './templates.service';

/**
 * Issuing (SPEC §8). Idempotent: a certificate is issued when none is valid for its subject (a KiTa's season, a
 * booking) or when what it would print differs from the valid one (then the old one is "superseded" and the new one
 * gets a new code); an unchanged one stays as it is. Nothing is ever deleted.
 */
type Subject =
  | { kind: 'award'; facilityId: number; seasonId: number }
  | { kind: 'attendance'; enrolmentId: number; facilityId: number; personId: number; seasonId: number };

type Outcome = 'issued' | 'unchanged';

async function issueOne(tx: DbOrTx, subject: Subject, printed: PrintedCertificate, ctx: Ctx, now: Date, log: AuditEntry[]): Promise<Outcome> {
  const hash = printedHash(printed);
  const [current] = await tx
    .select()
    .from(certificates)
    .where(
      and(
        eq(certificates.kind, subject.kind),
        eq(certificates.state, 'valid'),
        subject.kind === 'award'
          ? and(eq(certificates.facilityId, subject.facilityId), eq(certificates.seasonId, subject.seasonId))
          : eq(certificates.enrolmentId, subject.enrolmentId),
      ),
    )
    .for('update');
  if (current && current.printedHash === hash) return 'unchanged';
  if (current) await tx.update(certificates).set({ state: 'superseded', supersededAt: now }).where(eq(certificates.id, current.id));
  const [row] = await tx
    .insert(certificates)
    .values({
      kind: subject.kind,
      seasonId: subject.seasonId,
      facilityId: subject.facilityId,
      personId: subject.kind === 'attendance' ? subject.personId : null,
      enrolmentId: subject.kind === 'attendance' ? subject.enrolmentId : null,
      code: newCheckCode(),
      printed,
      printedHash: hash,
      issuedAt: now,
      createdBy: ctx.actorUserId,
    })
    .returning({ id: certificates.id });
  if (current) {
    await tx.update(certificates).set({ supersededBy: row!.id }).where(eq(certificates.id, current.id));
    log.push({ ...ctx, action: 'certificate.supersede', entityType: 'certificate', entityId: current.id, after: { supersededBy: row!.id } });
  }
  log.push({
    ...ctx,
    action: 'certificate.issue',
    entityType: 'certificate',
    entityId: row!.id,
    after: { kind: subject.kind, facilityId: subject.facilityId, ...(subject.kind === 'attendance' ? { enrolmentId: subject.enrolmentId } : {}) },
  });
  return 'issued';
}

/** "Urkunden erzeugen": every approved KiTa of the season (of one awarding event, or of none) gets its valid Urkunde */
export async function issueAwards(db: Db, seasonIdentifier: string, filter: AwardingEventFilter, issuer: string, ctx: Ctx) {
  const season = await seasonByIdentifier(db, seasonIdentifier);
  return db.transaction(async (tx) => {
    // two admins pressing the button at once issue each certificate once
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`certificates-award|${season.id}`}, 0))`);
    const template = await templateText(tx, season.id);
    const candidates = await awardCandidates(tx, season, filter);
    const now = new Date();
    const log: AuditEntry[] = [];
    let issued = 0;
    let unchanged = 0;
    for (const c of candidates) {
      const outcome = await issueOne(
        tx,
        { kind: 'award', facilityId: c.facilityId, seasonId: season.id },
        printedAward(template, c, issuer),
        ctx,
        now,
        log,
      );
      if (outcome === 'issued') issued++;
      else unchanged++;
    }
    await auditMany(tx, log);
    return { issued, unchanged };
  });
}

/** the Urkunden that "Urkunden erzeugen" would issue now (missing or changed): the admin page's hint */
export async function pendingAwards(db: DbOrTx, season: { id: number; identifier: string }, filter: AwardingEventFilter, issuer: string) {
  const template = await templateText(db, season.id);
  const candidates = await awardCandidates(db, season, filter);
  if (candidates.length === 0) return 0;
  const valid = await db
    .select({ facilityId: certificates.facilityId, hash: certificates.printedHash })
    .from(certificates)
    .where(and(eq(certificates.seasonId, season.id), eq(certificates.kind, 'award'), eq(certificates.state, 'valid')));
  const byFacility = new Map(valid.map((v) => [v.facilityId, v.hash]));
  return candidates.filter((c) => byFacility.get(c.facilityId) !== printedHash(printedAward(template, c, issuer))).length;
}

/**
 * Programme's attendance hook (passed in by app.ts, called in its transaction): a booking marked "teilgenommen" gets
 * its Teilnahmebescheinigung, one set back loses it (withdrawn, kept).
 */
export async function attendanceChanged(tx: DbOrTx, change: { enrolmentIds: number[]; attended: boolean }, issuer: string, ctx: Ctx) {
  if (change.enrolmentIds.length === 0) return;
  const now = new Date();
  const log: AuditEntry[] = [];
  if (!change.attended) {
    const withdrawn: Pick<CertificateRow, 'id'>[] = await tx
      .update(certificates)
      .set({ state: 'withdrawn', withdrawnAt: now })
      .where(and(eq(certificates.kind, 'attendance'), eq(certificates.state, 'valid'), inArray(certificates.enrolmentId, change.enrolmentIds)))
      .returning({ id: certificates.id });
    for (const w of withdrawn) log.push({ ...ctx, action: 'certificate.withdraw', entityType: 'certificate', entityId: w.id });
  } else {
    const facts = (await attendanceFacts(tx, change.enrolmentIds)).filter((f) => f.attended);
    const templates = new Map<number, Awaited<ReturnType<typeof templateText>>>();
    for (const f of facts) {
      if (!templates.has(f.seasonId)) templates.set(f.seasonId, await templateText(tx, f.seasonId));
      const subject = {
        kind: 'attendance' as const,
        enrolmentId: f.enrolmentId,
        facilityId: f.facilityId,
        personId: f.personId,
        seasonId: f.seasonId,
      };
      await issueOne(tx, subject, printedAttendance(templates.get(f.seasonId)!, f, issuer), ctx, now, log);
    }
  }
  await auditMany(tx, log);
}

/** the hook as programme's admin routes take it (app.ts) */
export const attendanceHook =
  (issuer: string): AttendanceChanged =>
  (tx, change, ctx) =>
    attendanceChanged(tx, change, issuer, ctx);
