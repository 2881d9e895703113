import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { once } from 'node:events';
import path from 'node:path';
import { Transform, type Readable, type Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';

/**
 * A minimal ustar archive (POSIX tar, uncompressed) for backups: `tar -tvf` lists it and `tar -xf` unpacks it, so an
 * operator can look inside without the portal. Only regular files; names up to 255 bytes (prefix + name).
 * The writer hashes every part while it streams it; the reader reads entries by offset from the file.
 */
const BLOCK = 512;

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, '0') + '\0';
}

function header(name: string, size: number, mtime: Date): Buffer {
  const buf = Buffer.alloc(BLOCK);
  let prefix = '';
  let base = name;
  if (Buffer.byteLength(name) > 100) {
    const cut = name.lastIndexOf('/', 155);
    if (cut <= 0 || Buffer.byteLength(name.slice(cut + 1)) > 100) throw new Error(`tar: name too long: ${name}`);
    prefix = name.slice(0, cut);
    base = name.slice(cut + 1);
  }
  buf.write(base, 0, 100, 'utf8');
  buf.write(octal(0o600, 8), 100, 'ascii');
  buf.write(octal(0, 8), 108, 'ascii');
  buf.write(octal(0, 8), 116, 'ascii');
  buf.write(octal(size, 12), 124, 'ascii');
  buf.write(octal(Math.floor(mtime.getTime() / 1000), 12), 136, 'ascii');
  buf.write('        ', 148, 'ascii');
  buf.write('0', 156, 'ascii');
  buf.write('ustar\0', 257, 'ascii');
  buf.write('00', 263, 'ascii');
  buf.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const b of buf) sum += b;
  buf.write(octal(sum, 7) + ' ', 148, 'ascii');
  return buf;
}

export type TarPart = { name: string; size: number; sha256: string };

export type TarWriter = {
  /** streams `body` (exactly `size` bytes) into the archive; answers its SHA-256 */
  add(name: string, size: number, body: Readable | Buffer): Promise<TarPart>;
  /** writes the end marker and closes the file (flushed to disk) */
  finish(): Promise<void>;
  /** closes and removes the unfinished file */
  abort(): Promise<void>;
};

export function tarWriter(file: string): TarWriter {
  const fd = fs.openSync(file, 'wx', 0o600);
  let closed = false;
  const write = (buf: Buffer) => {
    let off = 0;
    while (off < buf.length) off += fs.writeSync(fd, buf, off);
  };
  return {
    async add(name, size, body) {
      write(header(name, size, new Date()));
      const hash = createHash('sha256');
      let seen = 0;
      const take = (chunk: Buffer) => {
        seen += chunk.length;
        if (seen > size) throw new Error(`tar: ${name} is longer than ${size} bytes (it changed while being read)`);
        hash.update(chunk);
        write(chunk);
      };
      if (Buffer.isBuffer(body)) take(body);
      else {
        for await (const chunk of body) take(chunk as Buffer);
      }
      if (seen !== size) throw new Error(`tar: ${name} has ${seen} bytes, expected ${size} (it changed while being read)`);
      const pad = (BLOCK - (size % BLOCK)) % BLOCK;
      if (pad) write(Buffer.alloc(pad));
      return { name, size, sha256: hash.digest('hex') };
    },
    async finish() {
      write(Buffer.alloc(BLOCK * 2));
      fs.fsyncSync(fd);
      fs.closeSync(fd);
      closed = true;
    },
    async abort() {
      if (!closed) fs.closeSync(fd);
      closed = true;
      fs.rmSync(file, { force: true });
    },
  };
}

/** `type`: '0' (or NUL) a regular file, '5' a folder; anything else (links, devices) is refused when extracting */
export type TarEntry = { name: string; size: number; offset: number; type: string };

export class TarFormatError extends Error {}

function parseOctal(buf: Buffer, start: number, width: number): number {
  const text = buf
    .toString('ascii', start, start + width)
    .replace(/\0.*$/s, '')
    .trim();
  if (!/^[0-7]+$/.test(text)) throw new TarFormatError('bad number in a header');
  return Number.parseInt(text, 8);
}

/** every entry of the archive, checking each header; a cut-off archive throws TarFormatError */
export function readTarEntries(file: string): TarEntry[] {
  const fd = fs.openSync(file, 'r');
  try {
    const total = fs.fstatSync(fd).size;
    const entries: TarEntry[] = [];
    const buf = Buffer.alloc(BLOCK);
    let pos = 0;
    for (;;) {
      if (pos + BLOCK > total) throw new TarFormatError('the archive ends in the middle (no end marker)');
      fs.readSync(fd, buf, 0, BLOCK, pos);
      if (buf.every((b) => b === 0)) {
        // the end marker: two zero blocks
        if (pos + 2 * BLOCK > total) throw new TarFormatError('the archive ends in the middle of its end marker');
        return entries;
      }
      const stored = parseOctal(buf, 148, 8);
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : buf[i]!;
      if (sum !== stored) throw new TarFormatError('a header is damaged (checksum)');
      const cString = (start: number, width: number) => buf.toString('utf8', start, start + width).replace(/\0.*$/s, '');
      const prefix = cString(345, 155);
      const base = cString(0, 100);
      const size = parseOctal(buf, 124, 12);
      const offset = pos + BLOCK;
      if (offset + size > total) throw new TarFormatError(`the archive ends in the middle of ${base}`);
      const type = buf.toString('ascii', 156, 157).replace('\0', '0');
      entries.push({ name: prefix ? `${prefix}/${base}` : base, size, offset, type });
      pos = offset + Math.ceil(size / BLOCK) * BLOCK;
    }
  } finally {
    fs.closeSync(fd);
  }
}

/** the bytes of one entry as a stream */
export function entryStream(file: string, entry: TarEntry): Readable {
  return fs.createReadStream(file, { start: entry.offset, end: entry.offset + entry.size - 1 });
}

export async function entryBuffer(file: string, entry: TarEntry): Promise<Buffer> {
  const fd = await fs.promises.open(file, 'r');
  try {
    const buf = Buffer.alloc(entry.size);
    await fd.read(buf, 0, entry.size, entry.offset);
    return buf;
  } finally {
    await fd.close();
  }
}

export async function sha256OfEntry(file: string, entry: TarEntry): Promise<string> {
  if (entry.size === 0) return createHash('sha256').digest('hex');
  const hash = createHash('sha256');
  const stream = entryStream(file, entry);
  stream.on('data', (c) => hash.update(c));
  await once(stream, 'end');
  return hash.digest('hex');
}

/** more bytes came out of a compressed part than it may hold (a gzip bomb, or a manifest that lies) */
export class UnpackLimitError extends Error {}

/**
 * Gunzips `input` into `sink`, streaming: memory stays at zlib's window and a few chunks whatever the ratio. More
 * than `limit` bytes stop it with UnpackLimitError at the first chunk beyond (a partial file is the caller's to
 * remove). Answers the bytes unpacked.
 */
export async function gunzipBounded(input: Readable, sink: Writable, limit: number): Promise<number> {
  let seen = 0;
  const count = new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      if (seen > limit) done(new UnpackLimitError(`more than ${limit} bytes unpacked`));
      else done(null, chunk);
    },
  });
  await pipeline(input, createGunzip(), count, sink);
  return seen;
}

/**
 * Writes the regular files and folders of the archive `file` below `dir` (streaming each file). Names are taken
 * relative (a leading `/` dropped); a name with `..`, `.`, an empty step or a backslash, or an entry that is neither
 * file nor folder throws TarFormatError before anything of it is written.
 */
export async function extractTar(file: string, dir: string): Promise<void> {
  for (const e of readTarEntries(file)) {
    const steps = e.name.replace(/^\/+/, '').replace(/\/$/, '').split('/');
    if (steps.some((s) => s === '' || s === '.' || s === '..') || e.name.includes('\\'))
      throw new TarFormatError(`unexpected name in the archive: ${JSON.stringify(e.name)}`);
    const target = path.join(dir, ...steps);
    if (e.type === '5') {
      fs.mkdirSync(target, { recursive: true, mode: 0o700 });
    } else if (e.type === '0') {
      fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
      if (e.size === 0) fs.writeFileSync(target, '', { mode: 0o600, flag: 'wx' });
      else await pipeline(entryStream(file, e), fs.createWriteStream(target, { flags: 'wx', mode: 0o600 }));
    } else throw new TarFormatError(`unexpected entry type ${JSON.stringify(e.type)} for ${JSON.stringify(e.name)}`);
  }
}
