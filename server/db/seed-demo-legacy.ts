import { stat } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { and, eq } from 'drizzle-orm';
import { legacyImports } from '../modules/legacy-imports/legacy-imports.table';
import { commitImport, uploadLegacyFile } from '../modules/legacy-imports/legacy-imports.service';
import { users } from '../modules/users/users.table';
import type { Db } from './client';

/**
 * SPEC §7: one committed legacy import of 2019-20 to 2024-25 enrolments and awards with two rows in error (an
 * impossible date, a postal code of four digits). The file is what German Excel saves: Windows-1252, `;`, CRLF. It goes
 * through the import itself (the parse thread, matching, commit), so the demo shows what an admin's upload would.
 * Idempotent: a committed import of this file name is left as it is.
 */
const demoFile = fileURLToPath(new URL('./fixtures/alte-daten-2019-2025.csv', import.meta.url));
export const demoLegacyFileName = 'alte-daten-2019-2025.csv';

export async function seedDemoLegacyImport(db: Db, adminEmail: string): Promise<void> {
  const done = await db
    .select({ id: legacyImports.id })
    .from(legacyImports)
    .where(and(eq(legacyImports.fileName, demoLegacyFileName), eq(legacyImports.state, 'committed')))
    .limit(1);
  if (done.length > 0) return;
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.email, adminEmail)).limit(1);
  if (!admin) return;
  const ctx = { actorUserId: admin.id, requestId: null, ip: null };
  const imp = await uploadLegacyFile(db, { path: demoFile, size: (await stat(demoFile)).size }, demoLegacyFileName, ctx);
  await commitImport(db, imp.id, ctx);
}
