import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDb, type DbHandle } from '../db/client';
import { migrate } from '../db/migrate';

/**
 * A fresh, migrated database: in-memory PGlite by default, or a throwaway PostgreSQL database
 * when DATABASE_URL is set (a whole database, so test files run in parallel without sharing rows).
 */
export async function openTestDb(): Promise<DbHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const handle = await openDb({});
    await migrate(handle);
    return handle;
  }
  const name = `kita_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const testUrl = new URL(url);
  testUrl.pathname = `/${name}`;
  const handle = await openDb({ databaseUrl: testUrl.toString() });
  await migrate(handle);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      const dropper = new pg.Client({ connectionString: url });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}
