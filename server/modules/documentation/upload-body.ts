import { randomBytes } from 'node:crypto';
import { mkdir, open, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { DOC_LIMITS } from '../../../src/shared/contracts/documentation-template';
import { fail, HttpError } from '../../lib/http-error';
import { accessCheck } from '../../plugins/access';

/**
 * How an upload's body arrives (the octet-stream parser of the upload routes' scope), in this order:
 * 1. before a byte is read: the member check (so no anonymous caller or non-member makes the server take a file) and
 *    a slot of the user's uploads in flight: at most `inFlightPerUser`, the next answers 429 at once;
 * 2. the body goes to a temp file (OS temp directory, `kita-portal-uploads/`, mode 0600), never into memory: a larger
 *    Content-Length is refused before reading, a body that grows past the limit is cut off (both 413);
 * 3. the slot is freed and the temp file deleted when the response is done or the connection drops, whatever happened
 *    in between. Temp files of a crashed process are deleted by the next start (older than an hour).
 * Forty parallel 10 MB uploads of one account thus hold at most three temp files and no buffers; the decoding waits
 * for its slot (server/lib/image-reencode.ts) with the bytes on disk.
 */
const UPLOAD_LIMITS = { inFlightPerUser: 3 };

/**
 * Who may send a body and how large it may be; the documentation's file uploads by default. (The legacy import takes
 * a multipart form instead: `multipartUpload` below.)
 */
export type UploadBodyOptions = { access?: 'member' | 'admin'; maxBytes?: number; tooLarge?: () => Error };

export type ReceivedUpload = { path: string; size: number };

const uploadTempDir = path.join(tmpdir(), 'kita-portal-uploads');

export const isReceivedUpload = (body: unknown): body is ReceivedUpload =>
  typeof body === 'object' && body !== null && typeof (body as ReceivedUpload).path === 'string' && typeof (body as ReceivedUpload).size === 'number';

const docTooLarge = () => fail('documentation.file_too_large', [Math.round(DOC_LIMITS.fileBytes / (1024 * 1024))]);

/** the access check of the route, now instead of after the body (it runs again in preValidation; it is cheap) */
const checkAccess = (access: 'member' | 'admin', request: FastifyRequest, reply: FastifyReply) =>
  new Promise<void>((resolve, reject) => accessCheck(access)(request, reply, (err?: Error) => (err ? reject(err) : resolve())));

async function sweepOldTempFiles() {
  const names = await readdir(uploadTempDir).catch(() => [] as string[]);
  const hourAgo = Date.now() - 3_600_000;
  for (const name of names) {
    const file = path.join(uploadTempDir, name);
    const info = await stat(file).catch(() => null);
    if (info && info.mtimeMs < hourAgo) await rm(file, { force: true }).catch(() => undefined);
  }
}

/**
 * The temp file, created before a byte is written: a write stream that opens its own file may create it after a
 * failed body has ended the request and the slot has deleted the file, which then stays until the next start's sweep.
 */
const createTempFile = async (file: string) => (await open(file, 'wx', 0o600)).createWriteStream();

/** writes `payload` to `file`, at most `maxBytes`; an oversized body is drained, so the 413 reaches the client */
async function receive(payload: NodeJS.ReadableStream, file: string, maxBytes: number, tooLarge: () => Error): Promise<number> {
  // a body that fails while the file is being created is no uncaught error: it fails the upload below
  let early: Error | null = null;
  const onEarly = (err: Error) => (early ??= err);
  payload.on('error', onEarly);
  const out = await createTempFile(file).finally(() => payload.removeListener('error', onEarly));
  if (early) {
    out.destroy();
    payload.resume();
    throw early;
  }
  return new Promise((resolve, reject) => {
    let size = 0;
    let settled = false;
    const stop = (err: Error) => {
      if (settled) return;
      settled = true;
      payload.removeListener('data', onData);
      out.destroy();
      payload.resume();
      reject(err);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > maxBytes) return stop(tooLarge());
      if (!out.write(chunk)) {
        payload.pause();
        out.once('drain', () => payload.resume());
      }
    };
    payload.on('data', onData);
    payload.on('error', (err: Error) => stop(err));
    out.on('error', (err: Error) => stop(err));
    payload.on('end', () => {
      if (settled) return;
      out.end(() => {
        if (settled) return;
        settled = true;
        resolve(size);
      });
    });
  });
}

/**
 * The uploads in flight of a scope: `take` runs before a byte is read, answers 429 once a user has
 * `inFlightPerUser` running, and gives the request its temp file; the slot is freed and the file deleted when the
 * response is done or the connection drops, whatever happened in between.
 */
function uploadSlots() {
  const inFlight = new Map<number, number>();
  return (request: FastifyRequest, reply: FastifyReply): string => {
    const user = request.user;
    if (!user) throw fail('common.unauthenticated');
    const running = inFlight.get(user.id) ?? 0;
    if (running >= UPLOAD_LIMITS.inFlightPerUser)
      throw fail('documentation.too_many_uploads', [UPLOAD_LIMITS.inFlightPerUser], { headers: { 'retry-after': '5' } });
    inFlight.set(user.id, running + 1);
    const file = path.join(uploadTempDir, randomBytes(16).toString('hex'));
    let released = false;
    reply.raw.once('close', () => {
      if (released) return;
      released = true;
      const left = (inFlight.get(user.id) ?? 1) - 1;
      if (left > 0) inFlight.set(user.id, left);
      else inFlight.delete(user.id);
      void rm(file, { force: true }).catch(() => undefined);
    });
    return file;
  };
}

/** registers the upload body handling in the scope of the upload routes (POST only; the scope's GET/DELETE pass) */
export function uploadBody(app: FastifyInstance, options: UploadBodyOptions = {}) {
  const { access = 'member', maxBytes = DOC_LIMITS.fileBytes, tooLarge = docTooLarge } = options;
  const takeSlot = uploadSlots();
  const tempFileOf = new WeakMap<FastifyRequest, string>();
  void sweepOldTempFiles();

  app.addHook('preParsing', async (request, reply, payload) => {
    if (request.method !== 'POST') return payload;
    await checkAccess(access, request, reply);
    tempFileOf.set(request, takeSlot(request, reply));
    return payload;
  });

  app.addContentTypeParser('application/octet-stream', async (request: FastifyRequest, payload: NodeJS.ReadableStream): Promise<ReceivedUpload> => {
    const file = tempFileOf.get(request);
    if (!file) throw fail('common.bad_request');
    const declared = Number(request.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      payload.resume();
      throw tooLarge();
    }
    await mkdir(uploadTempDir, { recursive: true, mode: 0o700 });
    return { path: file, size: await receive(payload, file, maxBytes, tooLarge) };
  });
}

/** What a multipart upload route answers when the form is not one file in the expected field (catalogue entries). */
export type MultipartUploadOptions = {
  /** the form field of the file */
  field: string;
  maxBytes: number;
  tooLarge: () => Error;
  /** no file part in `field` (no file, or it came in another field, or without a name) */
  missing: () => Error;
  /** a second file part */
  oneFile: () => Error;
  /** the file's name is longer than `maxNameLength` */
  nameTooLong: () => Error;
  /** the form cannot be read (cut off, no closing boundary, too many parts) */
  broken: () => Error;
  maxNameLength: number;
};

export type ReceivedFile = ReceivedUpload & { fileName: string };

/** room for the part headers and boundaries around the file (and a few small text fields) */
const FORM_OVERHEAD = 64 * 1024;

/** the rest of a refused body is read and dropped, so the answer reaches a client that is still sending */
function drain(request: FastifyRequest) {
  request.raw.unpipe();
  request.raw.resume();
}

/**
 * A `multipart/form-data` upload of one file (SPEC §3: the legacy import): registers @fastify/multipart in the
 * calling scope only (no other route accepts multipart) and returns the reader the route's handler calls. The
 * parser reads nothing by itself, so the route's access check (preValidation) has run before the first byte is read;
 * then the reader takes an upload slot (as `uploadBody`: at most three per user, 429 beyond), streams the one file
 * part to the slot's temp file (mode 0600, deleted when the response is done or the connection drops) and refuses a
 * file over `maxBytes` (413), a missing file or a second one (400). Text fields are ignored.
 */
export async function multipartUpload(app: FastifyInstance, options: MultipartUploadOptions) {
  const { field, maxBytes, tooLarge } = options;
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: maxBytes, files: 2, fields: 10, fieldSize: 1024, fieldNameSize: 100, parts: 12, headerPairs: 20 },
  });
  const takeSlot = uploadSlots();
  void sweepOldTempFiles();

  return async function readUpload(request: FastifyRequest, reply: FastifyReply): Promise<ReceivedFile> {
    const declared = Number(request.headers['content-length']);
    // nothing read yet: Node drops the body after the answer
    if (Number.isFinite(declared) && declared > maxBytes + FORM_OVERHEAD) throw tooLarge();
    if (!request.isMultipart()) throw options.missing();
    const file = takeSlot(request, reply);
    await mkdir(uploadTempDir, { recursive: true, mode: 0o700 });
    let received: ReceivedFile | null = null;
    try {
      for await (const part of request.parts()) {
        if (part.type !== 'file') continue;
        if (received) throw options.oneFile();
        if (part.fieldname !== field || part.filename.trim() === '') throw options.missing();
        if (part.filename.length > options.maxNameLength) throw options.nameTooLong();
        await pipeline(part.file, await createTempFile(file));
        if (part.file.truncated) throw tooLarge();
        received = { path: file, size: (await stat(file)).size, fileName: part.filename.trim() };
      }
    } catch (err) {
      drain(request);
      // busboy's errors (a cut-off form, a part limit) are the client's; the disk's are ours (500)
      if (err instanceof HttpError) throw err;
      const code = (err as { code?: string }).code;
      if (typeof code === 'string' && code.startsWith('FST_')) throw options.broken();
      if (err instanceof Error && !('errno' in err)) throw options.broken();
      throw err;
    }
    if (!received) throw options.missing();
    return received;
  };
}
