import { Readable } from 'node:stream';
import { finished } from 'node:stream/promises';
import yazl from 'yazl';

/**
 * A ZIP written as a stream while its entries are made, one entry at a time (yazl): the next entry is pulled from the
 * iterable only when the previous one has gone out, and the output honours backpressure, so a ZIP of hundreds of PDFs
 * keeps memory flat.
 *
 * API:
 * - `zipStream(entries: AsyncIterable<ZipEntry>): Readable`. An error of the iterable or of an entry's stream
 *   destroys the output with that error (the download breaks off instead of ending in a ZIP that looks whole);
 *   destroying the output (client gone) stops pulling entries.
 * - `ZipEntry = { name, body: Buffer | Readable, mtime?, compress? }`. `name` may contain `/` for folders; it is made
 *   safe here (see `zipEntryName`), and a name used twice gets " (2)", " (3)" before its extension.
 * - `zipNameSegment(text)`: one file or folder name from free text (a KiTa's name): `/` and `\` become `-`.
 *
 * Names are stored as UTF-8 with the language-encoding flag (bit 11) set, so "Übersicht Bärengruppe.pdf" opens right
 * in Windows Explorer, macOS and unzip.
 */
export type ZipEntry = {
  name: string;
  body: Buffer | Readable;
  /** default: now */
  mtime?: Date;
  /** default true; false for content that is compressed already (JPEG) to save CPU */
  compress?: boolean;
};

const MAX_SEGMENT = 120;

/** one name for a file or folder: no path separators, no characters Windows refuses, no control characters */
export function zipNameSegment(text: string): string {
  const cleaned = text
    .normalize('NFC')
    .replace(/\s+/g, ' ')
    // eslint-disable-next-line no-control-regex -- removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(/[/\\]/g, '-')
    .replace(/[<>:"|?*]/g, '_')
    .trim()
    // Windows drops trailing dots and spaces; a name of only dots would be "." or ".."
    .replace(/[. ]+$/, '');
  if (cleaned === '') return '_';
  if (cleaned.length <= MAX_SEGMENT) return cleaned;
  const dot = cleaned.lastIndexOf('.');
  const ext = dot > 0 && cleaned.length - dot <= 10 ? cleaned.slice(dot) : '';
  return cleaned.slice(0, MAX_SEGMENT - ext.length).trimEnd() + ext;
}

/** a whole entry path: split at `/`, empty, `.` and `..` segments dropped, each segment made safe */
export function zipEntryName(name: string): string {
  const segments = name
    .split('/')
    .filter((s) => s.trim() !== '' && s !== '.' && s !== '..')
    .map(zipNameSegment)
    .filter((s) => s !== '..');
  return segments.length > 0 ? segments.join('/') : '_';
}

function unique(name: string, taken: Set<string>): string {
  let candidate = name;
  const dot = name.lastIndexOf('.');
  const slash = name.lastIndexOf('/');
  const [stem, ext] = dot > slash + 1 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${stem} (${n})${ext}`;
  taken.add(candidate.toLowerCase());
  return candidate;
}

export function zipStream(entries: AsyncIterable<ZipEntry>): Readable {
  const zip = new yazl.ZipFile();
  const out = zip.outputStream as Readable;
  const taken = new Set<string>();
  let current: Readable | undefined;
  // the reader went away (client closed the download): stop the entry being read, which ends the loop below
  out.once('close', () => current?.destroy());
  zip.on('error', (err: Error) => out.destroy(err));

  void (async () => {
    try {
      for await (const entry of entries) {
        if (out.destroyed) break; // leaving the loop returns the iterator: its producer stops
        const source = Buffer.isBuffer(entry.body) ? Readable.from([entry.body]) : entry.body;
        current = source;
        const options = { mtime: entry.mtime ?? new Date(), compress: entry.compress ?? true };
        zip.addReadStreamLazy(unique(zipEntryName(entry.name), taken), options, (cb) => cb(null, source));
        // wait until yazl has read the entry through (it reads only as fast as the output is consumed)
        await finished(source);
      }
      current = undefined;
      if (!out.destroyed) zip.end();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}
