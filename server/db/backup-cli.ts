import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { BackupError, createBackup, restoreBackup } from './backup';
import { moveToPostgres } from './move-to-postgres';

/**
 * `npm run backup [-- --out <file or folder>]`, `npm run restore -- <archive> [--force]`,
 * `npm run db:move-to-postgres -- --to <postgres://…>` (README "Betrieb"). The configuration comes from the same
 * environment as the server's (DATA_DIR, DATABASE_URL, FILE_STORAGE).
 */
const usage = `Aufruf / usage:
  npm run backup [-- --out <Datei oder Ordner>]
  npm run restore -- <Sicherung.tar> [--force]
  npm run db:move-to-postgres -- --to postgres://benutzer:passwort@host:5432/datenbank`;

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: { out: { type: 'string' }, force: { type: 'boolean' }, to: { type: 'string' } },
  });
  const config = loadConfig();
  if (command === 'backup') {
    const { file, manifest } = await createBackup({ config, out: values.out });
    const size = manifest.parts.reduce((s, p) => s + p.size, 0);
    console.log(`Sicherung geschrieben / backup written: ${file}`);
    console.log(
      `  ${manifest.kind}, ${manifest.parts.length} Teile, ${(size / 1024 / 1024).toFixed(1)} MB, Migrationen: ${manifest.migrations.applied}`,
    );
    if (!manifest.uploadsIncluded)
      console.log('  FILE_STORAGE=s3: die hochgeladenen Dateien liegen im Bucket; sichere ihn mit den Mitteln des Speichers.');
    if (config.totpKey) console.log('  TOTP_KEY ist gesetzt: der Schlüssel steht in der Umgebung, nicht in der Sicherung; bewahre ihn getrennt auf.');
    return 0;
  }
  if (command === 'restore') {
    const archive = positionals[0];
    if (!archive) throw new BackupError(usage);
    const { manifest, movedAside } = await restoreBackup({ config, archive, force: values.force });
    console.log(`Sicherung vom ${manifest.createdAt} eingespielt (${manifest.kind}) / backup restored.`);
    if (movedAside) console.log(`  Das Vorherige liegt in ${movedAside}.`);
    console.log('  Beim nächsten Start wendet das Portal fehlende Migrationen an.');
    return 0;
  }
  if (command === 'move-to-postgres') {
    if (!values.to) throw new BackupError(usage);
    const result = await moveToPostgres({ dataDir: config.dataDir, databaseUrl: values.to, log: (line) => console.log(line) });
    console.log(`Umzug fertig / moved: ${result.tables} Tabellen, ${result.rows} Zeilen, jede Tabelle verglichen.`);
    console.log(`  Setze jetzt DATABASE_URL=${values.to.replace(/:[^:@/]*@/, ':…@')} und starte das Portal; DATA_DIR bleibt (Dateien, Schlüssel).`);
    return 0;
  }
  throw new BackupError(usage);
}

main().then(
  (code) => process.exit(code),
  (err: Error) => {
    console.error(err instanceof BackupError ? err.message : (err.stack ?? err.message));
    process.exit(1);
  },
);
