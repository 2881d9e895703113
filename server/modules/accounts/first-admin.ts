import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../db/client';
import { audit } from '../audit/audit';
import { hashPassword } from '../auth/passwords';
import { userQueries } from '../users/users.queries';

export type FirstAdmin = { userId: number; email: string; generatedPassword: string | undefined };

/**
 * SPEC §5: ADMIN_EMAIL/ADMIN_PASSWORD create the first admin; without them, when no admin exists, one is created
 * with a generated password (stored only as a hash) that handOverFirstAdmin shows once. Answers the admin created
 * now, or null when there already was one.
 */
export async function ensureFirstAdmin(db: Db, opts: { email?: string | undefined; password?: string | undefined }): Promise<FirstAdmin | null> {
  return db.transaction(async (tx) => {
    const repo = userQueries({ db: tx });
    if (opts.email ? await repo.findByEmail(opts.email) : await repo.anyAdmin()) return null;
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
    return { userId: user.id, email, generatedPassword: generated };
  });
}

export const FIRST_ADMIN_PASSWORD_FILE = 'first-admin-password.txt';

type Log = { info: (obj: Record<string, unknown>, msg: string) => void };

/**
 * Where a generated first password goes (SPEC §10: never into the log, which is kept and shipped): on a terminal
 * (a person started the portal by hand) it is shown there once; otherwise (systemd, a container, a pipe) it is
 * written to DATA_DIR/first-admin-password.txt, readable by the portal's user only, and the log says where. The
 * log line carries the account's id, never its address.
 */
export function handOverFirstAdmin(admin: FirstAdmin | null, opts: { dataDir: string; log: Log; terminal: NodeJS.WriteStream | undefined }): void {
  if (!admin) return;
  if (!admin.generatedPassword) {
    opts.log.info({ userId: admin.userId, passwordFrom: 'ADMIN_PASSWORD' }, 'first administrator created');
    return;
  }
  const lines = [
    'Erster Administrator / first administrator of the KiTa-Portal',
    `  E-Mail:   ${admin.email}`,
    `  Passwort: ${admin.generatedPassword}`,
    'Melde dich an und ändere das Passwort. / Sign in and change the password.',
  ];
  if (opts.terminal?.isTTY) {
    opts.terminal.write(`\n${lines.join('\n')}\n\n`);
    opts.log.info({ userId: admin.userId, passwordShown: 'terminal' }, 'first administrator created: its password was shown once on the terminal');
    return;
  }
  fs.mkdirSync(opts.dataDir, { recursive: true });
  const file = path.resolve(opts.dataDir, FIRST_ADMIN_PASSWORD_FILE);
  // a file left from an earlier database goes first: `mode` applies only to a file the write creates
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, `${lines.join('\n')}\nLösche diese Datei danach. / Delete this file afterwards.\n`, { mode: 0o600, flag: 'wx' });
  opts.log.info(
    { userId: admin.userId, passwordFile: file },
    'first administrator created: its generated password is in passwordFile (readable by the portal user only); sign in, change it, delete the file',
  );
}
