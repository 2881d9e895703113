import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { attendanceChanged, issueAwards } from '../modules/certificates/issue.service';
import { offeringEnrolments } from '../modules/programme/programme.table';
import { seasonQueries } from '../modules/seasons/seasons.queries';

/**
 * Issue 37: the demo's certificates, issued the way an admin issues them (idempotent, so a second seed changes
 * nothing): the Urkunden of every KiTa whose documentation is approved (2025-26 and 2026-27) and a
 * Teilnahmebescheinigung for every attended booking.
 */
export async function seedDemoCertificates(db: Db, programmeName: string) {
  const ctx = { actorUserId: null, requestId: null, ip: null };
  for (const identifier of ['2025-26', '2026-27']) {
    if (await seasonQueries({ db }).byIdentifier(identifier)) await issueAwards(db, identifier, undefined, programmeName, ctx);
  }
  const attended = await db.select({ id: offeringEnrolments.id }).from(offeringEnrolments).where(eq(offeringEnrolments.state, 'attended'));
  await db.transaction((tx) => attendanceChanged(tx, { enrolmentIds: attended.map((a) => a.id), attended: true }, programmeName, ctx));
}
