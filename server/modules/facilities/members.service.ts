import { and, desc, eq, sql } from 'drizzle-orm';
import type { JoinRequest, Member } from '../../../src/shared/contracts/facilities';
import { sqlState, type Db, type DbOrTx } from '../../db/client';
import { fail } from '../../lib/http-error';
import { actorOf, iso, isoOrNull, notFoundError, personName } from '../../lib/record-helpers';
import { audit, type Ctx } from '../audit/audit';
import { users } from '../users/users.table';
import { facilities, facilityMembers } from './facilities.table';
import { activeFacility } from './facility-scope';
import { notifyJoinRequest } from './facility-mails';
import { facilityJoinRequests } from './join-requests.table';
import { userName, userRef } from '../users/user-ref';

/** A KiTa's member accounts in name order; persons/members-view.ts adds each one's staff entry. */
export async function memberAccounts(db: DbOrTx, facilityId: number): Promise<Omit<Member, 'personId'>[]> {
  const rows = await db
    .select({
      userId: users.id,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      since: facilityMembers.createdAt,
    })
    .from(facilityMembers)
    .innerJoin(users, eq(users.id, facilityMembers.userId))
    .where(eq(facilityMembers.facilityId, facilityId))
    .orderBy(users.lastName, users.firstName, users.id);
  return rows.map((r) => ({ userId: r.userId, firstName: r.firstName, lastName: r.lastName, email: r.email, since: iso(r.since) }));
}

/** Makes the account a member of the KiTa (nothing happens if it is one already). */
export async function addMember(db: DbOrTx, facilityId: number, userId: number) {
  await db.insert(facilityMembers).values({ facilityId, userId }).onConflictDoNothing();
}

/**
 * Takes away a member's access to the KiTa (their account and staff entry stay). Removing the last member answers
 * 409 `last_member` unless confirmed, as account deletion does: nobody could edit the KiTa afterwards.
 */
export async function removeMember(db: Db, facilityId: number, userId: number, ctx: Ctx, opts: { confirmLastMember?: boolean } = {}) {
  await db.transaction(async (tx) => {
    // the KiTa's row is locked so two members removing each other at once cannot both pass the last-member check
    const [facility] = await tx.select({ label: facilities.label }).from(facilities).where(eq(facilities.id, facilityId)).for('update');
    const members = await tx.select({ userId: facilityMembers.userId }).from(facilityMembers).where(eq(facilityMembers.facilityId, facilityId));
    if (!members.some((m) => m.userId === userId)) throw notFoundError();
    if (members.length === 1 && !opts.confirmLastMember) {
      const [user] = await tx.select(userName).from(users).where(eq(users.id, userId));
      throw fail('facility.last_member', [user ? personName(user) : '', facility?.label ?? '', userId === ctx.actorUserId]);
    }
    await tx.delete(facilityMembers).where(and(eq(facilityMembers.facilityId, facilityId), eq(facilityMembers.userId, userId)));
    await audit(tx, { ...ctx, action: 'facility.remove_member', entityType: 'facility', entityId: facilityId, before: { userId } });
  });
}

const decider = userRef('decider');

async function joinRequests(db: DbOrTx, where: ReturnType<typeof and>): Promise<JoinRequest[]> {
  const rows = await db
    .select({
      r: facilityJoinRequests,
      label: facilities.label,
      u: userName,
      d: decider.name,
    })
    .from(facilityJoinRequests)
    .innerJoin(facilities, eq(facilities.id, facilityJoinRequests.facilityId))
    .innerJoin(users, eq(users.id, facilityJoinRequests.userId))
    .leftJoin(decider.table, decider.on(facilityJoinRequests.decidedBy))
    .where(where)
    .orderBy(sql`${facilityJoinRequests.state} = 'pending' desc`, desc(facilityJoinRequests.createdAt), desc(facilityJoinRequests.id))
    .limit(200);
  return rows.map(({ r, label, u, d }) => ({
    id: r.id,
    facilityId: r.facilityId,
    facilityLabel: label,
    user: { id: r.userId, name: personName(u), email: u.email },
    message: r.message,
    state: r.state,
    createdAt: iso(r.createdAt),
    decidedAt: isoOrNull(r.decidedAt),
    decidedBy: actorOf(r.decidedBy, d),
  }));
}

/** pending requests first, then the decided ones (newest first, at most 200) as history */
export const listJoinRequests = (db: DbOrTx, facilityId: number) => joinRequests(db, and(eq(facilityJoinRequests.facilityId, facilityId)));

export const listPendingJoinRequests = (db: DbOrTx) => joinRequests(db, and(eq(facilityJoinRequests.state, 'pending')));

/** Any logged-in user may ask to join a KiTa; its members and the admins are told by mail. */
export async function requestToJoin(db: Db, facilityId: number, message: string, ctx: Ctx & { actorUserId: number }): Promise<JoinRequest> {
  const facility = await activeFacility(db, facilityId);
  const [member] = await db
    .select()
    .from(facilityMembers)
    .where(and(eq(facilityMembers.facilityId, facilityId), eq(facilityMembers.userId, ctx.actorUserId)));
  if (member) throw fail('facility.already_member');
  let id: number;
  try {
    id = await db.transaction(async (tx) => {
      const [row] = await tx.insert(facilityJoinRequests).values({ facilityId, userId: ctx.actorUserId, message }).returning();
      await audit(tx, {
        ...ctx,
        action: 'join_request.create',
        entityType: 'facility',
        entityId: facilityId,
        after: { requestId: row!.id, userId: ctx.actorUserId },
      });
      const [requester] = await tx.select().from(users).where(eq(users.id, ctx.actorUserId));
      await notifyJoinRequest(tx, {
        facilityId,
        facilityLabel: facility.label,
        requesterName: personName(requester!),
        requesterEmail: requester!.email,
        message,
      });
      return row!.id;
    });
  } catch (err) {
    if (sqlState(err) === '23505') throw fail('facility.already_requested');
    throw err;
  }
  const [answer] = await joinRequests(db, and(eq(facilityJoinRequests.id, id)));
  return answer!;
}

/** A member (or an admin) decides; approval makes the requester a member in the same transaction. */
export async function decideJoinRequest(db: Db, facilityId: number, requestId: number, approve: boolean, ctx: Ctx): Promise<JoinRequest> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .update(facilityJoinRequests)
      .set({ state: approve ? 'approved' : 'declined', decidedAt: new Date(), decidedBy: ctx.actorUserId })
      .where(and(eq(facilityJoinRequests.id, requestId), eq(facilityJoinRequests.facilityId, facilityId), eq(facilityJoinRequests.state, 'pending')))
      .returning();
    if (!row) {
      const [exists] = await tx
        .select({ id: facilityJoinRequests.id })
        .from(facilityJoinRequests)
        .where(and(eq(facilityJoinRequests.id, requestId), eq(facilityJoinRequests.facilityId, facilityId)));
      if (!exists) throw notFoundError();
      throw fail('facility.already_decided');
    }
    if (approve) await tx.insert(facilityMembers).values({ facilityId, userId: row.userId }).onConflictDoNothing();
    await audit(tx, {
      ...ctx,
      action: approve ? 'join_request.approve' : 'join_request.decline',
      entityType: 'facility',
      entityId: facilityId,
      before: { requestId, state: 'pending' },
      after: { requestId, state: row.state, userId: row.userId },
    });
  });
  const [answer] = await joinRequests(db, and(eq(facilityJoinRequests.id, requestId)));
  return answer!;
}
