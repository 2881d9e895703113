import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { openTestDb } from '../../testing/test-db';
import { auditLog } from '../audit/audit.table';
import { verifyPassword } from '../auth/passwords';
import { ensureFirstAdmin, FIRST_ADMIN_PASSWORD_FILE, handOverFirstAdmin } from './first-admin';
import { users } from '../users/users.table';
import type { DbHandle } from '../../db/client';

let handle: DbHandle | undefined;
const dirs: string[] = [];
afterEach(async () => {
  await handle?.close();
  handle = undefined;
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

const logged: { obj: Record<string, unknown>; msg: string }[] = [];
const log = { info: (obj: Record<string, unknown>, msg: string) => logged.push({ obj, msg }) };
const tempDir = () => {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'kita-first-admin-'));
  dirs.push(d);
  return d;
};

describe('first admin at startup', () => {
  it('given no admin and no ADMIN_EMAIL and no terminal, creates one once, writes its password to an owner-only file and logs only where', async () => {
    handle = await openTestDb();
    const dataDir = tempDir();
    logged.length = 0;
    const first = await ensureFirstAdmin(handle.db, {});
    handOverFirstAdmin(first, { dataDir, log, terminal: undefined });
    expect(await ensureFirstAdmin(handle.db, {})).toBeNull();
    const file = path.join(dataDir, FIRST_ADMIN_PASSWORD_FILE);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    const [, password] = /Passwort: (\S+)/.exec(fs.readFileSync(file, 'utf8')) ?? [];
    expect(fs.readFileSync(file, 'utf8')).toContain('admin@kita-portal.local');
    const admins = await handle.db.select().from(users).where(eq(users.isAdmin, true));
    expect(admins).toHaveLength(1);
    expect(admins[0]!.activatedAt).not.toBeNull();
    expect(await verifyPassword(admins[0]!.passwordHash, password!)).toBe(true);
    expect(logged).toEqual([{ obj: { userId: admins[0]!.id, passwordFile: file }, msg: expect.stringContaining('first administrator created') }]);
    expect(JSON.stringify(logged)).not.toContain(password!);
    expect(JSON.stringify(logged)).not.toContain('admin@kita-portal.local');
    const entries = await handle.db.select().from(auditLog).where(eq(auditLog.action, 'account.create_first_admin'));
    expect(entries).toHaveLength(1);
    expect(JSON.stringify(entries[0]!.after)).not.toContain(password!);
  });

  it('given a terminal, shows the generated password there once and writes no file', async () => {
    handle = await openTestDb();
    const dataDir = tempDir();
    logged.length = 0;
    let shown = '';
    const terminal = { isTTY: true, write: (s: string) => (shown += s) } as unknown as NodeJS.WriteStream;
    handOverFirstAdmin(await ensureFirstAdmin(handle.db, {}), { dataDir, log, terminal });
    expect(shown).toMatch(/Passwort: \S+/);
    expect(fs.existsSync(path.join(dataDir, FIRST_ADMIN_PASSWORD_FILE))).toBe(false);
    expect(logged[0]!.obj).toMatchObject({ passwordShown: 'terminal' });
  });

  it('given ADMIN_EMAIL and ADMIN_PASSWORD, creates that admin once and shows no password anywhere', async () => {
    handle = await openTestDb();
    const dataDir = tempDir();
    logged.length = 0;
    let shown = '';
    const terminal = { isTTY: true, write: (s: string) => (shown += s) } as unknown as NodeJS.WriteStream;
    const opts = { email: 'chefin@verband.example', password: 'Sehr-Geheim-2026' };
    handOverFirstAdmin(await ensureFirstAdmin(handle.db, opts), { dataDir, log, terminal });
    handOverFirstAdmin(await ensureFirstAdmin(handle.db, opts), { dataDir, log, terminal });
    const rows = await handle.db.select().from(users);
    expect(rows.map((r) => [r.email, r.isAdmin])).toEqual([['chefin@verband.example', true]]);
    expect(shown).toBe('');
    expect(fs.readdirSync(dataDir)).toEqual([]);
    expect(logged).toEqual([{ obj: { userId: rows[0]!.id, passwordFrom: 'ADMIN_PASSWORD' }, msg: 'first administrator created' }]);
  });
});
