import { Readable } from 'node:stream';
import { assertStorageKey, type FileStorage } from '../lib/file-storage';

/**
 * A FileStorage in a Map, for app tests (buildTestApp's default): same key rules and size check as the real ones,
 * and `files` to look at what was stored.
 */
export function memoryFileStorage(): FileStorage & { files: Map<string, { body: Buffer; contentType: string }> } {
  const files = new Map<string, { body: Buffer; contentType: string }>();
  return {
    files,
    async put(key, body, meta) {
      assertStorageKey(key);
      const chunks: Buffer[] = [];
      if (Buffer.isBuffer(body)) chunks.push(body);
      else for await (const c of body) chunks.push(Buffer.from(c as Buffer));
      const bytes = Buffer.concat(chunks);
      if (bytes.length !== meta.size) throw new Error(`file storage: body of ${bytes.length} bytes, size said ${meta.size}`);
      files.set(key, { body: bytes, contentType: meta.contentType });
    },
    async get(key) {
      assertStorageKey(key);
      const file = files.get(key);
      return file ? Readable.from([file.body]) : null;
    },
    async delete(key) {
      assertStorageKey(key);
      files.delete(key);
    },
  };
}
