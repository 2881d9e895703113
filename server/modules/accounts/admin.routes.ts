import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import {
  adminCreateUserRequestSchema,
  adminSetAdminRequestSchema,
  adminUserParamsSchema,
  adminUserSchema,
  endSessionsResponseSchema,
  messageResponseSchema,
  privacyPolicyResponseSchema,
  publishPrivacyPolicyRequestSchema,
} from '../../../src/shared/contracts/accounts';
import { errorBodySchema, errorResponses } from '../../../src/shared/contracts/errors';
import { sqlState, type DbOrTx } from '../../db/client';
import { httpError, messages } from '../../lib/http-error';
import { audit, auditContext } from '../audit/audit';
import { facilities, facilityMembers } from '../facilities/facilities.table';
import { enqueueMail, kickMailWorkers } from '../mail/outbox';
import { usersRepository } from '../users/users.repository';
import { privacyPolicyVersions, users, type UserRow } from '../users/users.table';
import { activationMail } from './accounts.mail';
import { hasPassword } from './registration.service';
import { issueToken, tokenPaths } from './tokens';
import { totpEnabled } from './totp';
import { userSessions } from '../auth/user-sessions';

export const adminMessages = {
  emailTaken: 'Zu dieser E-Mail-Adresse gibt es schon ein Benutzerkonto.',
  alreadyActive: 'Dieses Benutzerkonto ist schon aktiviert.',
  deactivated: 'Dieses Benutzerkonto ist deaktiviert. Aktiviere es zuerst wieder.',
  notSelf: 'Das kannst du nicht für dein eigenes Konto tun.',
  lastAdmin: 'Es muss mindestens eine Administratorin bzw. ein Administrator bleiben.',
  activationSent: 'Der Aktivierungslink ist unterwegs.',
  policyExists: 'Diese Version wurde schon veröffentlicht.',
  personNotFound: 'Diese Person gibt es nicht.',
  facilityNotFound: 'Diese KiTa gibt es nicht.',
};

const errors = errorResponses(400, 404, 409);

async function adminUserView(db: DbOrTx, user: UserRow) {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    isAdmin: user.isAdmin,
    activatedAt: user.activatedAt?.toISOString() ?? null,
    deactivatedAt: user.deactivatedAt?.toISOString() ?? null,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    createdAt: user.createdAt.toISOString(),
    totpEnabled: await totpEnabled(db, user.id),
    activeSessions: await userSessions(db).countLive(user.id),
  };
}

async function findUser(db: DbOrTx, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw httpError(404, 'not_found', messages.notFound);
  return row;
}

async function otherActiveAdmins(db: DbOrTx, id: number) {
  const rows = await db.select({ id: users.id }).from(users).where(and(eq(users.isAdmin, true), isNull(users.deactivatedAt), ne(users.id, id))).limit(1);
  return rows.length;
}

/** Admin account calls (issue 4); every write is audit-logged in its own transaction. */
export async function accountAdminRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['admin-users'];
  const ctx = (request: FastifyRequest) => auditContext(request);

  r.get('/api/admin/users/:userId', {
    config: { access: 'admin' },
    schema: { tags, params: adminUserParamsSchema, response: { 200: adminUserSchema, 404: errorBodySchema } },
    handler: async (request) => adminUserView(app.db, await findUser(app.db, request.params.userId)),
  });

  r.post('/api/admin/users', {
    config: { access: 'admin' },
    schema: { tags, body: adminCreateUserRequestSchema, response: { 201: adminUserSchema, ...errors } },
    handler: async (request, reply) => {
      const input = request.body;
      try {
        const created = await app.db.transaction(async (tx) => {
          if (await usersRepository({ db: tx }).findByEmail(input.email)) throw httpError(409, 'email_taken', adminMessages.emailTaken, { email: adminMessages.emailTaken });
          // no password yet: the invitation's activation link asks for one
          const user = await usersRepository({ db: tx }).insert({ email: input.email, passwordHash: '', firstName: input.firstName, lastName: input.lastName, isAdmin: input.isAdmin });
          if (input.facilityId !== undefined) {
            const [f] = await tx.select({ id: facilities.id }).from(facilities).where(eq(facilities.id, input.facilityId));
            if (!f) throw httpError(404, 'not_found', adminMessages.facilityNotFound, { facilityId: adminMessages.facilityNotFound });
            await tx.insert(facilityMembers).values({ facilityId: f.id, userId: user.id });
          }
          if (input.personId !== undefined) {
            // persons belong to the KiTa module; linked by id so this module does not depend on its code
            const res = (await tx.execute(sql`update persons set user_id = ${user.id} where id = ${input.personId} and user_id is null returning id`)) as unknown as { rows: unknown[] };
            if (res.rows.length === 0) throw httpError(404, 'not_found', adminMessages.personNotFound, { personId: adminMessages.personNotFound });
          }
          const token = await issueToken(tx, 'activation', user.id);
          await enqueueMail(tx, { to: user.email, template: activationMail, data: { firstName: user.firstName, path: tokenPaths.activation(token), invited: true } });
          await audit(tx, { ...ctx(request), action: 'admin_create_user', entityType: 'user', entityId: user.id, after: { email: user.email, isAdmin: user.isAdmin, personId: input.personId ?? null, facilityId: input.facilityId ?? null } });
          return user;
        });
        kickMailWorkers();
        return reply.status(201).send(await adminUserView(app.db, created));
      } catch (err) {
        if (sqlState(err) === '23505') throw httpError(409, 'email_taken', adminMessages.emailTaken, { email: adminMessages.emailTaken });
        throw err;
      }
    },
  });

  r.post('/api/admin/users/:userId/activation/resend', {
    config: { access: 'admin' },
    schema: { tags, params: adminUserParamsSchema, response: { 200: messageResponseSchema, ...errors } },
    handler: async (request) => {
      await app.db.transaction(async (tx) => {
        const user = await findUser(tx, request.params.userId);
        if (user.activatedAt) throw httpError(409, 'already_active', adminMessages.alreadyActive);
        if (user.deactivatedAt) throw httpError(409, 'account_deactivated', adminMessages.deactivated);
        const token = await issueToken(tx, 'activation', user.id);
        await enqueueMail(tx, { to: user.email, template: activationMail, data: { firstName: user.firstName, path: tokenPaths.activation(token), invited: !hasPassword(user) } });
        await audit(tx, { ...ctx(request), action: 'admin_resend_activation', entityType: 'user', entityId: user.id });
      });
      kickMailWorkers();
      return { msg: adminMessages.activationSent };
    },
  });

  r.post('/api/admin/users/:userId/deactivate', {
    config: { access: 'admin' },
    schema: { tags, params: adminUserParamsSchema, response: { 200: adminUserSchema, ...errors } },
    handler: async (request) => {
      const updated = await app.db.transaction(async (tx) => {
        const user = await findUser(tx, request.params.userId);
        if (user.id === request.user!.id) throw httpError(409, 'not_self', adminMessages.notSelf);
        const [row] = await tx.update(users).set({ deactivatedAt: user.deactivatedAt ?? new Date() }).where(eq(users.id, user.id)).returning();
        const ended = await userSessions(tx).endAll(user.id);
        await audit(tx, { ...ctx(request), action: 'admin_deactivate_user', entityType: 'user', entityId: user.id, after: { endedSessions: ended } });
        return row!;
      });
      return adminUserView(app.db, updated);
    },
  });

  r.post('/api/admin/users/:userId/reactivate', {
    config: { access: 'admin' },
    schema: { tags, params: adminUserParamsSchema, response: { 200: adminUserSchema, ...errors } },
    handler: async (request) => {
      const updated = await app.db.transaction(async (tx) => {
        const user = await findUser(tx, request.params.userId);
        const [row] = await tx.update(users).set({ deactivatedAt: null }).where(eq(users.id, user.id)).returning();
        // sessions of a deactivated account were ended; none may come back to life
        await userSessions(tx).endAll(user.id);
        await audit(tx, { ...ctx(request), action: 'admin_reactivate_user', entityType: 'user', entityId: user.id });
        return row!;
      });
      return adminUserView(app.db, updated);
    },
  });

  r.post('/api/admin/users/:userId/sessions/end', {
    config: { access: 'admin' },
    schema: { tags, params: adminUserParamsSchema, response: { 200: endSessionsResponseSchema, ...errors } },
    handler: async (request) => {
      const ended = await app.db.transaction(async (tx) => {
        const user = await findUser(tx, request.params.userId);
        const n = await userSessions(tx).endAll(user.id, user.id === request.user!.id ? request.session?.id : undefined);
        await audit(tx, { ...ctx(request), action: 'admin_end_sessions', entityType: 'user', entityId: user.id, after: { ended: n } });
        return n;
      });
      return { ended, msg: ended === 1 ? 'Eine Anmeldung wurde beendet.' : `${ended} Anmeldungen wurden beendet.` };
    },
  });

  r.put('/api/admin/users/:userId/admin', {
    config: { access: 'admin' },
    schema: { tags, params: adminUserParamsSchema, body: adminSetAdminRequestSchema, response: { 200: adminUserSchema, ...errors } },
    handler: async (request) => {
      const updated = await app.db.transaction(async (tx) => {
        const user = await findUser(tx, request.params.userId);
        if (!request.body.isAdmin && user.isAdmin && (await otherActiveAdmins(tx, user.id)) === 0) {
          throw httpError(409, 'last_admin', adminMessages.lastAdmin);
        }
        const [row] = await tx.update(users).set({ isAdmin: request.body.isAdmin }).where(eq(users.id, user.id)).returning();
        await audit(tx, { ...ctx(request), action: request.body.isAdmin ? 'admin_grant_admin' : 'admin_revoke_admin', entityType: 'user', entityId: user.id, before: { isAdmin: user.isAdmin }, after: { isAdmin: request.body.isAdmin } });
        return row!;
      });
      return adminUserView(app.db, updated);
    },
  });

  r.post('/api/admin/privacy-policy', {
    config: { access: 'admin' },
    schema: { tags, body: publishPrivacyPolicyRequestSchema, response: { 201: privacyPolicyResponseSchema, ...errors } },
    handler: async (request, reply) => {
      try {
        const row = await app.db.transaction(async (tx) => {
          const [inserted] = await tx.insert(privacyPolicyVersions).values({ version: request.body.version }).returning();
          await audit(tx, { ...ctx(request), action: 'publish_privacy_policy', entityType: 'privacy_policy', entityId: inserted!.id, after: { version: inserted!.version } });
          return inserted!;
        });
        return reply.status(201).send({ version: row.version, publishedAt: row.publishedAt.toISOString() });
      } catch (err) {
        if (sqlState(err) === '23505') throw httpError(409, 'policy_exists', adminMessages.policyExists, { version: adminMessages.policyExists });
        throw err;
      }
    },
  });
}
