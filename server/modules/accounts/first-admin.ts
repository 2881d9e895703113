import { randomBytes } from 'node:crypto';
import type { Db } from '../../db/client';
import { audit } from '../audit/audit';
import { hashPassword } from '../auth/passwords';
import { usersRepository } from '../users/users.repository';

/**
 * SPEC §5: ADMIN_EMAIL/ADMIN_PASSWORD create the first admin; without them, when no admin exists,
 * one is created with a generated password that is printed once (it is stored only as a hash).
 */
export async function ensureFirstAdmin(
  db: Db,
  opts: { email?: string | undefined; password?: string | undefined; print: (line: string) => void },
): Promise<void> {
  await db.transaction(async (tx) => {
    const repo = usersRepository({ db: tx });
    if (opts.email ? await repo.findByEmail(opts.email) : await repo.anyAdmin()) return;
    const email = opts.email?.trim() ?? 'admin@kita-portal.local';
    const generated = opts.password ? undefined : randomBytes(12).toString('base64url');
    const user = await repo.insert({
      email,
      passwordHash: await hashPassword(opts.password ?? generated!),
      firstName: 'Admin',
      lastName: 'Portal',
      isAdmin: true,
      activatedAt: new Date(),
    });
    await audit(tx, {
      actorUserId: null,
      action: 'account.create_first_admin',
      entityType: 'user',
      entityId: user.id,
      after: { email, isAdmin: true },
    });
    opts.print(
      generated
        ? `First administrator created: ${email} / ${generated}  (shown once; change it after signing in)`
        : `First administrator created: ${email} (password from ADMIN_PASSWORD)`,
    );
  });
}
