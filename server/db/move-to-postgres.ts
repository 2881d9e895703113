import { sql } from 'drizzle-orm';
import { BackupError, fingerprintsIn, publicTableCount } from './backup';
import { openDb, queryRows, type DbOrTx } from './client';
import { migrate } from './migrate';

/**
 * `npm run db:move-to-postgres -- --to <url>` (issue 25): copies an embedded installation (DATA_DIR/pglite) into an
 * empty PostgreSQL database. Both are migrated to this version first, so their tables are the same; then every table
 * is copied in foreign-key order inside ONE transaction on the target (rows as JSON, `json_populate_recordset`, so
 * every type keeps its value), the sequences are set past the copied ids, and before the commit each table's row
 * count and hash of its ordered rows are compared with the source. Any difference rolls everything back.
 * The source stays as it was (the portal must be stopped: PGlite allows one process). Uploads and secrets stay in
 * DATA_DIR, which the portal keeps using with DATABASE_URL set.
 */
const CHUNK = 500;

type Column = { name: string; generated: boolean };

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/** public tables, parents before children (self references are fine: rows go in id order) */
async function tablesInOrder(db: DbOrTx): Promise<string[]> {
  const tables = (await queryRows<{ name: string }>(db, "select tablename as name from pg_tables where schemaname = 'public' order by 1")).map(
    (r) => r.name,
  );
  const edges = await queryRows<{ child: string; parent: string }>(
    db,
    `select c.relname as child, p.relname as parent from pg_constraint k
       join pg_class c on c.oid = k.conrelid join pg_class p on p.oid = k.confrelid
       join pg_namespace n on n.oid = c.relnamespace
      where k.contype = 'f' and n.nspname = 'public' and c.relname <> p.relname`,
  );
  const parents = new Map(tables.map((t) => [t, new Set<string>()]));
  for (const e of edges) parents.get(e.child)?.add(e.parent);
  const done = new Set<string>();
  const order: string[] = [];
  const visit = (t: string, path: string[]) => {
    if (done.has(t)) return;
    if (path.includes(t)) throw new BackupError(`Fremdschlüssel im Kreis: ${[...path, t].join(' → ')}`);
    for (const p of parents.get(t) ?? []) visit(p, [...path, t]);
    done.add(t);
    order.push(t);
  };
  for (const t of tables) visit(t, []);
  return order;
}

async function columnsOf(db: DbOrTx, table: string): Promise<Column[]> {
  const rows = await queryRows<{ name: string; generated: string }>(
    db,
    sql`select column_name as name, is_generated as generated from information_schema.columns
         where table_schema = 'public' and table_name = ${table} order by ordinal_position`,
  );
  return rows.map((r) => ({ name: r.name, generated: r.generated === 'ALWAYS' }));
}

async function primaryKeyOf(db: DbOrTx, table: string): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select a.attname as name from pg_index i
          join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any(i.indkey)
         where i.indrelid = ${`public.${ident(table)}`}::regclass and i.indisprimary order by a.attnum`,
  );
  return rows.map((r) => r.name);
}

export async function moveToPostgres(opts: {
  dataDir: string;
  databaseUrl: string;
  log?: (line: string) => void;
}): Promise<{ tables: number; rows: number }> {
  const log = opts.log ?? (() => {});
  if (!/^postgres(ql)?:\/\//.test(opts.databaseUrl))
    throw new BackupError('--to muss eine PostgreSQL-Adresse sein: postgres://benutzer:passwort@host:5432/datenbank');
  const tablesThere = await publicTableCount(opts.databaseUrl);
  if (tablesThere > 0)
    throw new BackupError(
      `Die Ziel-Datenbank ist nicht leer (${tablesThere} Tabellen). Der Umzug schreibt nur in eine leere Datenbank (createdb). Es wurde nichts verändert.`,
    );
  // takes the data directory's lock: a running portal makes this fail with "stop the running portal first"
  const source = await openDb({ dataDir: opts.dataDir });
  try {
    await migrate(source);
    const target = await openDb({ databaseUrl: opts.databaseUrl });
    try {
      await migrate(target);
      const order = await tablesInOrder(source.db);
      let total = 0;
      await target.db.transaction(async (tx) => {
        await tx.execute("set local timezone = 'UTC'");
        // rows the migrations wrote (the first privacy policy) come from the source like every other row
        await tx.execute(`truncate table ${order.map((t) => `public.${ident(t)}`).join(', ')}`);
        for (const table of order) {
          const cols = (await columnsOf(source.db, table)).filter((c) => !c.generated).map((c) => ident(c.name));
          const pk = await primaryKeyOf(source.db, table);
          const orderBy = pk.length ? pk.map(ident).join(', ') : 'ctid';
          let copied = 0;
          for (let offset = 0; ; offset += CHUNK) {
            const [chunk] = await queryRows<{ rows: string | null; n: number }>(
              source.db,
              `select json_agg(t)::text as rows, count(*)::int as n from (select * from public.${ident(table)} order by ${orderBy} limit ${CHUNK} offset ${offset}) t`,
            );
            if (!chunk?.rows || chunk.n === 0) break;
            await tx.execute(
              sql`${sql.raw(`insert into public.${ident(table)} (${cols.join(', ')}) overriding system value select ${cols.join(', ')} from json_populate_recordset(null::public.${ident(table)}, `)}${chunk.rows}::json)`,
            );
            copied += chunk.n;
            if (chunk.n < CHUNK) break;
          }
          total += copied;
          log(`  ${table}: ${copied}`);
        }
        // identity and serial columns continue after the copied ids
        const sequences = await queryRows<{ tbl: string; col: string; seq: string }>(
          tx,
          `select c.relname as tbl, a.attname as col, pg_get_serial_sequence(quote_ident(c.relname), a.attname) as seq
             from pg_class c join pg_namespace n on n.oid = c.relnamespace join pg_attribute a on a.attrelid = c.oid
            where n.nspname = 'public' and c.relkind = 'r' and a.attnum > 0 and not a.attisdropped
              and pg_get_serial_sequence(quote_ident(c.relname), a.attname) is not null`,
        );
        for (const s of sequences) {
          await tx.execute(
            sql`select setval(${s.seq}, coalesce((select max(${sql.raw(ident(s.col))}) from public.${sql.raw(ident(s.tbl))}), 0) + 1, false)`,
          );
        }
        const [before, after] = [await source.db.transaction((stx) => fingerprintsIn(stx, ['public'])), await fingerprintsIn(tx, ['public'])];
        const differing = Object.keys({ ...before, ...after }).filter((t) => JSON.stringify(before[t]) !== JSON.stringify(after[t]));
        if (differing.length > 0)
          throw new BackupError(
            `Nach dem Kopieren unterscheiden sich: ${differing.join(', ')}. Der Umzug wurde zurückgenommen, es wurde nichts verändert.`,
          );
      });
      return { tables: order.length, rows: total };
    } finally {
      await target.close();
    }
  } finally {
    await source.close();
  }
}
