import { spawn } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable, Writable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pg from 'pg';
import { z } from 'zod';
import type { AppConfig } from '../config';
import { packageRoot } from '../lib/package-root';
import { serverKeyCheck } from '../lib/secret-box';
import { readVersion } from '../lib/version';
import { openDb, queryRows, type Db, type DbOrTx } from './client';
import { acquireDataDirLock, DataDirLockedError } from './lock';
import { migrationStatus } from './migrate';
import {
  entryBuffer,
  entryStream,
  extractTar,
  gunzipBounded,
  readTarEntries,
  sha256OfEntry,
  TarFormatError,
  tarWriter,
  UnpackLimitError,
  type TarEntry,
} from './tar';

/**
 * `npm run backup` / `npm run restore` (issue 25): one archive (ustar) holding the database, the uploaded files
 * (DATA_DIR/uploads) and the secrets folder (DATA_DIR/secrets), with `manifest.json` as its LAST entry: kind,
 * versions, migration level, time, and the size and SHA-256 of every part. An archive cut off anywhere has no
 * manifest (or a broken one) and is refused; a changed byte fails its checksum. A restore checks everything before
 * it changes anything, and writes into a fresh target only (a non-empty one needs --force).
 *
 * - PGlite: the data directory's consistent dump (`dumpDataDir`, a tar.gz PGlite loads again). PGlite allows one
 *   process: the backup takes the data directory's lock, so the portal must be stopped (it says so clearly).
 * - PostgreSQL: `pg_dump --format=custom` (one snapshot) while the portal serves; restored with `pg_restore`.
 */
const manifestSchema = z.object({
  format: z.literal('kita-portal-backup'),
  formatVersion: z.literal(1),
  kind: z.enum(['pglite', 'postgresql']),
  createdAt: z.string(),
  portalVersion: z.string(),
  /** PGlite's package version, the PostgreSQL server's version (PGlite's own too), pg_dump's */
  engine: z.object({ pglite: z.string().optional(), postgresServer: z.string().optional(), pgDump: z.string().optional() }),
  migrations: z.object({ applied: z.number().int().nonnegative(), newest: z.string().nullable() }),
  /** DATA_DIR/uploads was included (false with FILE_STORAGE=s3: the bucket is backed up with the store's tools) */
  uploadsIncluded: z.boolean(),
  /** DATA_DIR/secrets was included (false with --without-secrets; archives before that flag always held it) */
  secretsIncluded: z.boolean().optional(),
  /** serverKeyCheck of the key the sealed values were sealed with (null: there was none) */
  keyCheck: z.string().nullable().optional(),
  parts: z.array(
    z.object({
      name: z.string(),
      size: z.number().int().nonnegative(),
      sha256: z.string().regex(/^[0-9a-f]{64}$/),
      /** a compressed part's size unpacked: a restore unpacks no more than this (archives before it: see LEGACY_UNPACK_RATIO) */
      unpackedSize: z.number().int().nonnegative().optional(),
    }),
  ),
});

export type Manifest = z.infer<typeof manifestSchema>;
export type BackupKind = Manifest['kind'];

export class BackupError extends Error {}

const MANIFEST = 'manifest.json';
/** a manifest lists a few thousand parts at most; a larger "manifest" is not read into memory */
const MANIFEST_MAX_BYTES = 16 * 1024 * 1024;
const PGLITE_PART = 'database/pglite.tar.gz';
const PG_PART = 'database/postgresql.dump';
/**
 * Archives written before the manifest named `unpackedSize` may unpack their database to this many times its packed
 * size (a PGlite data directory packs about 9:1; a gzip bomb of zeros about 1000:1).
 */
const LEGACY_UNPACK_RATIO = 100;

type BackupConfig = Pick<AppConfig, 'databaseUrl' | 'dataDir' | 'fileStorage'> & { totpKey?: string | undefined };

/** the refusal for an archive that cannot be restored as it is: every such failure ends in it */
const refusal = (why: string) =>
  new BackupError(`Diese Sicherung ist unvollständig oder beschädigt und wird nicht eingespielt: ${why}. Es wurde nichts verändert.`);

const kindOf = (config: BackupConfig): BackupKind => (config.databaseUrl ? 'postgresql' : 'pglite');
const kindLabel = (kind: BackupKind) => (kind === 'pglite' ? 'eingebettete Datenbank (PGlite)' : 'PostgreSQL');

function pgliteVersion(): string {
  const file = path.join(packageRoot(import.meta.url), 'node_modules', '@electric-sql', 'pglite', 'package.json');
  try {
    return (JSON.parse(fs.readFileSync(file, 'utf8')) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.on('error', (err) =>
      reject(new BackupError(`${cmd} konnte nicht gestartet werden (${err.message}). Ist der PostgreSQL-Client installiert?`)),
    );
    child.on('exit', (code) => resolve({ code, stdout, stderr }));
  });
}

/** every regular file below `dir`, as paths relative to it with `/`; temp files of the storage (.tmp/) left out */
function filesBelow(dir: string): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    const abs = path.join(dir, rel);
    for (const e of fs.readdirSync(abs, { withFileTypes: true })) {
      const r = rel ? `${rel}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (!(rel === '' && e.name === '.tmp')) walk(r);
      } else if (e.isFile()) out.push(r);
    }
  };
  if (fs.existsSync(dir)) walk('');
  return out.sort();
}

async function addFolder(writer: ReturnType<typeof tarWriter>, parts: Manifest['parts'], dir: string, prefix: string) {
  for (const rel of filesBelow(dir)) {
    const file = path.join(dir, ...rel.split('/'));
    let stat: fs.Stats;
    try {
      stat = fs.statSync(file);
    } catch {
      continue; // deleted since the listing (a file deleted after its row: not needed)
    }
    parts.push(await writer.add(`${prefix}/${rel}`, stat.size, fs.createReadStream(file)));
  }
}

const stamp = (at: Date) => at.toISOString().replace(/[:.]/g, '-');

function defaultBackupName(kind: BackupKind, at: Date): string {
  return `kita-portal-${kind}-${stamp(at)}.backup.tar`;
}

/** the names defaultBackupName gives (group 1: the time); --keep touches nothing else */
const ARCHIVE_NAME = /^kita-portal-(?:pglite|postgresql)-(\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z)\.backup\.tar$/;

/**
 * `--out`: a path ending in `/` or naming an existing folder is a folder (made if missing) that gets the archive
 * under its usual name; any other path is the archive's file.
 */
function resolveOut(out: string | undefined, kind: BackupKind, at: Date): { file: string; folder: string | null } {
  const given = out ?? '.';
  const resolved = path.resolve(given);
  const stat = fs.statSync(resolved, { throwIfNoEntry: false });
  if (!given.endsWith('/') && !given.endsWith(path.sep) && !stat?.isDirectory()) return { file: resolved, folder: null };
  if (stat && !stat.isDirectory())
    throw new BackupError(
      `--out ${given} meint mit dem / am Ende einen Ordner, aber ${resolved} ist eine Datei. Gib einen Ordner an oder einen Dateinamen ohne / am Ende. Es wurde nichts geschrieben.`,
    );
  if (!stat) {
    try {
      fs.mkdirSync(resolved, { recursive: true, mode: 0o700 });
    } catch (err) {
      throw new BackupError(
        `Der Ordner ${resolved} für die Sicherungen lässt sich nicht anlegen (${(err as NodeJS.ErrnoException).code ?? 'Fehler'}). Lege ihn selbst an oder wähle einen anderen. Es wurde nichts geschrieben.`,
      );
    }
  }
  return { file: path.join(resolved, defaultBackupName(kind, at)), folder: resolved };
}

/** --keep N: the newest N of the portal's archives in `folder` stay (by the time in their names), older ones go */
function pruneArchives(folder: string, keep: number): string[] {
  const archives = fs
    .readdirSync(folder, { withFileTypes: true })
    .filter((e) => e.isFile())
    .flatMap((e) => {
      const at = ARCHIVE_NAME.exec(e.name)?.[1];
      return at ? [{ name: e.name, at }] : [];
    })
    .sort((a, b) => (a.at === b.at ? b.name.localeCompare(a.name) : a.at < b.at ? 1 : -1));
  const removed = archives.slice(keep).map((a) => path.join(folder, a.name));
  for (const file of removed) fs.rmSync(file);
  return removed;
}

async function serverVersion(db: Db): Promise<string> {
  return (await queryRows<{ v: string }>(db, `select current_setting('server_version') as "v"`))[0]?.v ?? 'unknown';
}

/** the bytes a gzip part unpacks to (streamed: counted, not kept) */
async function unpackedLength(gz: Buffer): Promise<number> {
  return gunzipBounded(Readable.from([gz]), new Writable({ write: (_chunk, _enc, done) => done() }), Number.POSITIVE_INFINITY);
}

/**
 * Creates the archive; answers its path, manifest and the archives --keep removed. `withoutSecrets` leaves
 * DATA_DIR/secrets out: the archive then opens no sealed value (TOTP secrets, the ActiveCampaign key) by itself.
 */
export async function createBackup(opts: {
  config: BackupConfig;
  out?: string | undefined;
  keep?: number | undefined;
  withoutSecrets?: boolean | undefined;
}): Promise<{ file: string; manifest: Manifest; removed: string[] }> {
  const { config } = opts;
  const kind = kindOf(config);
  const createdAt = new Date();
  const dataDir = path.resolve(config.dataDir);
  if (opts.keep !== undefined && (!Number.isInteger(opts.keep) || opts.keep < 1))
    throw new BackupError('--keep braucht eine ganze Zahl ab 1: so viele Sicherungen bleiben im Ordner liegen. Es wurde nichts geschrieben.');
  let keyCheck: string | null;
  try {
    keyCheck = serverKeyCheck(config).check;
  } catch (err) {
    throw new BackupError(`Der Schlüssel der Zweitfaktoren ist nicht lesbar: ${(err as Error).message} Es wurde nichts geschrieben.`);
  }
  const { file, folder } = resolveOut(opts.out, kind, createdAt);
  if (opts.keep !== undefined && !folder)
    throw new BackupError(
      `--keep gilt für einen Ordner voller Sicherungen: gib --out als Ordner an (mit / am Ende, z. B. --out /srv/backups/). Es wurde nichts geschrieben.`,
    );
  if (fs.existsSync(file)) throw new BackupError(`${file} gibt es schon; eine Sicherung überschreibt nichts. (${file} already exists.)`);
  const partial = `${file}.part`;
  const writer = tarWriter(partial);
  const parts: Manifest['parts'] = [];
  const engine: Manifest['engine'] = {};
  let migrations: Manifest['migrations'];
  let release: (() => void) | undefined;
  try {
    if (kind === 'pglite') {
      const pgliteDir = path.join(dataDir, 'pglite');
      if (!fs.existsSync(path.join(pgliteDir, 'PG_VERSION')))
        throw new BackupError(`In ${pgliteDir} liegt keine Datenbank. (No database in ${pgliteDir}.)`);
      try {
        release = acquireDataDirLock(dataDir);
      } catch (err) {
        if (!(err instanceof DataDirLockedError)) throw err;
        throw new BackupError(
          `Das Portal läuft noch (Prozess ${err.message.match(/process (\d+)/)?.[1] ?? '?'}). Die eingebettete Datenbank (PGlite) erlaubt nur einen Prozess: ` +
            'halte das Portal an (z. B. systemctl stop kita-portal), sichere, und starte es wieder. Mit PostgreSQL (DATABASE_URL) läuft die Sicherung im Betrieb.\n' +
            'The portal is running: PGlite allows one process, so stop the portal first, back up, then start it again.',
        );
      }
      const client = await PGlite.create(pgliteDir, { extensions: { pg_trgm } });
      try {
        const { drizzle } = await import('drizzle-orm/pglite');
        migrations = await migrationLevel(drizzle(client) as unknown as Db);
        engine.postgresServer = await serverVersion(drizzle(client) as unknown as Db);
        const dump = Buffer.from(await (await client.dumpDataDir('gzip')).arrayBuffer());
        parts.push({ ...(await writer.add(PGLITE_PART, dump.length, dump)), unpackedSize: await unpackedLength(dump) });
      } finally {
        await client.close();
      }
      engine.pglite = pgliteVersion();
    } else {
      const handle = await openDb({ databaseUrl: config.databaseUrl });
      try {
        migrations = await migrationLevel(handle.db);
        engine.postgresServer = await serverVersion(handle.db);
      } finally {
        await handle.close();
      }
      const tmp = path.join(os.tmpdir(), `kita-backup-${randomBytes(6).toString('hex')}.dump`);
      try {
        const version = await run('pg_dump', ['--version']);
        engine.pgDump = version.stdout.trim();
        const dumped = await run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', '--file', tmp, '--dbname', config.databaseUrl!]);
        if (dumped.code !== 0) throw new BackupError(`pg_dump ist gescheitert (pg_dump failed):\n${dumped.stderr.trim()}`);
        parts.push(await writer.add(PG_PART, fs.statSync(tmp).size, fs.createReadStream(tmp)));
      } finally {
        fs.rmSync(tmp, { force: true });
      }
    }
    // after the database: a row in the dump has its file already (uploads store the file before the row)
    const uploadsIncluded = config.fileStorage.kind === 'local';
    if (uploadsIncluded) await addFolder(writer, parts, path.join(dataDir, 'uploads'), 'uploads');
    const secretsIncluded = !opts.withoutSecrets;
    if (secretsIncluded) await addFolder(writer, parts, path.join(dataDir, 'secrets'), 'secrets');
    const manifest: Manifest = {
      format: 'kita-portal-backup',
      formatVersion: 1,
      kind,
      createdAt: createdAt.toISOString(),
      portalVersion: readVersion(packageRoot(import.meta.url)),
      engine,
      migrations,
      uploadsIncluded,
      secretsIncluded,
      keyCheck,
      parts,
    };
    const json = Buffer.from(JSON.stringify(manifest, null, 2));
    await writer.add(MANIFEST, json.length, json);
    await writer.finish();
    fs.renameSync(partial, file);
    return { file, manifest, removed: folder && opts.keep !== undefined ? pruneArchives(folder, opts.keep) : [] };
  } catch (err) {
    await writer.abort();
    throw err;
  } finally {
    release?.();
  }
}

async function migrationLevel(db: Db): Promise<Manifest['migrations']> {
  const status = await migrationStatus(db);
  const newest =
    (await queryRows<{ newest: string | null }>(db, 'select max(created_at)::text as "newest" from drizzle.__drizzle_migrations'))[0]?.newest ?? null;
  return { applied: status.applied, newest };
}

/** reads the archive's entries and manifest and checks every checksum; throws BackupError with the reason */
export async function verifyBackup(archive: string): Promise<{ manifest: Manifest; entries: Map<string, TarEntry> }> {
  const refuse = refusal;
  if (!fs.existsSync(archive)) throw new BackupError(`${archive} gibt es nicht. (No such file.)`);
  let list: TarEntry[];
  try {
    list = readTarEntries(archive);
  } catch (err) {
    if (err instanceof TarFormatError) throw refuse(`${err.message} (truncated or damaged archive)`);
    throw err;
  }
  const last = list.at(-1);
  if (!last || last.name !== MANIFEST) throw refuse('das Verzeichnis der Teile (manifest.json) fehlt am Ende (no manifest: truncated archive?)');
  if (last.size > MANIFEST_MAX_BYTES) throw refuse('manifest.json ist viel zu groß (manifest larger than 16 MB)');
  let raw: unknown;
  try {
    raw = JSON.parse((await entryBuffer(archive, last)).toString('utf8'));
  } catch {
    throw refuse('manifest.json ist nicht lesbar (unreadable manifest)');
  }
  const head = raw as { format?: unknown; formatVersion?: unknown } | null;
  if (head?.format !== 'kita-portal-backup' || head.formatVersion !== 1)
    throw refuse('das ist keine Sicherung des KiTa-Portals in Format 1 (not a KiTa-Portal backup)');
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success)
    throw refuse(`manifest.json hat nicht die erwartete Form (manifest: ${parsed.error.issues.map((i) => i.path.join('.') || '(root)').join(', ')})`);
  const manifest = parsed.data;
  const entries = new Map<string, TarEntry>();
  for (const e of list.slice(0, -1)) {
    if (entries.has(e.name)) throw refuse(`${e.name} steht zweimal darin (duplicate entry)`);
    entries.set(e.name, e);
  }
  if (entries.size !== manifest.parts.length) throw refuse('die Teile passen nicht zum Verzeichnis (parts do not match the manifest)');
  for (const part of manifest.parts) {
    const e = entries.get(part.name);
    if (!e || e.size !== part.size) throw refuse(`${part.name} fehlt oder hat die falsche Größe (missing or wrong size)`);
    if ((await sha256OfEntry(archive, e)) !== part.sha256)
      throw refuse(`die Prüfsumme von ${part.name} stimmt nicht (SHA-256 mismatch: changed or damaged)`);
    const bad = part.name.split('/').some((s) => s === '' || s === '.' || s === '..') || part.name.includes('\\');
    if (bad || !/^(database|uploads|secrets)\//.test(part.name)) throw refuse(`${part.name} gehört nicht in eine Sicherung (unexpected entry)`);
  }
  return { manifest, entries };
}

function journalLength(): number {
  const file = path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations', 'meta', '_journal.json');
  return (JSON.parse(fs.readFileSync(file, 'utf8')) as { entries: unknown[] }).entries.length;
}

const nonEmptyDir = (dir: string) => fs.existsSync(dir) && fs.readdirSync(dir).length > 0;

export async function publicTableCount(databaseUrl: string): Promise<number> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const res = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    return res.rows[0]!.n;
  } finally {
    await client.end();
  }
}

/** writes the archive's parts below `prefix/` into `dir` */
async function extractFolder(archive: string, manifest: Manifest, entries: Map<string, TarEntry>, prefix: string, dir: string) {
  for (const part of manifest.parts) {
    if (!part.name.startsWith(`${prefix}/`)) continue;
    const target = path.join(dir, ...part.name.slice(prefix.length + 1).split('/'));
    fs.mkdirSync(path.dirname(target), { recursive: true, mode: 0o700 });
    const e = entries.get(part.name)!;
    const body = e.size === 0 ? Readable.from([]) : entryStream(archive, e);
    await fs.promises.writeFile(target, body, { mode: 0o600 });
  }
}

/**
 * Restores into DATA_DIR (PGlite: DATA_DIR/pglite; PostgreSQL: the database of DATABASE_URL) plus DATA_DIR/uploads
 * and DATA_DIR/secrets. Refuses, changing nothing: a damaged or cut-off archive, a backup of the other kind, a newer
 * migration level than this version knows, a running portal (PGlite), a non-empty target without `force`.
 * With `force`, what was there is moved aside to DATA_DIR/replaced-<time>/ (PostgreSQL: the tables are replaced).
 */
export async function restoreBackup(opts: RestoreOptions): Promise<RestoreResult> {
  const progress = { changing: false };
  try {
    return await restoreChecked(opts, progress);
  } catch (err) {
    if (err instanceof BackupError) throw err;
    const why = `${(err as NodeJS.ErrnoException).code ?? (err as Error).name}: ${(err as Error).message}`;
    if (!progress.changing) throw refusal(`sie lässt sich nicht einspielen (${why})`);
    throw new BackupError(
      `Das Einspielen brach ab, während die alten Ordner gegen die neuen getauscht wurden (${why}). Prüfe ${path.resolve(opts.config.dataDir)}: ` +
        'das Vorherige liegt in replaced-…, was schon getauscht war, liegt an seinem Platz. Starte das Portal erst, wenn das stimmt.',
    );
  }
}

type RestoreOptions = {
  config: BackupConfig;
  archive: string;
  force?: boolean | undefined;
  /** restore an archive written --without-secrets although the key here is missing or another one */
  acceptLostSecrets?: boolean | undefined;
};

type RestoreResult = {
  manifest: Manifest;
  movedAside: string | null;
  /** the archive held no secrets: the key here was kept (`matches`: it is the one the sealed values need) */
  ownSecrets: { source: 'env' | 'file'; matches: boolean } | null;
};

/** what a key other than the sealing one leaves unreadable, for the messages */
const LOST_WITHOUT_KEY =
  'die Zweitfaktoren (TOTP) aller Konten – wer einen eingerichtet hat, meldet sich mit einem Wiederherstellungscode an und richtet ihn neu ein –, ' +
  'der gespeicherte ActiveCampaign-API-Schlüssel (in den Einstellungen neu eingeben) und die Geräte-Cookies (Browser gelten bis zur nächsten Anmeldung nicht mehr als bekannt)';

/** the archive was written --without-secrets: the key here must be the one its sealed values need */
function checkOwnKey(config: BackupConfig, manifest: Manifest, accept: boolean): RestoreResult['ownSecrets'] {
  if (manifest.secretsIncluded !== false) return null;
  const file = path.join(path.resolve(config.dataDir), 'secrets', 'totp.key');
  let own: ReturnType<typeof serverKeyCheck>;
  try {
    own = serverKeyCheck(config);
  } catch (err) {
    throw new BackupError(
      `Der Schlüssel hier (${config.totpKey ? 'TOTP_KEY' : file}) ist nicht lesbar: ${(err as Error).message} Es wurde nichts verändert.`,
    );
  }
  const matches = !manifest.keyCheck || own.check === manifest.keyCheck;
  if (!matches && !accept) {
    const where = own.source === 'env' ? 'TOTP_KEY' : file;
    throw new BackupError(
      'Diese Sicherung wurde ohne die Schlüssel geschrieben (--without-secrets), ' +
        (own.check === null
          ? `und hier gibt es keinen: weder TOTP_KEY noch ${file}. `
          : `und der Schlüssel hier (${where}) ist ein anderer als beim Sichern. `) +
        `Lege die Datei totp.key aus deiner getrennten Aufbewahrung nach ${file} (oder setze TOTP_KEY wie beim Sichern) und spiele dann ein. ` +
        `Ohne ihn wären unlesbar: ${LOST_WITHOUT_KEY}. Ist der Schlüssel verloren, spiele mit --accept-lost-secrets ein. Es wurde nichts verändert.\n` +
        'This backup holds no secrets and the key here is missing or different: restore the key first, or pass --accept-lost-secrets.',
    );
  }
  return { source: own.source, matches };
}

async function restoreChecked(opts: RestoreOptions, progress: { changing: boolean }): Promise<RestoreResult> {
  const { config } = opts;
  const archive = path.resolve(opts.archive);
  const { manifest, entries } = await verifyBackup(archive);
  const kind = kindOf(config);
  if (manifest.kind !== kind) {
    throw new BackupError(
      `Diese Sicherung stammt aus ${kindLabel(manifest.kind)}, eingespielt werden soll sie in ${kindLabel(kind)}. ` +
        (manifest.kind === 'pglite'
          ? 'Um von PGlite nach PostgreSQL umzuziehen: Sicherung in ein leeres DATA_DIR einspielen (ohne DATABASE_URL), dann `npm run db:move-to-postgres`. '
          : 'Eine PostgreSQL-Sicherung lässt sich nur in PostgreSQL einspielen (DATABASE_URL setzen). ') +
        `Es wurde nichts verändert.\nThis backup is of kind ${manifest.kind}, the target is ${kind}: refused, nothing changed.`,
    );
  }
  if (manifest.migrations.applied > journalLength())
    throw new BackupError(
      `Die Sicherung hat ${manifest.migrations.applied} Migrationen, diese Version des Portals kennt nur ${journalLength()}: spiele sie mit der Version ein, die sie geschrieben hat (${manifest.portalVersion}). Es wurde nichts verändert.`,
    );
  if (manifest.uploadsIncluded && config.fileStorage.kind !== 'local')
    throw new BackupError(
      'Die Sicherung enthält hochgeladene Dateien, aber FILE_STORAGE=s3 ist eingestellt: spiele sie mit FILE_STORAGE=local ein. Es wurde nichts verändert.',
    );
  const secretsIncluded = manifest.secretsIncluded !== false;
  const ownSecrets = checkOwnKey(config, manifest, !!opts.acceptLostSecrets);

  const dataDir = path.resolve(config.dataDir);
  const targets = { pglite: path.join(dataDir, 'pglite'), uploads: path.join(dataDir, 'uploads'), secrets: path.join(dataDir, 'secrets') };
  const occupied: string[] = [];
  if (kind === 'pglite' && nonEmptyDir(targets.pglite)) occupied.push(targets.pglite);
  if (manifest.uploadsIncluded && nonEmptyDir(targets.uploads)) occupied.push(targets.uploads);
  if (secretsIncluded && nonEmptyDir(targets.secrets)) occupied.push(targets.secrets);
  let tables = 0;
  if (kind === 'postgresql') {
    tables = await publicTableCount(config.databaseUrl!);
    if (tables > 0) occupied.push(`die Datenbank (${tables} Tabellen)`);
  }
  if (occupied.length > 0 && !opts.force)
    throw new BackupError(
      `Das Ziel ist nicht leer: ${occupied.join(', ')}. Eine Sicherung wird nur in ein frisches Ziel eingespielt; mit --force wird das Vorhandene ersetzt ` +
        `(Dateien werden nach ${path.join(dataDir, 'replaced-…')} verschoben). Es wurde nichts verändert.\nThe target is not empty; use --force to replace it.`,
    );

  fs.mkdirSync(dataDir, { recursive: true });
  let release: (() => void) | undefined;
  try {
    release = acquireDataDirLock(dataDir);
  } catch (err) {
    if (err instanceof DataDirLockedError)
      throw new BackupError(
        `Das Portal läuft noch auf ${dataDir}: halte es an und spiele die Sicherung dann ein. Es wurde nichts verändert.\n${err.message}`,
      );
    throw err;
  }
  const staging = path.join(dataDir, `.restore-${randomBytes(6).toString('hex')}`);
  try {
    fs.mkdirSync(staging, { mode: 0o700 });
    if (kind === 'pglite') await stagePglite(archive, manifest, entries, staging);
    if (manifest.uploadsIncluded) await extractFolder(archive, manifest, entries, 'uploads', path.join(staging, 'uploads'));
    if (secretsIncluded) await extractFolder(archive, manifest, entries, 'secrets', path.join(staging, 'secrets'));

    if (kind === 'postgresql') {
      const tmp = path.join(staging, 'postgresql.dump');
      await fs.promises.writeFile(tmp, entryStream(archive, entries.get(PG_PART)!));
      const args = ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', '--dbname', config.databaseUrl!];
      if (tables > 0) args.push('--clean', '--if-exists');
      const restored = await run('pg_restore', [...args, tmp]);
      if (restored.code !== 0)
        throw new BackupError(`pg_restore ist gescheitert, die Datenbank blieb unverändert (pg_restore failed):\n${restored.stderr.trim()}`);
      progress.changing = true;
      fs.rmSync(tmp);
    }

    // the database is in place (PostgreSQL) or staged (PGlite): move the old folders aside, the new ones in
    progress.changing = true;
    let movedAside: string | null = null;
    const moveIn = (name: 'pglite' | 'uploads' | 'secrets') => {
      const from = path.join(staging, name);
      if (!fs.existsSync(from)) return;
      if (fs.existsSync(targets[name])) {
        if (nonEmptyDir(targets[name])) {
          movedAside ??= path.join(dataDir, `replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`);
          fs.mkdirSync(movedAside, { recursive: true, mode: 0o700 });
          fs.renameSync(targets[name], path.join(movedAside, name));
        } else fs.rmdirSync(targets[name]);
      }
      fs.renameSync(from, targets[name]);
    };
    moveIn('pglite');
    moveIn('uploads');
    if (secretsIncluded) moveIn('secrets');
    return { manifest, movedAside, ownSecrets };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
    release?.();
  }
}

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

/**
 * Unpacks the PGlite data directory into `staging/pglite` and opens it once. Streamed to disk and counted: no more
 * than the manifest's `unpackedSize` (older archives: LEGACY_UNPACK_RATIO times the packed size) is ever unpacked,
 * never more than the disk has room for, and memory stays small whatever the archive holds. PGlite then opens the folder as it opens DATA_DIR/pglite.
 */
async function stagePglite(archive: string, manifest: Manifest, entries: Map<string, TarEntry>, staging: string) {
  const part = manifest.parts.find((p) => p.name === PGLITE_PART);
  if (!part) throw refusal(`die Datenbank (${PGLITE_PART}) fehlt (no database part)`);
  const limit = part.unpackedSize ?? part.size * LEGACY_UNPACK_RATIO;
  // the unpacked tar and the folder from it lie side by side until the tar is removed
  const { bavail, bsize } = fs.statfsSync(staging);
  if (2 * limit > bavail * bsize)
    throw new BackupError(
      `Zum Entpacken der Datenbank braucht es bis zu ${mb(2 * limit)} in ${path.dirname(staging)}, frei sind ${mb(bavail * bsize)}. ` +
        'Schaffe Platz oder spiele auf einem größeren Laufwerk ein. Es wurde nichts verändert.',
    );
  const tarFile = path.join(staging, 'pglite.tar');
  let unpacked: number;
  try {
    unpacked = await gunzipBounded(
      entryStream(archive, entries.get(PGLITE_PART)!),
      fs.createWriteStream(tarFile, { flags: 'wx', mode: 0o600 }),
      limit,
    );
  } catch (err) {
    if (err instanceof UnpackLimitError)
      throw refusal(
        `die Datenbank darin entpackt zu mehr als ${mb(limit)} (${part.unpackedSize === undefined ? `dem ${LEGACY_UNPACK_RATIO}-fachen ihrer ${mb(part.size)}` : 'der Größe, die das Verzeichnis angibt'}): ` +
          'eine Gzip-Bombe oder eine beschädigte Sicherung (decompression limit exceeded)',
      );
    if ((err as NodeJS.ErrnoException).code?.startsWith('Z_'))
      throw refusal(`die Datenbank darin ist kein lesbares gzip (${(err as Error).message})`);
    throw err;
  }
  if (part.unpackedSize !== undefined && unpacked !== part.unpackedSize)
    throw refusal(`die Datenbank darin ist kürzer als angegeben (${unpacked} statt ${part.unpackedSize} Bytes)`);
  const dir = path.join(staging, 'pglite');
  try {
    await extractTar(tarFile, dir);
  } catch (err) {
    if (err instanceof TarFormatError) throw refusal(`die Datenbank darin ist kein vollständiges Archiv (${err.message})`);
    throw err;
  }
  fs.rmSync(tarFile);
  if (!fs.existsSync(path.join(dir, 'PG_VERSION'))) throw refusal('die Datenbank darin ist kein Datenverzeichnis von PGlite (no PG_VERSION)');
  const client = await PGlite.create(dir, { extensions: { pg_trgm } });
  try {
    await client.query('select 1');
  } finally {
    await client.close();
  }
}

/**
 * Per table (public and drizzle schemas): the row count and a SHA-256 of its rows' text forms in order, in UTC.
 * Two databases with the same fingerprints hold the same data (tests; `db:move-to-postgres` checks its copy with it).
 */
export async function tableFingerprints(db: Db, schemas: string[] = ['public', 'drizzle']): Promise<Fingerprints> {
  return db.transaction((tx) => fingerprintsIn(tx, schemas));
}

export type Fingerprints = Record<string, { rows: number; hash: string }>;

/** tableFingerprints inside a transaction the caller holds (sets its time zone to UTC) */
export async function fingerprintsIn(tx: DbOrTx, schemas: string[]): Promise<Fingerprints> {
  const tables = await queryRows<{ name: string }>(
    tx,
    `select table_schema || '.' || table_name as name from information_schema.tables
      where table_schema in (${schemas.map((s) => `'${s}'`).join(', ')}) and table_type = 'BASE TABLE' order by 1`,
  );
  const out: Fingerprints = {};
  await tx.execute("set local timezone = 'UTC'");
  for (const { name } of tables) {
    const [schema, table] = name.split('.');
    const rows = await queryRows<{ t: string }>(tx, `select t::text as t from "${schema}"."${table}" t order by t::text collate "C"`);
    const hash = createHash('sha256');
    for (const r of rows) hash.update(r.t).update('\n');
    out[name] = { rows: rows.length, hash: hash.digest('hex') };
  }
  return out;
}
