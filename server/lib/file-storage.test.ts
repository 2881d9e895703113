import { randomBytes } from 'node:crypto';
import fsCallback from 'node:fs';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { setTimeout as delay } from 'node:timers/promises';
import aws4 from 'aws4';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { fixtureFiles } from '../testing/fixture-files';
import { startS3rver } from '../testing/s3rver';
import { localFileStorage, s3FileStorage, type FileStorage } from './file-storage';

const badKeys = [
  '',
  '../etc/passwd',
  'documentation/../../x',
  '/etc/passwd',
  'a\\b',
  'a//b',
  'a/',
  '.hidden',
  'a/./b',
  'a\u0000b',
  'a\nb',
  'C:/x',
  'ä',
];

async function bytes(stream: Readable | null): Promise<Buffer | null> {
  if (!stream) return null;
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** the behaviour both storages share */
function sharedBehaviour(storage: () => FileStorage) {
  it('given a Buffer and a stream, stores them and gives them back byte for byte', async () => {
    const jpeg = fixtureFiles.jpeg.buffer;
    await storage().put('documentation/12/3f2a-photo', jpeg, { contentType: 'image/jpeg', size: jpeg.length });
    expect(await bytes(await storage().get('documentation/12/3f2a-photo'))).toEqual(jpeg);

    const png = fixtureFiles.png.buffer;
    const stream = Readable.from([png.subarray(0, 100), png.subarray(100)]);
    await storage().put('documentation/12/4b1c', stream, { contentType: 'image/png', size: png.length });
    expect(await bytes(await storage().get('documentation/12/4b1c'))).toEqual(png);
  });

  it('given an existing key, a put replaces the file', async () => {
    await storage().put('documentation/1/a', Buffer.from('alt'), { contentType: 'text/plain', size: 3 });
    await storage().put('documentation/1/a', Buffer.from('neu!'), { contentType: 'text/plain', size: 4 });
    expect(await text((await storage().get('documentation/1/a'))!)).toBe('neu!');
  });

  it('given a missing key, get says null and delete does nothing', async () => {
    expect(await storage().get('documentation/1/missing')).toBeNull();
    await expect(storage().delete('documentation/1/missing')).resolves.toBeUndefined();
  });

  it('given a stream of several megabytes in many chunks, stores it byte for byte', async () => {
    const big = randomBytes(3 * 1024 * 1024 + 17);
    const chunks = Array.from({ length: Math.ceil(big.length / 65_536) }, (_, i) => big.subarray(i * 65_536, (i + 1) * 65_536));
    await storage().put('documentation/9/big.pdf', Readable.from(chunks), { contentType: 'application/pdf', size: big.length });
    expect((await bytes(await storage().get('documentation/9/big.pdf')))!.equals(big)).toBe(true);
  });

  it('given a stored file, delete removes it', async () => {
    await storage().put('documentation/2/b', Buffer.from('x'), { contentType: 'text/plain', size: 1 });
    await storage().delete('documentation/2/b');
    expect(await storage().get('documentation/2/b')).toBeNull();
  });

  it('given a stream shorter or longer than its size, or a Buffer of another size, the put fails naming the size', async () => {
    // the size is the cause (not a "socket hang up" of the store's connection, which the S3 storage said before)
    await expect(storage().put('documentation/3/short', Readable.from([Buffer.from('abc')]), { contentType: 'text/plain', size: 5 })).rejects.toThrow(
      /body of 3 bytes, size said 5/,
    );
    await expect(
      storage().put('documentation/3/long', Readable.from([Buffer.from('abcdef')]), { contentType: 'text/plain', size: 5 }),
    ).rejects.toThrow(/body longer than its size 5/);
    await expect(storage().put('documentation/3/buf', Buffer.from('abcdef'), { contentType: 'text/plain', size: 5 })).rejects.toThrow(/size/);
  });

  it('given a key with .., an absolute path, a backslash or a control character, refuses it before any I/O', async () => {
    for (const key of badKeys) {
      await expect(storage().put(key, Buffer.from('x'), { contentType: 'text/plain', size: 1 }), JSON.stringify(key)).rejects.toThrow(/refused key/);
      await expect(storage().get(key)).rejects.toThrow(/refused key/);
      await expect(storage().delete(key)).rejects.toThrow(/refused key/);
    }
  });
}

/** a put of the wrong size leaves no file: the local storage removes its temp file, the S3 storage aborts its request */
function wrongSizeStoresNothing(storage: () => FileStorage) {
  it('given a stream shorter or longer than its size, or a Buffer of another size, stores nothing', async () => {
    const text = { contentType: 'text/plain', size: 5 };
    await expect(storage().put('documentation/3/short', Readable.from([Buffer.from('abc')]), text)).rejects.toThrow();
    await expect(storage().put('documentation/3/long', Readable.from([Buffer.from('abcdef')]), text)).rejects.toThrow();
    await expect(storage().put('documentation/3/buf', Buffer.from('abcdef'), text)).rejects.toThrow();
    expect(await storage().get('documentation/3/short')).toBeNull();
    expect(await storage().get('documentation/3/long')).toBeNull();
    expect(await storage().get('documentation/3/buf')).toBeNull();
  });
}

describe('localFileStorage', () => {
  let root: string;
  let storage: FileStorage;
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'file-storage-'));
    storage = localFileStorage(path.join(root, 'uploads'));
  });
  afterEach(async () => fs.rm(root, { recursive: true, force: true }));

  sharedBehaviour(() => storage);
  wrongSizeStoresNothing(() => storage);

  it('given a nested key, creates its folders and leaves no temp file behind', async () => {
    await storage.put('documentation/12/3f2a', Buffer.from('hallo'), { contentType: 'text/plain', size: 5 });
    expect(await fs.readFile(path.join(root, 'uploads', 'documentation', '12', '3f2a'), 'utf8')).toBe('hallo');
    expect(await fs.readdir(path.join(root, 'uploads', '.tmp'))).toEqual([]);
  });

  it('given a failed put over an existing file, the old file stays whole', async () => {
    await storage.put('documentation/5/x', Buffer.from('alt'), { contentType: 'text/plain', size: 3 });
    await expect(storage.put('documentation/5/x', Readable.from([Buffer.from('zu lang')]), { contentType: 'text/plain', size: 3 })).rejects.toThrow();
    expect(await text((await storage.get('documentation/5/x'))!)).toBe('alt');
    expect(await fs.readdir(path.join(root, 'uploads', '.tmp'))).toEqual([]);
  });

  it('given a slow disk, a failed put still leaves no temp file behind', async () => {
    // a busy CI machine once left a .part file: the failed body ended the pipeline and the clean-up ran before the
    // write stream had opened its file, which it then created. Every open here is 30 ms late, and the check waits
    // for all opens to have happened.
    const { open } = fs;
    const openCallback = fsCallback.open as (...args: unknown[]) => void;
    const opened: Promise<unknown>[] = [];
    const spies = [
      vi.spyOn(fs, 'open').mockImplementation(async (...args) => {
        const handle = delay(30).then(() => open(...args));
        opened.push(handle.catch(() => undefined));
        return handle;
      }),
      vi.spyOn(fsCallback, 'open').mockImplementation(((...args: unknown[]) => {
        const done = args.pop() as (...result: unknown[]) => void;
        opened.push(
          new Promise((resolve) => setTimeout(() => openCallback(...args, (...result: unknown[]) => (resolve(undefined), done(...result))), 30)),
        );
      }) as typeof fsCallback.open),
    ];
    try {
      await storage.put('documentation/5/x', Buffer.from('alt'), { contentType: 'text/plain', size: 3 });
      for (let i = 0; i < 3; i++) {
        await expect(
          storage.put('documentation/5/x', Readable.from([Buffer.from('zu lang')]), { contentType: 'text/plain', size: 3 }),
        ).rejects.toThrow();
      }
      await Promise.all(opened);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
    expect(await fs.readdir(path.join(root, 'uploads', '.tmp'))).toEqual([]);
    expect(await text((await storage.get('documentation/5/x'))!)).toBe('alt');
  });

  it('given a bad key, nothing is created outside the root', async () => {
    await expect(storage.put('../outside', Buffer.from('x'), { contentType: 'text/plain', size: 1 })).rejects.toThrow();
    expect(await fs.readdir(root)).toEqual([]);
  });
});

describe('s3FileStorage against s3rver (a real S3 server from the npm registry)', () => {
  let s3: Awaited<ReturnType<typeof startS3rver>>;
  let storage: FileStorage;
  beforeAll(async () => {
    s3 = await startS3rver('kita-uploads');
    storage = s3FileStorage(s3.options);
  });
  afterAll(async () => s3.close());

  sharedBehaviour(() => storage);

  it('given a bucket that does not exist, get, put and delete fail naming NoSuchBucket instead of saying "no such file"', async () => {
    // a wrong S3_BUCKET used to make every stored file look deleted (get → null) and every delete succeed
    const wrongBucket = s3FileStorage({ ...s3.options, bucket: 'kita-uploads-tippfehler' });
    await expect(wrongBucket.get('documentation/1/a')).rejects.toThrow(/S3 GET answered 404 NoSuchBucket/);
    await expect(wrongBucket.delete('documentation/1/a')).rejects.toThrow(/S3 DELETE answered 404 NoSuchBucket/);
    await expect(wrongBucket.put('documentation/1/a', Buffer.from('x'), { contentType: 'text/plain', size: 1 })).rejects.toThrow(
      /S3 PUT answered 404 NoSuchBucket/,
    );
  });

  it('given an access key the store does not know, fails naming the status and the S3 error code', async () => {
    const unknown = s3FileStorage({ ...s3.options, accessKeyId: 'AKIDUNBEKANNT' });
    await expect(unknown.put('documentation/1/x', Buffer.from('x'), { contentType: 'text/plain', size: 1 })).rejects.toThrow(
      /403 InvalidAccessKeyId/,
    );
    await expect(unknown.get('documentation/1/x')).rejects.toThrow(/403 InvalidAccessKeyId/);
  });
});

type SeenRequest = { method: string; url: string; authorization: string; contentSha: string; contentType?: string; signatureValid: boolean };

/** A tiny S3: objects in a Map, every request's signature recomputed from what arrived. */
function fakeS3(credentials: { accessKeyId: string; secretAccessKey: string }) {
  const objects = new Map<string, { body: Buffer; contentType: string }>();
  const seen: SeenRequest[] = [];
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    try {
      for await (const c of req) chunks.push(c as Buffer);
    } catch {
      return; // the client gave up mid-body (a stream of the wrong length): store nothing
    }
    const body = Buffer.concat(chunks);
    const authorization = req.headers.authorization ?? '';
    const signedHeaders = /SignedHeaders=([^,]+)/.exec(authorization)?.[1]?.split(';') ?? [];
    const headers = Object.fromEntries(signedHeaders.map((h) => [h, String(req.headers[h])]));
    const resigned = aws4.sign({ method: req.method, path: req.url, service: 's3', region: 'eu-central-1', headers }, credentials);
    const signatureValid = authorization.startsWith('AWS4-HMAC-SHA256 ') && resigned.headers?.Authorization === authorization;
    seen.push({
      method: req.method!,
      url: req.url!,
      authorization,
      contentSha: String(req.headers['x-amz-content-sha256']),
      contentType: req.headers['content-type'],
      signatureValid,
    });
    if (!signatureValid) return res.writeHead(403).end('<Error><Code>SignatureDoesNotMatch</Code></Error>');
    const object = objects.get(req.url!);
    if (req.method === 'PUT') {
      objects.set(req.url!, { body, contentType: req.headers['content-type'] ?? '' });
      return res.writeHead(200).end();
    }
    if (req.method === 'GET') {
      if (!object) return res.writeHead(404, { 'content-type': 'application/xml' }).end('<Error><Code>NoSuchKey</Code></Error>');
      return res.writeHead(200, { 'content-type': object.contentType }).end(object.body);
    }
    if (req.method === 'DELETE') {
      objects.delete(req.url!);
      return res.writeHead(204).end();
    }
    res.writeHead(405).end();
  });
  return { server, objects, seen };
}

/**
 * The hand-written fake stays for what s3rver cannot check: s3rver accepts any well-formed V4 signature of a key id it
 * knows (its authentication middleware leaves the V4 calculation out), so whether the portal signs correctly (the
 * signature recomputed from what arrived, the signed payload hash, the unsigned streamed payload) and what a wrong
 * secret gives (SignatureDoesNotMatch) are tested here. So is "a body of the wrong size stores nothing": S3 refuses a
 * request whose body falls short of its Content-Length (IncompleteBody) and so does the fake, while s3rver stores an
 * empty object when an upload is aborted after its headers (tried: five aborted puts, four empty objects). Storing,
 * reading, deleting and the error codes are tested against s3rver above.
 */
describe('s3FileStorage against a fake S3 that checks signatures', () => {
  const credentials = { accessKeyId: 'AKIDEXAMPLE', secretAccessKey: 'wJalrXUtnFEMI/K7MDENG+bPxRfiCYEXAMPLEKEY' };
  const fake = fakeS3(credentials);
  let storage: FileStorage;
  beforeAll(async () => {
    await new Promise<void>((resolve) => fake.server.listen(0, '127.0.0.1', resolve));
    const { port } = fake.server.address() as AddressInfo;
    storage = s3FileStorage({
      endpoint: `http://127.0.0.1:${port}`,
      region: 'eu-central-1',
      bucket: 'kita-uploads',
      forcePathStyle: true,
      ...credentials,
    });
  });
  afterAll(async () => new Promise<void>((resolve) => fake.server.close(() => resolve())));
  beforeEach(() => {
    fake.objects.clear();
    fake.seen.length = 0;
  });

  wrongSizeStoresNothing(() => storage);

  it('given a put, signs it with AWS4-HMAC-SHA256 and sends it path-style with its type and SHA-256', async () => {
    const jpeg = fixtureFiles.jpeg.buffer;
    await storage.put('documentation/12/3f2a', jpeg, { contentType: 'image/jpeg', size: jpeg.length });
    await storage.put('documentation/12/stream', Readable.from([jpeg]), { contentType: 'image/jpeg', size: jpeg.length });
    const [buffered, streamed] = fake.seen;
    expect(buffered).toMatchObject({ method: 'PUT', url: '/kita-uploads/documentation/12/3f2a', contentType: 'image/jpeg', signatureValid: true });
    expect(buffered!.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDEXAMPLE\/\d{8}\/eu-central-1\/s3\/aws4_request, SignedHeaders=.*host.*, Signature=[0-9a-f]{64}$/,
    );
    expect(buffered!.contentSha).toMatch(/^[0-9a-f]{64}$/);
    expect(streamed).toMatchObject({ method: 'PUT', contentSha: 'UNSIGNED-PAYLOAD', signatureValid: true });
    expect(fake.objects.get('/kita-uploads/documentation/12/stream')?.body).toEqual(jpeg);
  });

  it('given wrong credentials, a put fails naming the status and the S3 error code', async () => {
    const { port } = fake.server.address() as AddressInfo;
    const wrong = s3FileStorage({
      endpoint: `http://127.0.0.1:${port}`,
      region: 'eu-central-1',
      bucket: 'kita-uploads',
      forcePathStyle: true,
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'falsch',
    });
    await expect(wrong.put('documentation/1/x', Buffer.from('x'), { contentType: 'text/plain', size: 1 })).rejects.toThrow(
      /403 SignatureDoesNotMatch/,
    );
    await expect(wrong.get('documentation/1/x')).rejects.toThrow(/403/);
  });
});

describe('s3FileStorage against a store that does not answer', () => {
  it('given a store that does not answer, gives up after the timeout', async () => {
    const silent = http.createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const { port } = silent.address() as AddressInfo;
    const slow = s3FileStorage({
      endpoint: `http://127.0.0.1:${port}`,
      region: 'eu-central-1',
      bucket: 'b',
      forcePathStyle: true,
      timeoutMs: 200,
      accessKeyId: 'AKIDEXAMPLE',
      secretAccessKey: 'x',
    });
    await expect(slow.get('documentation/1/x')).rejects.toThrow(/timed out/);
    silent.closeAllConnections();
    await new Promise<void>((resolve) => silent.close(() => resolve()));
  });
});
