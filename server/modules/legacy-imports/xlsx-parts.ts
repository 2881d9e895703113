import yauzl from 'yauzl';
import yazl from 'yazl';

/**
 * exceljs' streaming reader (WorkbookReader) takes an XLSX's parts in the order the ZIP stores them. The format
 * allows any order, and some writers put `xl/sharedStrings.xml` (or `xl/workbook.xml`) after the sheet: the reader
 * then reads the sheet's text cells as blank or fails on the missing workbook (exceljs issue #683), and parks the
 * sheet in a temp file it never deletes when the reading stops early.
 *
 * So the parts it needs are handed over in the order it needs them: the workbook's relations, the workbook, the
 * styles (date formats), the shared strings (an empty table when the file has none: text is then inline) and the
 * first worksheet. The files are at most 10 MB and have passed the bomb checks (zip-guard.ts), so the new ZIP is
 * built in memory (read by yauzl through the central directory, written by yazl at the fastest compression).
 */
const FIRST_PARTS = ['xl/_rels/workbook.xml.rels', 'xl/workbook.xml', 'xl/styles.xml'] as const;
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const EMPTY_SHARED_STRINGS = Buffer.from(
  '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>',
);
const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

const open = (path: string) =>
  new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(path, { lazyEntries: true, autoClose: false, validateEntrySizes: true }, (err, zip) => (err ? reject(err) : resolve(zip))),
  );

/** every entry of the central directory by name (nothing is inflated) */
const entriesOf = (zip: yauzl.ZipFile) =>
  new Promise<Map<string, yauzl.Entry>>((resolve, reject) => {
    const entries = new Map<string, yauzl.Entry>();
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });

/** the worksheet with the lowest number (`sheet1.xml`: the first tab as Excel and LibreOffice write it) */
function firstSheet(names: Iterable<string>): string | undefined {
  let best: { name: string; no: number } | undefined;
  for (const name of names) {
    const m = SHEET.exec(name);
    if (m && (!best || Number(m[1]) < best.no)) best = { name, no: Number(m[1]) };
  }
  return best?.name;
}

/** the XLSX at `path` as a ZIP of the parts exceljs' streaming reader needs, in the order it needs them */
export async function orderedXlsx(path: string): Promise<Buffer> {
  const source = await open(path);
  try {
    const entries = await entriesOf(source);
    const sheet = firstSheet(entries.keys());
    const out = new yazl.ZipFile();
    const failed = new Promise<never>((_, reject) => out.on('error', reject));
    const copy = (name: string) => {
      const entry = entries.get(name);
      if (!entry) return;
      out.addReadStreamLazy(name, { compressionLevel: 1 }, (cb) =>
        source.openReadStream(entry, (err, stream) => {
          // yazl pipes the stream without listening for its errors: a broken entry fails the whole ZIP here
          stream?.on('error', (e: Error) => out.emit('error', e));
          cb(err, stream);
        }),
      );
    };
    for (const name of FIRST_PARTS) copy(name);
    if (entries.has(SHARED_STRINGS)) copy(SHARED_STRINGS);
    else out.addBuffer(EMPTY_SHARED_STRINGS, SHARED_STRINGS);
    if (sheet) copy(sheet);
    out.end();
    const chunks: Buffer[] = [];
    const read = (async () => {
      for await (const chunk of out.outputStream) chunks.push(chunk as Buffer);
    })();
    await Promise.race([read, failed]);
    return Buffer.concat(chunks);
  } finally {
    source.close();
  }
}
