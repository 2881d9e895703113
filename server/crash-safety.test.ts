import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { documentationFormSchema } from '../src/shared/contracts/documentation';
import { openDb } from './db/client';
import { migrate } from './db/migrate';
import { documentationFiles } from './modules/documentation/documentation.table';
import { inDays } from './modules/documentation/test-helpers';
import { buildServer, startBuiltServer } from './testing/built-server';
import { addMember, createFacility, createSeason, createUser, enrol } from './testing/factories';
import { fixtureFiles } from './testing/fixture-files';
import { adminQuery, withDatabase } from './testing/test-db-template';

/**
 * Issue 25, "nothing acknowledged is ever lost": the compiled server, killed with SIGKILL in the middle of a stream of
 * autosaves and uploads, restarted on the same data: every write it answered 2xx is there, and no upload file is left
 * without its row (the start sweeps them, server/modules/documentation/orphan-sweep.ts). PGlite by default,
 * PostgreSQL when DATABASE_URL is set.
 */
let outDir: string;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kita-crash-'));
const adminUrl = process.env.DATABASE_URL;
const dbName = `kita_crash_${randomBytes(6).toString('hex')}`;
const databaseUrl = adminUrl ? withDatabase(adminUrl, dbName) : undefined;
const startTimeout = 180_000;

const start = () => startBuiltServer(outDir, { DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) });

let facilityId: number;
let email: string;
let password: string;

beforeAll(async () => {
  outDir = buildServer('test-crash');
  if (adminUrl) await adminQuery(adminUrl, `create database ${dbName}`);
  const handle = await openDb({ dataDir, databaseUrl });
  try {
    await migrate(handle);
    const season = await createSeason(handle.db, { isCurrent: true, allowDocumentation: true, documentationDeadline: inDays(30) });
    const facility = await createFacility(handle.db);
    const user = await createUser(handle.db);
    await addMember(handle.db, facility.id, user.id);
    await enrol(handle.db, facility.id, season.id);
    ({ email, password } = user);
    facilityId = facility.id;
  } finally {
    await handle.close();
  }
}, startTimeout);

afterAll(async () => {
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
  if (adminUrl) await adminQuery(adminUrl, `drop database if exists ${dbName} with (force)`);
});

async function login(url: string): Promise<string> {
  const res = await fetch(`${url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers.getSetCookie().find((c) => /kita_session=/.test(c));
  return cookie!.split(';')[0]!;
}

/** a GET on its own connection (Connection: close): status and the number of bytes received */
function download(url: string, cookie: string): Promise<{ status: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent: false, headers: { cookie, connection: 'close' } }, (res) => {
      let bytes = 0;
      res.on('data', (c: Buffer) => (bytes += c.length));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, bytes }));
    });
    req.on('error', reject);
  });
}

/** every file below `dir`, relative with `/` */
function filesBelow(dir: string, rel = ''): string[] {
  const abs = path.join(dir, rel);
  if (!fs.existsSync(abs)) return [];
  return fs.readdirSync(abs, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? filesBelow(dir, `${rel}${e.name}/`) : [`${rel}${e.name}`]));
}

describe('SIGKILL in the middle of a stream of writes', () => {
  it(
    'given autosaves and uploads answered 2xx before the kill, finds every one after the restart and no file without its row',
    async () => {
      const s = await start();
      const cookie = await login(s.url);
      const form = `${s.url}/api/facilities/${facilityId}/documentation`;
      let killed = false;
      let lastTitle = 0;
      const uploaded: number[] = [];

      // one autosave client: each save a new title on the version the last one answered
      const autosaves = (async () => {
        let version = 0;
        for (let n = 1; !killed; n++) {
          const res = await fetch(form, {
            method: 'PUT',
            headers: { cookie, 'content-type': 'application/json' },
            body: JSON.stringify({ baseVersion: version, answers: { projekttitel: `Titel ${n}` } }),
          }).catch(() => null);
          if (!res) break;
          expect(res.status).toBe(200);
          version = ((await res.json()) as { version: number }).version;
          lastTitle = n;
        }
      })();
      // two upload clients: PDFs (up to 5) and photos (up to 10); a 2xx answer names the file's id
      const uploads = (questionKey: string, file: Buffer, max: number) =>
        (async () => {
          for (let n = 1; n <= max && !killed; n++) {
            const query = new URLSearchParams({ questionKey, name: `${questionKey}-${n}.${questionKey === 'fotos' ? 'png' : 'pdf'}` });
            const res = await fetch(`${form}/files?${query}`, {
              method: 'POST',
              headers: { cookie, 'content-type': 'application/octet-stream' },
              body: new Uint8Array(file),
            }).catch(() => null);
            if (!res) break;
            expect(res.status).toBe(201);
            uploaded.push(((await res.json()) as { id: number }).id);
          }
        })();
      const streams = [autosaves, uploads('weitere_dokumente', fixtureFiles.pdf.buffer, 5), uploads('fotos', fixtureFiles.png.buffer, 10)];

      // the kill comes while the clients are still writing (each waits for its answer, so one is always in flight)
      await new Promise<void>((resolve) => {
        const check = setInterval(() => {
          if ((uploaded.length >= 4 && lastTitle >= 5) || uploaded.length >= 15) {
            clearInterval(check);
            resolve();
          }
        }, 5);
      });
      s.child.kill('SIGKILL');
      killed = true;
      await s.exited;
      await Promise.all(streams);
      const acknowledgedTitle = lastTitle;
      const acknowledgedFiles = [...uploaded];
      expect(acknowledgedFiles.length).toBeGreaterThanOrEqual(4);

      // what a crash inside an upload leaves (file stored, row not yet written; a half-written temp file), and the
      // restart a few minutes later: every file is older than the minute the sweep leaves to uploads in flight
      const uploadsDir = path.join(dataDir, 'uploads');
      const orphan = `documentation/1/${facilityId}/${randomBytes(16).toString('hex')}`;
      fs.mkdirSync(path.join(uploadsDir, path.dirname(orphan)), { recursive: true });
      fs.writeFileSync(path.join(uploadsDir, orphan), fixtureFiles.pdf.buffer);
      fs.mkdirSync(path.join(uploadsDir, '.tmp'), { recursive: true });
      fs.writeFileSync(path.join(uploadsDir, '.tmp', 'abc.part'), 'half');
      const earlier = new Date(Date.now() - 5 * 60_000);
      for (const f of filesBelow(uploadsDir)) fs.utimesSync(path.join(uploadsDir, f), earlier, earlier);

      const again = await start();
      try {
        const formAgain = `${again.url}/api/facilities/${facilityId}/documentation`;
        const cookieAgain = await login(again.url);
        const res = await fetch(formAgain, { headers: { cookie: cookieAgain } });
        expect(res.status).toBe(200);
        const after = documentationFormSchema.parse(await res.json());
        // the last acknowledged title, or the one in flight at the kill: never an older one
        expect([`Titel ${acknowledgedTitle}`, `Titel ${acknowledgedTitle + 1}`]).toContain(after.answers.projekttitel);
        const ids = after.files.map((f) => f.id);
        for (const id of acknowledgedFiles) expect(ids).toContain(id);
        // every listed file can be read, all its bytes (each on a connection of its own, closed after it)
        for (const f of after.files) {
          const file = await download(`${formAgain}/files/${f.id}`, cookieAgain);
          expect(file.status, f.name).toBe(200);
          expect(file.bytes, f.name).toBe(f.size);
        }
      } finally {
        again.child.kill('SIGTERM');
        expect(await again.exited, again.output().slice(-3000)).toBe(0);
      }

      // no file without its row, no temp file
      const handle = await openDb({ dataDir, databaseUrl });
      try {
        const keys = (await handle.db.select({ key: documentationFiles.storageKey }).from(documentationFiles)).map((r) => r.key).sort();
        expect(filesBelow(uploadsDir).sort()).toEqual(keys);
        expect(keys.length).toBeGreaterThanOrEqual(acknowledgedFiles.length);
      } finally {
        await handle.close();
      }
    },
    startTimeout * 2,
  );
});
