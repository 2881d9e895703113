import { randomUUID, createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import http, { type IncomingMessage } from 'node:http';
import https from 'node:https';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import aws4 from 'aws4';

/**
 * Where uploaded files live: a folder on the server's disk (default, DATA_DIR/uploads) or an S3-compatible object
 * store (several servers behind one load balancer). The database keeps only the key.
 *
 * API (the documentation module calls it as `app.fileStorage`, see server/plugins/file-storage.ts):
 * - `put(key, body, { contentType, size })` stores Buffer or stream under `key`, replacing what was there. `size` is
 *   the exact byte count (S3 needs it up front); a body of another length fails and stores nothing.
 * - `get(key)` → a Readable of the bytes, or null if there is no such file (a missing bucket is an error, not a
 *   missing file).
 * - `delete(key)` removes it; deleting a missing key is fine.
 * Errors name the cause: the wrong size of a body, or the store's status and S3 error code (`404 NoSuchBucket`).
 * - `localFileStorage(rootDir)`, `s3FileStorage({ endpoint, region, bucket, accessKeyId, secretAccessKey,
 *   forcePathStyle })`; which one the app uses follows FILE_STORAGE (server/plugins/file-storage.ts).
 * - `assertStorageKey(key)` throws for a key the rules below refuse.
 *
 * Keys are made by the server (`documentation/12/3f2a…`): segments of letters, digits, `.`, `_`, `-`, each starting
 * with a letter or digit, joined by `/`. Anything else (`..`, absolute paths, backslashes, control characters,
 * empty segments) is refused with an error before any I/O: a key never reaches outside the storage root.
 */
export type FileStorage = {
  put(key: string, body: Buffer | Readable, meta: { contentType: string; size: number }): Promise<void>;
  get(key: string): Promise<Readable | null>;
  delete(key: string): Promise<void>;
};

const KEY_SEGMENT = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const MAX_KEY_LENGTH = 512;

export function assertStorageKey(key: string): void {
  const ok = key.length > 0 && key.length <= MAX_KEY_LENGTH && key.split('/').every((s) => KEY_SEGMENT.test(s) && s !== '..');
  if (!ok) throw new Error(`file storage: refused key ${JSON.stringify(key.slice(0, 80))}`);
}

function assertSize(size: number) {
  if (!Number.isSafeInteger(size) || size < 0) throw new Error(`file storage: bad size ${size}`);
}

/** passes bytes through and fails as soon as they exceed `size`, or at the end if they fall short */
function exactLength(size: number): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      done(seen > size ? new Error(`file storage: body longer than its size ${size}`) : null, chunk);
    },
    flush(done) {
      done(seen !== size ? new Error(`file storage: body of ${seen} bytes, size said ${size}`) : null);
    },
  });
}

const toStream = (body: Buffer | Readable) => (Buffer.isBuffer(body) ? Readable.from([body]) : body);

// ---------------------------------------------------------------------------------------------------------------
// local disk

/**
 * Files under `rootDir`, one per key. A put writes to `rootDir/.tmp/` and renames into place, so a reader sees the
 * old file or the whole new one, never half of it, and a crash leaves only a temp file (keys cannot start with `.`).
 */
export function localFileStorage(rootDir: string): FileStorage {
  const root = path.resolve(rootDir);
  const tmpDir = path.join(root, '.tmp');
  const fileOf = (key: string) => {
    assertStorageKey(key);
    const file = path.join(root, ...key.split('/'));
    // the key check already rules this out; a second line of defence costs nothing
    if (!file.startsWith(root + path.sep)) throw new Error('file storage: key outside the root');
    return file;
  };

  return {
    async put(key, body, meta) {
      const file = fileOf(key);
      assertSize(meta.size);
      await fs.mkdir(tmpDir, { recursive: true });
      await fs.mkdir(path.dirname(file), { recursive: true });
      const tmp = path.join(tmpDir, `${randomUUID()}.part`);
      // opened before the pipeline: a stream that opens its own file may open it after a failed body has already
      // ended the pipeline and our clean-up has run, which left the temp file behind on a slow disk
      const handle = await fs.open(tmp, 'wx', 0o600);
      try {
        await pipeline(toStream(body), exactLength(meta.size), handle.createWriteStream());
        await fs.rename(tmp, file);
      } catch (err) {
        await handle.close().catch(() => undefined); // the stream closes it too; a second close is harmless
        await fs.rm(tmp, { force: true });
        throw err;
      }
    },
    async get(key) {
      const file = fileOf(key);
      try {
        const handle = await fs.open(file, 'r');
        return handle.createReadStream();
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw err;
      }
    },
    async delete(key) {
      await fs.rm(fileOf(key), { force: true });
    },
  };
}

// ---------------------------------------------------------------------------------------------------------------
// S3-compatible object store

export type S3Options = {
  /** e.g. https://s3.eu-central-1.amazonaws.com, https://fsn1.your-objectstorage.com, http://127.0.0.1:9000 (MinIO) */
  endpoint: string;
  region: string;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** true: https://host/bucket/key (MinIO and most self-hosted stores); false: https://bucket.host/key */
  forcePathStyle: boolean;
  /** per request: no answer for this long aborts it (default 30 s) */
  timeoutMs?: number;
};

const encodeKey = (key: string) =>
  key
    .split('/')
    .map((s) => encodeURIComponent(s).replace(/[!'()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`))
    .join('/');

/**
 * Plain HTTP requests signed with AWS Signature V4 (the `aws4` package, no SDK). Buffers are sent with their
 * SHA-256 (the store checks it); streams as UNSIGNED-PAYLOAD with their Content-Length, so nothing is buffered.
 */
export function s3FileStorage(options: S3Options): FileStorage {
  const base = new URL(options.endpoint);
  if (base.protocol !== 'https:' && base.protocol !== 'http:') throw new Error('file storage: S3 endpoint must be http(s)');
  const transport = base.protocol === 'https:' ? https : http;
  const basePath = base.pathname.replace(/\/+$/, '');
  const host = options.forcePathStyle ? base.host : `${options.bucket}.${base.host}`;
  const timeoutMs = options.timeoutMs ?? 30_000;
  const credentials = { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey };

  const pathOf = (key: string) => {
    assertStorageKey(key);
    return options.forcePathStyle ? `${basePath}/${encodeURIComponent(options.bucket)}/${encodeKey(key)}` : `${basePath}/${encodeKey(key)}`;
  };

  /** `body` is sent as is (a Buffer) or checked to be exactly Content-Length bytes on the way (a stream) */
  function request(method: 'PUT' | 'GET' | 'DELETE', key: string, headers: Record<string, string | number>, body?: Readable | Buffer) {
    const signed = aws4.sign(
      {
        method,
        protocol: base.protocol,
        hostname: options.forcePathStyle ? base.hostname : `${options.bucket}.${base.hostname}`,
        port: base.port || undefined,
        path: pathOf(key),
        service: 's3',
        region: options.region,
        headers: { Host: host, ...headers },
      },
      credentials,
    );
    return new Promise<IncomingMessage>((resolve, reject) => {
      const req = transport.request(signed as http.RequestOptions, resolve);
      req.setTimeout(timeoutMs, () => req.destroy(new Error(`file storage: S3 ${method} timed out`)));
      // a body that fails (wrong length, the upload broke off) is the cause; the hang-up it leads to is not
      let bodyError: Error | undefined;
      req.on('error', (err) => reject(bodyError ?? err));
      if (!body) req.end();
      else if (Buffer.isBuffer(body)) req.end(body);
      else {
        const checked = exactLength(Number(headers['Content-Length']));
        // registered before pipeline's own listeners, so the cause is known before the request is destroyed
        for (const stream of [body, checked]) stream.once('error', (err: Error) => (bodyError ??= err));
        pipeline(body, checked, req).catch((err: Error) => req.destroy(bodyError ?? err));
      }
    });
  }

  /** the code of an error answer (S3 sends XML with <Code>); reads a little of it and drops the rest */
  async function errorCode(res: IncomingMessage): Promise<string | undefined> {
    let text = '';
    for await (const chunk of res) if (text.length < 2048) text += String(chunk);
    return /<Code>([^<]{1,100})<\/Code>/.exec(text)?.[1];
  }

  const failure = (method: string, res: IncomingMessage, code: string | undefined) =>
    new Error(`file storage: S3 ${method} answered ${res.statusCode}${code ? ` ${code}` : ''}`);

  /**
   * whether a 404 means "no such file": S3 says NoSuchKey (a store that sends no body, nothing). NoSuchBucket (a
   * wrong S3_BUCKET) is a failure, or every stored file would look deleted and every delete succeed.
   */
  const noSuchKey = (res: IncomingMessage, code: string | undefined) => res.statusCode === 404 && (code === undefined || code === 'NoSuchKey');

  return {
    async put(key, body, meta) {
      assertSize(meta.size);
      const headers: Record<string, string | number> = { 'Content-Type': meta.contentType, 'Content-Length': meta.size };
      if (Buffer.isBuffer(body)) {
        if (body.length !== meta.size) throw new Error(`file storage: body of ${body.length} bytes, size said ${meta.size}`);
        headers['X-Amz-Content-Sha256'] = createHash('sha256').update(body).digest('hex');
      } else {
        headers['X-Amz-Content-Sha256'] = 'UNSIGNED-PAYLOAD';
      }
      const res = await request('PUT', key, headers, body);
      if (res.statusCode !== 200) throw failure('PUT', res, await errorCode(res));
      res.resume();
    },
    async get(key) {
      const res = await request('GET', key, { 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD' });
      if (res.statusCode === 200) return res;
      const code = await errorCode(res);
      if (noSuchKey(res, code)) return null;
      throw failure('GET', res, code);
    },
    async delete(key) {
      const res = await request('DELETE', key, { 'X-Amz-Content-Sha256': 'UNSIGNED-PAYLOAD' });
      // S3 answers 204 whether or not the key existed; some compatible stores say 404 NoSuchKey
      if (res.statusCode === 204 || res.statusCode === 200) return void res.resume();
      const code = await errorCode(res);
      if (!noSuchKey(res, code)) throw failure('DELETE', res, code);
    },
  };
}
