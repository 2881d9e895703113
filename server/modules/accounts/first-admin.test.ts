import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDb } from '../../testing/test-db';
import { auditLog } from '../audit/audit.table';
import { verifyPassword } from '../auth/passwords';
import { ensureFirstAdmin } from './first-admin';
import { users } from '../users/users.table';
import type { DbHandle } from '../../db/client';

let handle: DbHandle | undefined;
afterEach(async () => {
  await handle?.close();
  handle = undefined;
});

describe('first admin at startup', () => {
  it('given no admin and no ADMIN_EMAIL, creates one with a generated password printed once, audit-logged', async () => {
    handle = await openTestDb();
    const printed: string[] = [];
    await ensureFirstAdmin(handle.db, { print: (l) => printed.push(l) });
    await ensureFirstAdmin(handle.db, { print: (l) => printed.push(l) });
    expect(printed).toHaveLength(1);
    const [, password] = /admin@kita-portal\.local \/ (\S+)/.exec(printed[0]!) ?? [];
    const admins = await handle.db.select().from(users).where(eq(users.isAdmin, true));
    expect(admins).toHaveLength(1);
    expect(admins[0]!.activatedAt).not.toBeNull();
    expect(await verifyPassword(admins[0]!.passwordHash, password!)).toBe(true);
    const entries = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'account.create_first_admin'));
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries[0]!.after)).not.toContain(password!);
  });

  it('given ADMIN_EMAIL and ADMIN_PASSWORD, creates that admin once and prints no password', async () => {
    handle = await openTestDb();
    const printed: string[] = [];
    const opts = { email: 'chefin@verband.example', password: 'Sehr-Geheim-2026', print: (l: string) => printed.push(l) };
    await ensureFirstAdmin(handle.db, opts);
    await ensureFirstAdmin(handle.db, opts);
    const rows = await handle.db.select().from(users);
    expect(rows.map((r) => [r.email, r.isAdmin])).toEqual([['chefin@verband.example', true]]);
    expect(printed.join('\n')).not.toContain('Sehr-Geheim-2026');
  });
});
