import { and, eq, isNull, sql } from 'drizzle-orm';
import type { DataExport } from '../../../src/shared/contracts/accounts';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { fail } from '../../lib/http-error';
import { iso, isoOrNull } from '../../lib/record-helpers';
import { audit } from '../audit/audit';
import { activityOfUser, forgetUserInAuditLog } from '../audit/user-data';
import { userSessions } from '../auth/user-sessions';
import { lastMemberOf, membershipsOfUser } from '../facilities/user-data';
import { enqueueMail, kickMailWorkers } from '../mail/outbox';
import { forgetUserInPersons, personsOfUser } from '../persons/user-data';
import { enrolmentsOfPersons } from '../programme/staff.service';
import { forgetUserInSeasonEnrolments, seasonEnrolmentsCreatedBy } from '../seasons/user-data';
import { applicationsCreatedBy } from '../team-workshops/team-workshops.service';
import { accountIdentity } from '../users/user-ref';
import { users, type UserRow } from '../users/users.table';
import { accountDeletedMail } from './accounts.mail';
import { accountView, assertPassword, sessionInfo } from './me.service';

/**
 * The account's own data (DSGVO Art. 15) and its deletion (Art. 17). Each module says what it holds for an
 * account and what deleting the account does to it (`<module>/user-data.ts`, team-workshops and programme in their
 * services); this file only asks them, in one transaction for the deletion.
 */

type Deps = { db: Db; config: AppConfig };
type Meta = { ip: string; requestId: string };

/**
 * Deletes the account and its consents (the row). Persons and enrolments stay with their KiTa, pseudonymised:
 * a person record of the account loses its link, name and contact data; enrolments and audit entries lose the
 * link to the account.
 */
export async function deleteAccount(deps: Deps, user: UserRow, input: { password: string; confirmLastMember: boolean }, meta: Meta) {
  await assertPassword(deps, user, input.password);
  if (user.isAdmin) {
    const others = await deps.db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.isAdmin, true), isNull(users.deactivatedAt), sql`${users.id} <> ${user.id}`))
      .limit(1);
    if (others.length === 0) throw fail('me.last_admin');
  }
  const last = await lastMemberOf(deps.db, user.id);
  if (last.length > 0 && !input.confirmLastMember) {
    throw fail('me.last_member', [last.map((f) => f.label)], { body: { lastMemberOf: last } });
  }
  await deps.db.transaction(async (tx) => {
    await forgetUserInPersons(tx, user.id);
    await forgetUserInSeasonEnrolments(tx, user.id);
    await forgetUserInAuditLog(tx, user.id);
    // memberships, sessions and tokens go with the row (foreign keys on delete cascade)
    await tx.delete(users).where(eq(users.id, user.id));
    await enqueueMail(tx, { to: user.email, template: accountDeletedMail, data: { firstName: user.firstName }, budget: 'exempt' });
    await audit(tx, {
      actorUserId: null,
      action: 'account.delete',
      entityType: 'user',
      entityId: user.id,
      requestId: meta.requestId,
      ip: meta.ip,
      after: { lastMemberOf: last.map((f) => f.id) },
    });
  });
  kickMailWorkers();
}

export async function exportData(deps: Deps, user: UserRow, currentSessionId: string | undefined): Promise<DataExport> {
  const { db } = deps;
  const view = await accountView(deps, user);
  const persons = await personsOfUser(db, user.id);
  const sessions = await userSessions(db).list(user.id);
  return {
    exportedAt: new Date().toISOString(),
    account: {
      ...accountIdentity(user),
      isJury: user.isJury,
      createdAt: iso(user.createdAt),
      activatedAt: isoOrNull(user.activatedAt),
      lastLoginAt: isoOrNull(user.lastLoginAt),
      pendingEmail: view.pendingEmail,
      twoFactorEnabled: view.totp.enabled,
    },
    consents: view.consents,
    memberships: await membershipsOfUser(db, user.id),
    persons,
    enrolments: [
      ...(await seasonEnrolmentsCreatedBy(db, user.id)),
      // issue 11: the team-workshop applications this account made (other modules add their own kinds)
      ...(await applicationsCreatedBy(db, user.id)),
      // the season's programme: bookings of the staff entries linked to this account
      ...(await enrolmentsOfPersons(
        db,
        persons.map((p) => p.id),
      )),
    ],
    sessions: sessions.map((s) => sessionInfo(s, currentSessionId)),
    activity: await activityOfUser(db, user.id),
  };
}
