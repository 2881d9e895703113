import yauzl from 'yauzl';
import { LEGACY_LIMITS, LegacyFileError } from './legacy-file';

/**
 * Before exceljs inflates an XLSX: is the ZIP a bomb? Checked on the declared sizes of the central directory (entry
 * count, each entry's and the total uncompressed size, the compression ratio) and again while every entry is
 * inflated (yauzl counts the bytes and stops at the declared size; we stop at the limit), so a ZIP that lies about
 * its sizes is caught too. Nothing is written anywhere: the inflated bytes are counted and dropped.
 *
 * While the shared strings and the sheets are inflated, their text is bounded too (issue 33): XML text holds no
 * `<` (it is written `&lt;`), so a run of more than `textRunBytes` bytes without one is a cell far longer than any
 * the import reads (legacy-file.ts `cellChars`: 2,000 characters take at most 16 KB as XML, entities included; an
 * 8,192-character formula, Excel's longest, fits as well). Such a file (one 50 MB shared string packs into 8 MB of
 * random text, under the ratio) is refused here, before exceljs builds that string.
 */
export const ZIP_LIMITS = {
  entries: 2_000,
  entryBytes: 200 * 1024 * 1024,
  totalBytes: 300 * 1024 * 1024,
  ratio: 200,
  textRunBytes: 64 * 1024,
} as const;

/** the parts whose text becomes cells: the shared strings and the worksheets (inline strings, formula results) */
const holdsCells = (name: string) => name === 'xl/sharedStrings.xml' || /^xl\/worksheets\/[^/]+\.xml$/.test(name);

/** the longest run of bytes without `<` in `chunk`, continuing a run of `carried` bytes; and the run it ends with */
function textRuns(chunk: Buffer, carried: number): { longest: number; trailing: number } {
  let at = chunk.indexOf(0x3c);
  if (at < 0) return { longest: carried + chunk.length, trailing: carried + chunk.length };
  let longest = carried + at;
  for (let next = chunk.indexOf(0x3c, at + 1); next >= 0; at = next, next = chunk.indexOf(0x3c, at + 1)) longest = Math.max(longest, next - at - 1);
  const trailing = chunk.length - at - 1;
  return { longest: Math.max(longest, trailing), trailing };
}

const open = (path: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: true, validateEntrySizes: true }, (err, zip) => (err ? reject(err) : resolve(zip))),
  );

export async function checkZip(
  path: string,
  limits: { entries: number; entryBytes: number; totalBytes: number; ratio: number; textRunBytes?: number } = ZIP_LIMITS,
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
        const bounded = holdsCells(entry.fileName);
        let run = 0;
        stream.on('data', (chunk: Buffer) => {
          inflated += chunk.length;
          inflatedTotal += chunk.length;
          if (inflated > limits.entryBytes || inflatedTotal > limits.totalBytes) {
            stream.destroy();
            return stop(new LegacyFileError('zip_bomb'));
          }
          if (!bounded) return;
          const { longest, trailing } = textRuns(chunk, run);
          run = trailing;
          if (longest > (limits.textRunBytes ?? ZIP_LIMITS.textRunBytes)) {
            stream.destroy();
            stop(new LegacyFileError('cell_too_long', [LEGACY_LIMITS.cellChars]));
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
