import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer, text } from 'node:stream/consumers';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { uploadedFileSchema } from '../../src/shared/contracts/documentation';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { s3FileStorage } from '../lib/file-storage';
import { documentationFiles } from '../modules/documentation/documentation.table';
import { inDays } from '../modules/documentation/test-helpers';
import { addMember, createFacility, createSeason, createUser, enrol } from '../testing/factories';
import { fixtureFiles } from '../testing/fixture-files';
import { loginAs } from '../testing/login-as';
import { memoryFileStorage } from '../testing/memory-file-storage';
import { parseAnswer } from '../testing/parse-answer';
import { startS3rver } from '../testing/s3rver';
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

  it('given FILE_STORAGE=s3 on two instances sharing a database and a bucket (s3rver), a photo uploaded through one is read and deleted through the other', async () => {
    const s3 = await startS3rver('kita-uploads');
    const handle = await openTestDb();
    // both configured only through the environment, as an operator does (README, FILE_STORAGE=s3)
    const a = await buildTestApp({ handle, env: s3.env });
    const b = await buildTestApp({ handle, env: s3.env });
    try {
      const db = handle.db;
      const facility = await createFacility(db, { label: 'Kinderhaus Sonnenschein', postalCode: '80802', city: 'München', region: 'Oberbayern' });
      const season = await createSeason(db, {
        identifier: '2026-27',
        label: 'KiTa-Jahr 2026/27',
        isCurrent: true,
        startDate: '2026-09-01',
        endDate: '2027-08-31',
        allowDocumentation: true,
        documentationDeadline: inDays(30),
      });
      await enrol(db, facility.id, season.id);
      const member = await createUser(db, { firstName: 'Maria', lastName: 'Mitglied' });
      await addMember(db, facility.id, member.id);
      const base = `/api/facilities/${facility.id}/documentation/files`;

      // the real JPEG through instance A's upload path (decoded, re-encoded, stored in the bucket)
      const uploaded = parseAnswer(
        uploadedFileSchema,
        await a.app.inject({
          method: 'POST',
          url: `${base}?questionKey=fotos&name=Brot%20backen.jpg`,
          headers: { cookie: await loginAs(a.app, member), 'content-type': 'application/octet-stream' },
          payload: fixtureFiles.jpeg.buffer,
        }),
        201,
      );
      expect(uploaded).toMatchObject({ contentType: 'image/jpeg', width: 40, height: 30 });
      const [row] = await db.select().from(documentationFiles).where(eq(documentationFiles.id, uploaded.id));
      // in the bucket, as s3rver keeps it, read with a client of its own
      const inBucket = await s3FileStorage(s3.options).get(row!.storageKey);
      const stored = await buffer(inBucket!);
      expect(stored.length).toBe(uploaded.size);

      // instance B, which never saw the upload, serves the same bytes
      const cookieB = await loginAs(b.app, member);
      const read = await b.app.inject({ method: 'GET', url: `${base}/${uploaded.id}`, headers: { cookie: cookieB } });
      expect(read.statusCode).toBe(200);
      expect(read.headers['content-type']).toBe('image/jpeg');
      expect(read.rawPayload.equals(stored)).toBe(true);

      // deleted through B, gone for A and from the bucket
      expect((await b.app.inject({ method: 'DELETE', url: `${base}/${uploaded.id}`, headers: { cookie: cookieB } })).statusCode).toBe(204);
      const cookieA = await loginAs(a.app, member);
      expect((await a.app.inject({ method: 'GET', url: `${base}/${uploaded.id}`, headers: { cookie: cookieA } })).statusCode).toBe(404);
      expect(await s3FileStorage(s3.options).get(row!.storageKey)).toBeNull();
    } finally {
      await a.close();
      await b.close();
      await handle.close();
      await s3.close();
    }
  });
});
