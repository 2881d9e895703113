import yauzl from 'yauzl';
import { LegacyFileError } from './legacy-file';

/**
 * Before exceljs inflates an XLSX: is the ZIP a bomb? Checked on the declared sizes of the central directory (entry
 * count, each entry's and the total uncompressed size, the compression ratio) and again while every entry is
 * inflated (yauzl counts the bytes and stops at the declared size; we stop at the limit), so a ZIP that lies about
 * its sizes is caught too. Nothing is written anywhere: the inflated bytes are counted and dropped.
 */
export const ZIP_LIMITS = { entries: 2_000, entryBytes: 200 * 1024 * 1024, totalBytes: 300 * 1024 * 1024, ratio: 200 } as const;

const open = (path: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: true, validateEntrySizes: true }, (err, zip) => (err ? reject(err) : resolve(zip))),
  );

export async function checkZip(
  path: string,
  limits: { entries: number; entryBytes: number; totalBytes: number; ratio: number } = ZIP_LIMITS,
): Promise<void> {
  let zip: yauzl.ZipFile;
  try {
    zip = await open(path);
  } catch {
    throw new LegacyFileError('not_xlsx');
  }
  if (zip.entryCount > limits.entries) {
    zip.close();
    throw new LegacyFileError('zip_bomb');
  }
  let inflatedTotal = 0;
  await new Promise<void>((resolve, reject) => {
    const stop = (err: Error) => {
      zip.close();
      reject(err);
    };
    zip.on('error', () => stop(new LegacyFileError('not_xlsx')));
    zip.on('end', () => resolve());
    zip.on('entry', (entry: yauzl.Entry) => {
      if (entry.fileName.endsWith('/')) return zip.readEntry();
      const declared = entry.uncompressedSize;
      const ratio = declared / Math.max(1, entry.compressedSize);
      if (declared > limits.entryBytes || ratio > limits.ratio) return stop(new LegacyFileError('zip_bomb'));
      zip.openReadStream(entry, (err, stream) => {
        if (err || !stream) return stop(new LegacyFileError('not_xlsx'));
        let inflated = 0;
        stream.on('data', (chunk: Buffer) => {
          inflated += chunk.length;
          inflatedTotal += chunk.length;
          if (inflated > limits.entryBytes || inflatedTotal > limits.totalBytes) {
            stream.destroy();
            stop(new LegacyFileError('zip_bomb'));
          }
        });
        // a size that differs from the declared one is yauzl's error: a lying ZIP
        stream.on('error', () => stop(new LegacyFileError('zip_bomb')));
        stream.on('end', () => zip.readEntry());
      });
    });
    zip.readEntry();
  });
}
