import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, ilike, isNull, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { idParam } from '../../../src/shared/contracts/common';
import type { ServerListQuery } from '../../../src/shared/contracts/list-query';
import { staffList } from '../../../src/shared/contracts/staff-list';
import type { Person, PersonInput, PersonUpdate } from '../../../src/shared/contracts/persons';
import { personInputSchema, personSchema } from '../../../src/shared/contracts/persons';
import type { Page } from '../../../src/shared/contracts/paging';
import type { Db, DbOrTx } from '../../db/client';
import { fail } from '../../lib/http-error';
import { defineList, germanSort, sliceRows } from '../../lib/list-kit';
import { likePattern } from '../../lib/paging';
import { actorOf, conflictError, iso, isoOrNull, notFoundError, personName } from '../../lib/record-helpers';
import { nextVersion, stamp, versionedUpdate } from '../../lib/versioned-update';
import { audit, type Ctx } from '../audit/audit';
import { sendInvitation } from '../facilities/facility-mails';
import { activeFacility, findActiveFacility } from '../facilities/facility-scope';
import { addMember } from '../facilities/members.service';
import { personOfFacility } from './person-scope';
import { userQueries } from '../users/users.queries';
import { users } from '../users/users.table';
import { persons, type PersonRow } from './persons.table';
import { userRef } from '../users/user-ref';

type Actor = { firstName: string; lastName: string; email: string } | null;
const updater = userRef('person_updater');
const INVITE_DAYS = 14;

export function toPersonDto(row: PersonRow, updatedBy: Actor): Person {
  return {
    id: row.id,
    facilityId: row.facilityId,
    salutation: row.salutation,
    firstName: row.firstName,
    lastName: row.lastName,
    email: row.email,
    phone: row.phone,
    position: row.position,
    userId: row.userId,
    hasAccount: row.userId !== null,
    invitedAt: isoOrNull(row.invitedAt),
    removedAt: isoOrNull(row.removedAt),
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    updatedBy: actorOf(row.updatedBy, updatedBy),
    version: row.version,
  };
}

const editable = (r: PersonRow) => ({
  salutation: r.salutation,
  firstName: r.firstName,
  lastName: r.lastName,
  email: r.email,
  phone: r.phone,
  position: r.position,
});
const toColumns = (input: PersonInput) => {
  const p = personInputSchema.parse(input);
  return { salutation: p.salutation, firstName: p.firstName, lastName: p.lastName, email: p.email, phone: p.phone, position: p.position };
};

const updaterCols = updater.name;

type StaffQuery = ServerListQuery<(typeof staffList)['sortKeys'][number], (typeof staffList)['filters']>;
type StaffCtx = { facilityId: number; includeRemoved?: boolean };

/** GET /api/facilities/{facilityId}/persons: the KiTa's current staff list (removed persons only for admins' detail pages) */
export const staffListDef = defineList({
  contract: staffList,
  route: { url: '/api/facilities/:facilityId/persons', access: 'member', tags: ['persons'], params: z.object({ facilityId: idParam }) },
  context: async ({ db, params }): Promise<StaffCtx> => {
    await activeFacility(db, params.facilityId);
    return { facilityId: params.facilityId };
  },
  sort: {
    lastName: germanSort(persons.lastName),
    firstName: germanSort(persons.firstName),
    position: germanSort(persons.position),
    email: sql`lower(${persons.email})`,
    createdAt: persons.createdAt,
  },
  tieBreaker: persons.id,
  rows: (db, q, s, ctx) => {
    const search = q.q ? likePattern(q.q) : null;
    const where = and(
      eq(persons.facilityId, ctx.facilityId),
      ctx.includeRemoved ? undefined : isNull(persons.removedAt),
      search
        ? or(ilike(persons.firstName, search), ilike(persons.lastName, search), ilike(persons.email, search), ilike(persons.position, search))
        : undefined,
    );
    const query = db
      .select({ p: persons, u: updaterCols, ...s.columns })
      .from(persons)
      .leftJoin(updater.table, updater.on(persons.updatedBy));
    return sliceRows(query.$dynamic(), s, where);
  },
  item: (r: { p: PersonRow; u: Actor }) => toPersonDto(r.p, r.u),
  itemSchema: personSchema,
});

export const listPersons = (db: DbOrTx, facilityId: number, q: StaffQuery, opts: { includeRemoved?: boolean } = {}): Promise<Page<Person>> =>
  staffListDef.page(db, q, { facilityId, ...opts });

export async function getPerson(db: DbOrTx, facilityId: number, personId: number, opts: { includeRemoved?: boolean } = {}): Promise<Person> {
  const [row] = await db
    .select({ p: persons, u: updaterCols })
    .from(persons)
    .leftJoin(updater.table, updater.on(persons.updatedBy))
    .where(and(eq(persons.id, personId), eq(persons.facilityId, facilityId), opts.includeRemoved ? undefined : isNull(persons.removedAt)));
  if (!row) throw notFoundError();
  return toPersonDto(row.p, row.u);
}

/**
 * Staff entries a KiTa's members may create per day (admins: no limit): every entry with an address can be mailed
 * (invitations, bookings), so a KiTa cannot grow an unbounded list of addresses (issue 18). Generous for real use:
 * a KiTa's whole team is a few dozen people, typed in once.
 */
export const PERSONS_PER_FACILITY_PER_DAY = 50;

export async function createPerson(
  db: Db,
  facilityId: number,
  input: PersonInput,
  ctx: Ctx,
  opts: { limited: boolean } = { limited: true },
): Promise<Person> {
  await activeFacility(db, facilityId);
  const values = toColumns(input);
  const id = await db.transaction(async (tx) => {
    if (opts.limited) {
      // under the KiTa's lock (the booking core's and the mail budget's), so parallel requests count one after the other
      await tx.execute(sql`select pg_advisory_xact_lock(7411, ${facilityId})`);
      const [made] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(persons)
        .where(and(eq(persons.facilityId, facilityId), gt(persons.createdAt, sql`now() - interval '24 hours'`)));
      if (Number(made?.n ?? 0) >= PERSONS_PER_FACILITY_PER_DAY) throw fail('person.too_many_created');
    }
    const [row] = await tx
      .insert(persons)
      .values({ ...values, facilityId, updatedBy: ctx.actorUserId })
      .returning();
    await audit(tx, { ...ctx, action: 'person.create', entityType: 'person', entityId: row!.id, after: { facilityId, ...editable(row!) } });
    return row!.id;
  });
  return getPerson(db, facilityId, id);
}

export async function updatePerson(
  db: Db,
  facilityId: number,
  personId: number,
  input: PersonUpdate,
  ctx: Ctx,
  opts: { includeRemoved?: boolean } = {},
): Promise<Person> {
  const { version, ...rest } = input;
  const values = toColumns(rest);
  await db.transaction((tx) =>
    versionedUpdate(tx, {
      table: persons,
      id: personId,
      version,
      load: (t) => personOfFacility(t, facilityId, personId, opts),
      values,
      editable,
      audit: { action: 'person.update', entityType: 'person' },
      ctx,
    }),
  );
  return getPerson(db, facilityId, personId, opts);
}

/** Soft delete: the person leaves the staff list but stays the contact of past enrolments. */
export async function removePerson(db: Db, facilityId: number, personId: number, version: number | undefined, ctx: Ctx) {
  await db.transaction(async (tx) => {
    const before = await personOfFacility(tx, facilityId, personId);
    if (version !== undefined && before.version !== version) throw conflictError();
    await tx
      .update(persons)
      .set({ removedAt: new Date(), ...stamp(persons, ctx.actorUserId), inviteTokenHash: null })
      .where(eq(persons.id, personId));
    await audit(tx, { ...ctx, action: 'person.remove', entityType: 'person', entityId: personId, before: { facilityId, ...editable(before) } });
  });
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

/** Mails the person a link to register (or sign in) that links the account to this staff entry. */
export async function invitePerson(
  db: Db,
  facilityId: number,
  personId: number,
  ctx: Ctx & { actorUserId: number },
  opts: { byAdmin: boolean } = { byAdmin: false },
) {
  const facility = await activeFacility(db, facilityId);
  const person = await personOfFacility(db, facilityId, personId);
  if (!person.email) {
    throw fail('person.email_missing');
  }
  if (person.userId) throw fail('person.already_linked');
  const token = randomBytes(24).toString('base64url');
  const now = new Date();
  await db.transaction(async (tx) => {
    await tx
      .update(persons)
      .set({ inviteTokenHash: hashToken(token), invitedAt: now, inviteExpiresAt: new Date(now.getTime() + INVITE_DAYS * 86_400_000) })
      .where(eq(persons.id, personId));
    const [inviter] = await tx.select().from(users).where(eq(users.id, ctx.actorUserId));
    await sendInvitation(
      tx,
      person.email,
      {
        firstName: person.firstName,
        facilityLabel: facility.label,
        inviterName: inviter ? personName(inviter) : 'Das Team',
        path: `/registrieren?einladung=${token}`,
      },
      opts.byAdmin ? 'exempt' : { facilityId },
    );
    await audit(tx, { ...ctx, action: 'person.invite', entityType: 'person', entityId: personId, after: { email: person.email } });
  });
  return { invitedAt: iso(now), email: person.email, token };
}

/**
 * The invited account redeems the link's token (only the account with the invited address: 409 otherwise): the staff entry gets linked to the account and the account
 * becomes a member of the KiTa. The accounts module may call this right after registration as well.
 */
export async function acceptInvitation(db: Db, token: string, userId: number, ctx: Ctx) {
  return db.transaction(async (tx) => {
    const [person] = await tx
      .select()
      .from(persons)
      .where(and(eq(persons.inviteTokenHash, hashToken(token)), isNull(persons.removedAt), gt(persons.inviteExpiresAt, new Date())))
      .for('update');
    if (!person) throw fail('person.invitation_invalid');
    // the link is only as safe as the mailbox it went to: a forwarded or leaked link does not let another account in
    const account = await userQueries({ db: tx }).findById(userId);
    if (!account || account.email.trim().toLowerCase() !== person.email.trim().toLowerCase()) {
      throw fail('person.invitation_other_email');
    }
    const facility = await findActiveFacility(tx, person.facilityId);
    if (!facility) throw fail('person.invitation_invalid');
    await tx
      .update(persons)
      .set({ userId, inviteTokenHash: null, inviteExpiresAt: null, updatedAt: new Date(), version: nextVersion(persons) })
      .where(eq(persons.id, person.id));
    await addMember(tx, person.facilityId, userId);
    await audit(tx, {
      ...ctx,
      action: 'person.link_account',
      entityType: 'person',
      entityId: person.id,
      after: { userId, facilityId: person.facilityId },
    });
    return { facilityId: facility.id, facilityLabel: facility.label, personId: person.id };
  });
}
