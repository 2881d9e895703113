import type { Readable } from 'node:stream';
import { promisify } from 'node:util';
import yauzl from 'yauzl';

/** Every entry of a ZIP in the order it holds them, each read whole: for tests of the streamed exports. */
export async function zipEntries(zip: Buffer) {
  const file = await promisify<Buffer, yauzl.Options, yauzl.ZipFile>(yauzl.fromBuffer)(zip, { lazyEntries: true, decodeStrings: true });
  const openEntry = promisify(file.openReadStream.bind(file)) as (e: yauzl.Entry) => Promise<Readable>;
  const entries: { name: string; body: Buffer }[] = [];
  await new Promise<void>((resolve, reject) => {
    file.on('entry', (entry: yauzl.Entry) => {
      openEntry(entry)
        .then(async (s) => {
          const chunks: Buffer[] = [];
          for await (const c of s) chunks.push(c as Buffer);
          entries.push({ name: entry.fileName, body: Buffer.concat(chunks) });
          file.readEntry();
        })
        .catch(reject);
    });
    file.on('end', () => resolve());
    file.on('error', reject);
    file.readEntry();
  });
  return entries;
}
