import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import { openDb, type DbHandle, type OpenDbOptions } from '../db/client';
import { migrate } from '../db/migrate';
import { adminQuery, withDatabase, type TestDbTemplate } from './test-db-template';

/**
 * A fresh, migrated database: in-memory PGlite by default, or a throwaway PostgreSQL database when DATABASE_URL
 * is set (a whole database, so test files run in parallel without sharing rows). Both start as a copy of the
 * template the run's globalSetup migrated once (test-db-template.ts); without one (a test run outside the vitest
 * config) they are migrated here.
 */
export async function openTestDb(options: Pick<OpenDbOptions, 'onQuery'> = {}): Promise<DbHandle> {
  const url = process.env.DATABASE_URL;
  const template = providedTemplate();
  if (!url) {
    if (template?.driver === 'pglite') return openDb({ ...options, loadDataDir: new DumpBlob(await templateDump(template.dumpFile)) });
    const handle = await openDb(options);
    await migrate(handle);
    return handle;
  }
  const name = `kita_test_${randomBytes(6).toString('hex')}`;
  const fromTemplate = template?.driver === 'pg' ? template.templateDb : null;
  await adminQuery(url, fromTemplate ? `create database ${name} template ${fromTemplate}` : `create database ${name}`);
  const handle = await openDb({ ...options, databaseUrl: withDatabase(url, name) });
  if (!fromTemplate) await migrate(handle);
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await adminQuery(url, `drop database if exists ${name} with (force)`);
    },
  };
}

/** the template's dump, read once per worker (files of a worker share modules: vitest.config.ts, isolate: false) */
let dump: { file: string; bytes: Promise<Uint8Array> } | undefined;
function templateDump(file: string): Promise<Uint8Array> {
  if (dump?.file !== file) dump = { file, bytes: readFile(file) };
  return dump.bytes;
}

/**
 * The dump as the Blob PGlite loads (`loadDataDir`), handing over its bytes at once: Node 20's own Blob gives its 43 MB
 * back in 64 KB pieces put together again, 0.3 s of each test file's 1.1–1.6 s database start. A copy each time:
 * PGlite reads the tar into its file system, and the next file needs the template as it was.
 */
class DumpBlob extends Blob {
  readonly #bytes: Uint8Array;
  constructor(bytes: Uint8Array) {
    super([]);
    this.#bytes = bytes;
  }
  override arrayBuffer(): Promise<ArrayBuffer> {
    // a new Uint8Array copies into an ArrayBuffer of its own, exactly the dump's size (a Buffer's slice() would share
    // the memory, and a Buffer's .buffer can be larger than the Buffer)
    return Promise.resolve(new Uint8Array(this.#bytes).buffer);
  }
}

function providedTemplate(): TestDbTemplate | undefined {
  try {
    return inject('testDbTemplate');
  } catch {
    return undefined;
  }
}
