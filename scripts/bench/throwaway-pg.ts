import pg from 'pg';

/**
 * Runs `fn` on a new PostgreSQL database beside `base` (its server, its credentials) that is dropped afterwards; null
 * when no PostgreSQL answers.
 */
export async function withThrowawayPg<T>(
  fn: (url: string) => Promise<T>,
  base = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
): Promise<T | null> {
  const admin = new pg.Client({ connectionString: base });
  try {
    await admin.connect();
  } catch {
    console.error(`PostgreSQL at ${base} is not reachable; skipping its run`);
    return null;
  }
  const name = `kita_bench_${Date.now()}`;
  await admin.query(`create database ${name}`);
  try {
    const url = new URL(base);
    url.pathname = `/${name}`;
    return await fn(url.toString());
  } finally {
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}
