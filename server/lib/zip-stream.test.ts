import { randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import yauzl from 'yauzl';
import { describe, expect, it } from 'vitest';
import { fixtureFiles } from '../testing/fixture-files';
import { zipEntryName, zipNameSegment, zipStream, type ZipEntry } from './zip-stream';

type ReadEntry = { name: string; utf8Flag: boolean; body: Buffer };

async function collect(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(c as Buffer);
  return Buffer.concat(chunks);
}

/** reads a ZIP back with yauzl (decodes names by the UTF-8 flag, checks every CRC) */
async function readZip(zip: Buffer): Promise<ReadEntry[]> {
  const file = await promisify<Buffer, yauzl.Options, yauzl.ZipFile>(yauzl.fromBuffer)(zip, { lazyEntries: true, decodeStrings: true });
  const openEntry = promisify(file.openReadStream.bind(file)) as (e: yauzl.Entry) => Promise<Readable>;
  const entries: ReadEntry[] = [];
  await new Promise<void>((resolve, reject) => {
    file.on('entry', (entry: yauzl.Entry) => {
      openEntry(entry)
        .then(collect)
        .then((body) => {
          entries.push({ name: entry.fileName, utf8Flag: (entry.generalPurposeBitFlag & 0x800) !== 0, body });
          file.readEntry();
        }, reject);
    });
    file.on('end', () => resolve());
    file.on('error', reject);
    file.readEntry();
  });
  return entries;
}

async function* from(entries: ZipEntry[]) {
  for (const e of entries) yield e;
}

describe('zipStream', () => {
  it('given three entries, one of them a stream, the ZIP holds them byte for byte under UTF-8 names', async () => {
    const pdf = fixtureFiles.pdf.buffer;
    const jpeg = fixtureFiles.jpeg.buffer;
    const zip = await collect(
      zipStream(
        from([
          { name: 'KiTa Bärenhöhle – Dokumentation.pdf', body: pdf },
          { name: 'Fotos/Straße.jpg', body: Readable.from([jpeg.subarray(0, 500), jpeg.subarray(500)]), compress: false },
          { name: 'liesmich.txt', body: Buffer.from('Grüße aus der KiTa „Sonnenschein“\n') },
        ]),
      ),
    );
    const entries = await readZip(zip);
    expect(entries.map((e) => e.name)).toEqual(['KiTa Bärenhöhle – Dokumentation.pdf', 'Fotos/Straße.jpg', 'liesmich.txt']);
    expect(entries.every((e) => e.utf8Flag)).toBe(true);
    expect(entries[0]!.body).toEqual(pdf);
    expect(entries[1]!.body).toEqual(jpeg);
    expect(entries[2]!.body.toString()).toBe('Grüße aus der KiTa „Sonnenschein“\n');
  });

  it('given hostile or repeated names, writes safe ones inside the archive, each once', async () => {
    const names = [
      '../../etc/passwd',
      '/absolut.txt',
      'a\\b.txt',
      'C:/x.txt',
      'x/./../y.txt',
      'bad\u0000name?.txt',
      'Bericht.pdf',
      'bericht.pdf',
      'Bericht.pdf',
      '..',
      '',
    ];
    const zip = await collect(zipStream(from(names.map((name) => ({ name, body: Buffer.from(name) })))));
    const read = (await readZip(zip)).map((e) => e.name);
    expect(read).toEqual([
      'etc/passwd',
      'absolut.txt',
      'a-b.txt',
      'C_/x.txt',
      'x/y.txt',
      'badname_.txt',
      'Bericht.pdf',
      'bericht (2).pdf',
      'Bericht (3).pdf',
      '_',
      '_ (2)',
    ]);
    for (const n of read) expect(n.split('/')).not.toContain('..');
  });

  it('given 200 generated entries, streams them through pulling one entry at a time', async () => {
    let pulled = 0;
    let consumed = 0;
    let mostAhead = 0;
    async function* generated(): AsyncIterable<ZipEntry> {
      for (let i = 1; i <= 200; i++) {
        pulled++;
        mostAhead = Math.max(mostAhead, pulled - consumed);
        const body = Readable.from([randomBytes(4096), Buffer.from(`Dokumentation ${i}`)]);
        body.once('end', () => consumed++);
        yield { name: `Dokumentationen/KiTa ${String(i).padStart(3, '0')} – Förderjahr.pdf`, body };
      }
    }
    const chunks: Buffer[] = [];
    // a slow reader: the output must wait for it, not pile up
    const sink = new Writable({
      highWaterMark: 1024,
      write(chunk: Buffer, _enc, done) {
        chunks.push(chunk);
        setImmediate(done);
      },
    });
    await pipeline(zipStream(generated()), sink);
    const entries = await readZip(Buffer.concat(chunks));
    expect(entries).toHaveLength(200);
    expect(entries[199]!.name).toBe('Dokumentationen/KiTa 200 – Förderjahr.pdf');
    expect(entries[199]!.body.subarray(4096).toString()).toBe('Dokumentation 200');
    expect(mostAhead).toBe(1);
  });

  it('given an entry whose stream fails, the ZIP stream fails too instead of ending looking whole', async () => {
    const broken = new Readable({
      read() {
        this.destroy(new Error('PDF kaputt'));
      },
    });
    await expect(
      collect(
        zipStream(
          from([
            { name: 'a.txt', body: Buffer.from('a') },
            { name: 'b.pdf', body: broken },
          ]),
        ),
      ),
    ).rejects.toThrow('PDF kaputt');

    async function* failing(): AsyncIterable<ZipEntry> {
      yield { name: 'a.txt', body: Buffer.from('a') };
      throw new Error('Datenbank weg');
    }
    await expect(collect(zipStream(failing()))).rejects.toThrow('Datenbank weg');
  });

  it('given a reader that goes away, stops pulling entries', async () => {
    let pulled = 0;
    let stopped = false;
    async function* endless(): AsyncIterable<ZipEntry> {
      try {
        for (;;) {
          pulled++;
          yield { name: `f${pulled}.bin`, body: Readable.from([randomBytes(64 * 1024)]) };
        }
      } finally {
        stopped = true;
      }
    }
    const out = zipStream(endless());
    await new Promise((resolve) => out.once('data', resolve));
    out.destroy();
    await new Promise((resolve) => setTimeout(resolve, 50));
    const seen = pulled;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(pulled).toBe(seen);
    expect(stopped).toBe(true);
  });
});

describe('zip names', () => {
  it('given free text, makes one safe segment; given a path, keeps its folders and drops . and ..', () => {
    expect(zipNameSegment('KiTa Sonne/Mond e. V.')).toBe('KiTa Sonne-Mond e. V');
    expect(zipNameSegment('  a\tb  ')).toBe('a b');
    expect(zipNameSegment('...')).toBe('_');
    expect(zipNameSegment(`${'x'.repeat(300)}.pdf`)).toHaveLength(120);
    expect(zipNameSegment(`${'x'.repeat(300)}.pdf`).endsWith('.pdf')).toBe(true);
    expect(zipEntryName('Saison 2026/../KiTa Ä.pdf')).toBe('Saison 2026/KiTa Ä.pdf');
    expect(zipEntryName('a\u0308.txt')).toBe('ä.txt');
  });
});
