import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { memoryFileStorage } from '../testing/memory-file-storage';
import { openTestDb } from '../testing/test-db';
import { buildTestApp, TEST_TOTP_KEY } from '../testing/test-app';

describe('file-storage plugin', () => {
  it('given a storage passed to buildTestApp, app.fileStorage is that storage', async () => {
    const storage = memoryFileStorage();
    const t = await buildTestApp({ fileStorage: storage });
    try {
      expect(t.app.fileStorage).toBe(storage);
      await t.app.fileStorage.put('documentation/1/a', Buffer.from('hallo'), { contentType: 'text/plain', size: 5 });
      expect(storage.files.get('documentation/1/a')?.body.toString()).toBe('hallo');
    } finally {
      await t.close();
    }
  });

  it('given no storage and FILE_STORAGE unset, files go to DATA_DIR/uploads', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'file-storage-plugin-'));
    const handle = await openTestDb();
    const app = await buildApp({
      config: loadConfig({ DATA_DIR: dataDir, TOTP_KEY: TEST_TOTP_KEY }),
      db: handle.db,
      distDir: '/nonexistent-dist',
      mail: { start: false },
    });
    try {
      await app.ready();
      await app.fileStorage.put('documentation/7/b', Buffer.from('Grüße'), { contentType: 'text/plain', size: Buffer.byteLength('Grüße') });
      expect(await fs.readFile(path.join(dataDir, 'uploads', 'documentation', '7', 'b'), 'utf8')).toBe('Grüße');
      expect(await text((await app.fileStorage.get('documentation/7/b'))!)).toBe('Grüße');
    } finally {
      await app.close();
      await handle.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    }
  });
});
