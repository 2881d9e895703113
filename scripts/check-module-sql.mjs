#!/usr/bin/env node
// What dependency-cruiser cannot see (it checks imports): which module's code WRITES a table (drizzle's
// insert/update/delete) and which names a table in raw SQL. A module writes only its own tables, and its raw
// SQL names only its own tables (plus the shared read tables), apart from the allowances in
// scripts/module-boundaries.cjs. Exit code 1 and one line per finding otherwise. `npm run lint:deps` runs it.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import boundaries from './module-boundaries.cjs';

const { readModelModules, readModelFiles, sharedReadTables, writeAllowances, knownExceptions, databaseFunctions } = boundaries;

/** Finds the violations under `root` (the repository, or a test fixture shaped like it). */
export function checkModuleSql(root) {
  const modulesDir = join(root, 'server/modules');
  const files = [];
  for (const mod of readdirSync(modulesDir)) {
    for (const f of readdirSync(join(modulesDir, mod))) if (f.endsWith('.ts')) files.push({ mod, path: join(modulesDir, mod, f) });
  }
  // every table: its TypeScript name, SQL name and owner
  const tables = [];
  for (const { mod, path } of files.filter((f) => f.path.endsWith('.table.ts'))) {
    for (const m of readFileSync(path, 'utf8').matchAll(/export const (\w+) = pgTable\(\s*'([^']+)'/g)) {
      tables.push({ variable: m[1], sqlName: m[2], owner: mod, file: relative(root, path) });
    }
  }
  const sharedSql = new Set(tables.filter((t) => sharedReadTables.includes(t.file)).map((t) => t.sqlName));
  const findings = [];
  for (const { mod, path } of files) {
    const file = relative(root, path);
    if (/\.test\.ts$|\.table\.ts$|test-helpers\.ts$/.test(file)) continue;
    const known = new Set([...knownExceptions, ...readModelFiles].filter((e) => e.file === file).flatMap((e) => e.tables));
    const source = readFileSync(path, 'utf8');
    for (const t of tables) {
      if (t.owner === mod || known.has(t.sqlName)) continue;
      const allowedWrite = writeAllowances.some((a) => a.module === mod && a.table === t.sqlName);
      const write = new RegExp(`\\.(insert|update|delete)\\(\\s*${t.variable}\\s*\\)`);
      if (!allowedWrite && write.test(source))
        findings.push(`${file}: writes ${t.owner}'s table ${t.sqlName}; call ${t.owner}'s service or query file`);
      // raw SQL: the table's SQL name after a keyword inside a sql`…` template or string
      if (readModelModules.includes(mod) || sharedSql.has(t.sqlName)) continue;
      const raw = new RegExp(`\\b(from|join|into|update|table)\\s+"?${t.sqlName}"?\\b`, 'i');
      for (const m of source.matchAll(/sql(?:<[^>`]*>)?`[^`]*`|sql\.raw\(\s*['"][^'"]*['"]/g)) {
        if (raw.test(m[0])) {
          findings.push(`${file}: raw SQL names ${t.owner}'s table ${t.sqlName}; call ${t.owner}'s service or query file`);
          break;
        }
      }
    }
  }
  return [...findings, ...checkVersionWrites(root, files), ...checkDatabaseFunctions(root), ...checkFileKinds(root, files)];
}

/**
 * One way to reach the tables (docs/data-access.md, docs/decisions/0038-data-access.md): services, query files
 * (`*.queries.ts`) and list definitions (`*.list.ts`); no repository layer and no second name for a query file.
 */
function checkFileKinds(root, files) {
  return files
    .map(({ path }) => relative(root, path))
    .filter((file) => /\.(repository|query)\.ts$/.test(file))
    .map((file) => `${file}: no repositories and no *.query.ts; a module's shared reads live in <topic>.queries.ts (docs/data-access.md)`);
}

/**
 * One way to write a versioned row (docs/decisions/0022-catalogues-and-casing.md): an editor's change goes through
 * versionedUpdate(), any other write takes stamp()/nextVersion() (server/lib/versioned-update.ts). A version counted up by
 * hand (`version: sql`${t.version} + 1``, `version: row.version + 1`, `version = version + 1` in SQL) is refused
 * outside the files allowed below, each with its reason.
 */
const versionWriteAllowances = {
  'server/modules/documentation/form-autosave.ts':
    "the autosave's one-statement save counts the form's and each answer's version in its own SQL (docs/decisions/0023-documentation-autosave.md)",
};
const handWrittenVersion = /\bversion\s*[:=]\s*(?:sql`\$\{[\w.]+\.version\}\s*\+\s*1|[\w.]*\bversion\s*\+\s*1)/;

function checkVersionWrites(root, files) {
  const findings = [];
  for (const { path } of files) {
    const file = relative(root, path);
    if (/\.test\.ts$|test-helpers\.ts$/.test(file) || versionWriteAllowances[file]) continue;
    const lines = readFileSync(path, 'utf8').split('\n');
    lines.forEach((line, i) => {
      if (handWrittenVersion.test(line))
        findings.push(
          `${file}:${i + 1}: version counted up by hand; use versionedUpdate(), stamp() or nextVersion() (server/lib/versioned-update.ts)`,
        );
    });
  }
  return findings;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const findings = checkModuleSql(process.cwd());
  for (const f of findings) console.error(`  error module-sql: ${f}`);
  console.log(findings.length ? `\nx ${findings.length} module SQL violations` : '✔ module SQL: every module writes only its own tables');
  process.exit(findings.length ? 1 : 0);
}

/**
 * Functions the migrations (server/db/migrations/*.sql, in order) leave in the database — created and not dropped by a
 * later one: each listed in `databaseFunctions` with its owner module and an existing pin test. None is listed today
 * (issue 36: a booking's rules live in TypeScript once, docs/decisions/0043-one-booking-two-round-trips.md).
 */
function checkDatabaseFunctions(root) {
  const dir = join(root, 'server/db/migrations');
  const findings = [];
  const listed = new Map(databaseFunctions.map((d) => [d.name, d]));
  /** each live function and the migration that created it */
  const live = new Map();
  if (existsSync(dir)) {
    for (const f of readdirSync(dir)
      .filter((n) => n.endsWith('.sql'))
      .sort()) {
      for (const m of readFileSync(join(dir, f), 'utf8').matchAll(
        /(create\s+(?:or\s+replace\s+)?|drop\s+)(?:function|procedure)\s+(?:if\s+exists\s+)?(?:"?public"?\.)?"?(\w+)"?/gi,
      )) {
        const name = m[2].toLowerCase();
        if (/^drop/i.test(m[1])) live.delete(name);
        else live.set(name, f);
      }
    }
  }
  for (const [name, f] of live) {
    const entry = listed.get(name);
    if (!entry) findings.push(`server/db/migrations/${f}: creates the database function ${name}, which scripts/module-boundaries.cjs does not list`);
    else if (!existsSync(join(root, entry.pinTest))) findings.push(`server/db/migrations/${f}: ${name}'s pin test ${entry.pinTest} does not exist`);
  }
  return findings;
}
