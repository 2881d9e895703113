import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { BackupError, createBackup, restoreBackup } from './backup';
import { moveToPostgres } from './move-to-postgres';

/**
 * `npm run backup [-- --out <file or folder/> [--keep N] [--without-secrets]]`,
 * `npm run restore -- <archive> [--force] [--accept-lost-secrets]`,
 * `npm run db:move-to-postgres -- --to <postgres://…>` (docs/operations.md). The configuration comes from the same
 * environment as the server's (DATA_DIR, DATABASE_URL, FILE_STORAGE).
 */
const usage = `Aufruf / usage:
  npm run backup [-- --out <Datei oder Ordner/> [--keep <Anzahl>] [--without-secrets]]
  npm run restore -- <Sicherung.tar> [--force] [--accept-lost-secrets]
  npm run db:move-to-postgres -- --to postgres://benutzer:passwort@host:5432/datenbank`;

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const { values, positionals } = parseArgs({
    args: rest,
    allowPositionals: true,
    options: {
      out: { type: 'string' },
      keep: { type: 'string' },
      'without-secrets': { type: 'boolean' },
      force: { type: 'boolean' },
      'accept-lost-secrets': { type: 'boolean' },
      to: { type: 'string' },
    },
  });
  const config = loadConfig();
  if (command === 'backup') {
    const keep = values.keep === undefined ? undefined : /^\d+$/.test(values.keep) ? Number(values.keep) : Number.NaN;
    const { file, manifest, removed } = await createBackup({ config, out: values.out, keep, withoutSecrets: values['without-secrets'] });
    const size = manifest.parts.reduce((s, p) => s + p.size, 0);
    console.log(`Sicherung geschrieben / backup written: ${file}`);
    console.log(
      `  ${manifest.kind}, ${manifest.parts.length} Teile, ${(size / 1024 / 1024).toFixed(1)} MB, Migrationen: ${manifest.migrations.applied}`,
    );
    if (!manifest.uploadsIncluded)
      console.log('  FILE_STORAGE=s3: die hochgeladenen Dateien liegen im Bucket; sichere ihn mit den Mitteln des Speichers.');
    for (const old of removed) console.log(`  --keep ${keep}: ältere Sicherung gelöscht / removed ${old}`);
    if (!manifest.secretsIncluded)
      console.log(
        `  Ohne Schlüssel (--without-secrets): bewahre ${config.totpKey ? 'TOTP_KEY' : `${config.dataDir}/secrets/totp.key`} getrennt auf; ohne ihn öffnet diese Sicherung weder Zweitfaktoren noch den ActiveCampaign-Schlüssel.`,
      );
    else if (manifest.keyCheck)
      console.log(
        '  Die Sicherung enthält den Schlüssel (secrets/): sie öffnet den ActiveCampaign-Schlüssel und die Zweitfaktoren; bewahre sie wie ein Geheimnis auf.',
      );
    if (config.totpKey) console.log('  TOTP_KEY ist gesetzt: der Schlüssel steht in der Umgebung, nicht in der Sicherung; bewahre ihn getrennt auf.');
    return 0;
  }
  if (command === 'restore') {
    const archive = positionals[0];
    if (!archive) throw new BackupError(usage);
    const { manifest, movedAside, ownSecrets } = await restoreBackup({
      config,
      archive,
      force: values.force,
      acceptLostSecrets: values['accept-lost-secrets'],
    });
    console.log(`Sicherung vom ${manifest.createdAt} eingespielt (${manifest.kind}) / backup restored.`);
    if (movedAside) console.log(`  Das Vorherige liegt in ${movedAside}.`);
    if (ownSecrets?.matches)
      console.log(`  Die Sicherung enthielt keine Schlüssel; der hiesige (${ownSecrets.source === 'env' ? 'TOTP_KEY' : 'secrets/totp.key'}) passt.`);
    if (ownSecrets && !ownSecrets.matches)
      console.log(
        '  ACHTUNG: ohne den Schlüssel der Sicherung eingespielt (--accept-lost-secrets). Unlesbar sind jetzt die Zweitfaktoren (TOTP) aller Konten ' +
          '(Anmeldung mit einem Wiederherstellungscode, dann neu einrichten) und der ActiveCampaign-API-Schlüssel (in den Einstellungen neu eingeben).',
      );
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
    // a person reads this: the German message, never a stack trace
    console.error(
      err instanceof BackupError
        ? err.message
        : `Unerwarteter Fehler, abgebrochen: ${err.message}\nPrüfe DATA_DIR und DATABASE_URL und versuche es erneut.`,
    );
    process.exit(1);
  },
);
