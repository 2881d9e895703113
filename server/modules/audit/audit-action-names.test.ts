import { readdirSync, readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditActions } from '../../../src/shared/contracts/audit-actions';
import { buildTestApp } from '../../testing/test-app';
import { createTestWorld } from '../../testing/test-world';
import { auditLog } from './audit.table';

// found by name, so renumbering the migration at merge time does not break this test
const dir = new URL('../../db/migrations/', import.meta.url);
const file = readdirSync(dir).find((f) => f.endsWith('_audit-action-names.sql'));
const migration = readFileSync(new URL(file!, dir), 'utf8');

const t = createTestWorld(() => buildTestApp());

describe('the audit-action rename migration', () => {
  it('given rows stored under the names before the naming rule, the migration renames each to its catalogue entry and leaves others alone', async () => {
    const legacy = [
      'login',
      'logout',
      'admin_deactivate_user',
      'facility.member.remove',
      'facility.join_request.approve',
      'export_own_data',
      'totp_recovery_code_used',
    ];
    await t.handle.db.insert(auditLog).values([...legacy, 'facility.update'].map((action) => ({ action, entityType: 'user', entityId: '1' })));
    await t.handle.db.execute(sql.raw(migration));
    const rows = await t.handle.db.select({ action: auditLog.action }).from(auditLog);
    expect(rows.map((r) => r.action).sort()).toEqual(
      [
        'session.start',
        'session.end',
        'account.deactivate',
        'facility.remove_member',
        'join_request.approve',
        'account.export_data',
        'account.use_recovery_code',
        'facility.update',
      ].sort(),
    );
    // every name the migration writes is in the catalogue
    const written = [...migration.matchAll(/\('[^']+', '([^']+)'\)/g)].map((m) => m[1]);
    expect(written.length).toBe(30);
    for (const name of written) expect(auditActions).toContain(name);
  });
});
