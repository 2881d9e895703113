import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { openDb } from '../db/client';
import { migrate } from '../db/migrate';

/**
 * What a test run migrates ONCE (vitest globalSetup): every test file then starts from a copy instead of running
 * every migration again. PGlite: a dump of a migrated in-memory database, loaded with `loadDataDir` (this also skips
 * PGlite's initdb, the larger part of the cost). PostgreSQL: a migrated database used as `CREATE DATABASE … TEMPLATE`.
 */
export type TestDbTemplate = { driver: 'pglite'; dumpFile: string } | { driver: 'pg'; templateDb: string };

export async function createTestDbTemplate(databaseUrl: string | undefined): Promise<{ template: TestDbTemplate; remove: () => Promise<void> }> {
  if (!databaseUrl) {
    const handle = await openDb({});
    try {
      await migrate(handle);
      const client = (handle.db as unknown as { $client: PGlite }).$client;
      // uncompressed: loading a 40 MB tar is faster than gunzipping 5 MB, and it lives only for the run
      const dump = await client.dumpDataDir('none');
      const dumpFile = path.join(tmpdir(), `kita-test-template-${process.pid}-${randomBytes(4).toString('hex')}.tar`);
      writeFileSync(dumpFile, Buffer.from(await dump.arrayBuffer()));
      return { template: { driver: 'pglite', dumpFile }, remove: async () => rmSync(dumpFile, { force: true }) };
    } finally {
      await handle.close();
    }
  }
  const templateDb = `kita_tmpl_${randomBytes(6).toString('hex')}`;
  await adminQuery(databaseUrl, `create database ${templateDb}`);
  try {
    const handle = await openDb({ databaseUrl: withDatabase(databaseUrl, templateDb) });
    try {
      await migrate(handle);
    } finally {
      // CREATE DATABASE … TEMPLATE refuses while anyone is connected to the template
      await handle.close();
    }
  } catch (err) {
    await adminQuery(databaseUrl, `drop database if exists ${templateDb} with (force)`);
    throw err;
  }
  return {
    template: { driver: 'pg', templateDb },
    remove: () => adminQuery(databaseUrl, `drop database if exists ${templateDb} with (force)`),
  };
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

export async function adminQuery(url: string, statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}
