import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { cruise, type ICruiseResult, type IForbiddenRuleType } from 'dependency-cruiser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkModuleSql } from '../scripts/check-module-sql.mjs';

// The boundary rules of `npm run lint:deps` (.dependency-cruiser.cjs, scripts/check-module-sql.mjs), run on a
// tiny tree shaped like ours: each broken rule is reported, so the lint really fails on it.
const config = createRequire(import.meta.url)('../.dependency-cruiser.cjs') as { forbidden: IForbiddenRuleType[] };

const fixture: Record<string, string> = {
  // client: a feature importing another feature, and one importing the composition root
  'src/features/staff/staff-list.ts': "import { login } from '../auth/login';\nexport const list = login;\n",
  'src/features/staff/dates.ts': "import { theme } from '../../app/theme';\nexport const t = theme;\n",
  'src/features/auth/login.ts': "import { api } from '../../lib/api';\nexport const login = api;\n",
  'src/lib/api.ts': 'export const api = 1;\n',
  'src/app/theme.ts': 'export const theme = 1;\n',
  // server: a module cycle through different files (users → auth → users), no file cycle
  'server/modules/users/first-admin.ts': "import { hash } from '../auth/passwords';\nexport const admin = hash;\n",
  'server/modules/auth/passwords.ts': 'export const hash = 1;\n',
  'server/modules/auth/login.ts': "import { findUser } from '../users/users.queries';\nexport const login = findUser;\n",
  'server/modules/users/users.queries.ts': "import { users } from './users.table';\nexport const findUser = users;\n",
  'server/modules/users/users.table.ts': "export const users = pgTable('users', {});\ndeclare function pgTable(n: string, c: object): unknown;\n",
  // server: a file cycle inside one module
  'server/modules/persons/a.ts': "import { b } from './b';\nexport const a = b;\n",
  'server/modules/persons/b.ts': "import { a } from './a';\nexport const b = () => a;\n",
  // server: another module's table imported, written and named in raw SQL
  'server/modules/persons/persons.table.ts':
    "export const persons = pgTable('persons', {});\ndeclare function pgTable(n: string, c: object): unknown;\n",
  'server/modules/facilities/members.ts':
    "import { persons } from '../persons/persons.table';\n" +
    'declare const db: { update(t: unknown): unknown; execute(q: unknown): unknown };\n' +
    'declare function sql(s: TemplateStringsArray): unknown;\n' +
    'export const touch = () => db.update(persons);\n' +
    'export const raw = () => db.execute(sql`update persons set user_id = null`);\n',
  'server/modules/persons/bump.ts':
    'export const bump = (tx) => tx.update(persons).set({ name: "x", version: sql`${persons.version} + 1` });\n' +
    'export const copy = (tx, row) => tx.update(persons).set({ version: row.version + 1 });\n',
  // the autosave's file may count the form's version in its SQL; the rest of the form's service may not
  'server/modules/documentation/form-autosave.ts': 'export const save = (tx, locked) => ({ version: locked.version + 1 });\n',
  'server/modules/documentation/form.service.ts': 'export const submit = (tx, locked) => ({ state: "submitted", version: locked.version + 1 });\n',
  // a repository file: the tree has query files instead (docs/data-access.md)
  'server/modules/persons/persons.repository.ts': 'export const personQueries = 1;\n',
  // database functions: one the module map does not list; one a later migration drops is history, not a finding
  'server/db/migrations/0001_functions.sql':
    'CREATE OR REPLACE FUNCTION rogue_writer(p jsonb) RETURNS void LANGUAGE sql AS $$ delete from persons $$;\n' +
    'CREATE OR REPLACE FUNCTION old_shortcut(p jsonb) RETURNS jsonb LANGUAGE sql AS $$ select p $$;\n',
  'server/db/migrations/0002_drop.sql': 'DROP FUNCTION IF EXISTS old_shortcut(jsonb);\n',
};

let root: string;
let result: ICruiseResult;

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'boundaries-'));
  for (const [file, text] of Object.entries(fixture)) {
    mkdirSync(dirname(join(root, file)), { recursive: true });
    writeFileSync(join(root, file), text);
  }
  const previous = process.cwd();
  process.chdir(root); // dependency-cruiser reports paths relative to the working directory
  try {
    const out = await cruise(['src', 'server'], {
      baseDir: root,
      ruleSet: { forbidden: config.forbidden },
      validate: true,
      tsPreCompilationDeps: true,
    });
    result = out.output as ICruiseResult;
  } finally {
    process.chdir(previous);
  }
});

afterAll(() => rmSync(root, { recursive: true, force: true }));

const violations = () => result.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);

describe('module boundaries (npm run lint:deps)', () => {
  it('given a feature importing another feature or src/app, the lint fails', () => {
    expect(violations()).toContain('feature-isolation: src/features/staff/staff-list.ts → src/features/auth/login.ts');
    expect(violations()).toContain('feature-isolation: src/features/staff/dates.ts → src/app/theme.ts');
    // the allowed direction passes
    expect(violations().filter((v) => v.startsWith('feature-isolation: src/features/auth/'))).toEqual([]);
  });

  it('given a module cycle (users → auth → users), the lint fails on the import against the module order', () => {
    expect(violations()).toContain('server-module-order: server/modules/users/first-admin.ts → server/modules/auth/passwords.ts');
    expect(violations().filter((v) => v.includes('server/modules/auth/login.ts'))).toEqual([]);
  });

  it('given an import cycle between files, the lint fails', () => {
    expect(violations().filter((v) => v.startsWith('no-circular:'))).toEqual(
      expect.arrayContaining(['no-circular: server/modules/persons/a.ts → server/modules/persons/b.ts']),
    );
  });

  it("given a module importing, writing or naming in raw SQL another module's table, counting a version up by hand, creating a database function outside the module map, or holding a repository file, the lint fails", () => {
    expect(violations()).toContain('no-foreign-table: server/modules/facilities/members.ts → server/modules/persons/persons.table.ts');
    expect(checkModuleSql(root)).toEqual([
      "server/modules/facilities/members.ts: writes persons's table persons; call persons's service or query file",
      "server/modules/facilities/members.ts: raw SQL names persons's table persons; call persons's service or query file",
      'server/modules/documentation/form.service.ts:1: version counted up by hand; use versionedUpdate(), stamp() or nextVersion() (server/lib/versioned-update.ts)',
      'server/modules/persons/bump.ts:1: version counted up by hand; use versionedUpdate(), stamp() or nextVersion() (server/lib/versioned-update.ts)',
      'server/modules/persons/bump.ts:2: version counted up by hand; use versionedUpdate(), stamp() or nextVersion() (server/lib/versioned-update.ts)',
      'server/db/migrations/0001_functions.sql: creates the database function rogue_writer, which scripts/module-boundaries.cjs does not list',
      "server/modules/persons/persons.repository.ts: no repositories and no *.query.ts; a module's shared reads live in <topic>.queries.ts (docs/data-access.md)",
    ]);
  });
});
