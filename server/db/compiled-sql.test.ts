import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from '../testing/test-db';
import { pipelinedTransaction, queryRows, sqlState, type DbHandle } from './client';
import { compileSql, inlineSql } from './compiled-sql';

/**
 * Statements with their values written in as literals, sent several to a message (issue 36: the booking's two round
 * trips): what goes in comes out unchanged, however hostile the text; a failing step rolls everything back; the
 * connection and its prepared statements stay usable. On PGlite and, with DATABASE_URL, on PostgreSQL.
 */
let handle: DbHandle;
beforeAll(async () => {
  handle = await openTestDb();
  await handle.db.execute(sql`create table pipeline_probe (id int primary key, note text not null)`);
});
afterAll(() => handle.close());

const hostile = [
  "O'Brien",
  "'; drop table pipeline_probe; --",
  "back\\slash \\' and \\\\",
  'a $1 placeholder, $$dollar quoted$$ and $tag$',
  'Größe – 5 € „Zitat“ 😀',
  'line\nbreak\tand tab',
  '/* comment */ -- and another',
];

describe('compiled statements and pipelined transactions', () => {
  it('given hostile text, numbers, booleans, nulls and arrays, the statement answers exactly the values given', async () => {
    const echo = compileSql<'text' | 'n' | 'neg' | 'flag' | 'none' | 'ids' | 'at'>(
      (p) =>
        sql`select ${p('text')}::text as text, ${p('n')}::int as n, 7 - ${p('neg')}::int as minus, ${p('flag')}::boolean as flag,
          ${p('none')}::text as none, ${p('ids')}::int[] as ids, ${p('at')}::timestamptz as at`,
    );
    const at = new Date('2027-03-10T08:30:00.123Z');
    for (const text of hostile) {
      const statement = () => echo({ text, n: 42, neg: -1, flag: true, none: null, ids: [3, 1, 2], at });
      // as the text with the values in it, and (on PostgreSQL) as EXECUTE of the statement prepared on the connection
      const inline = await queryRows<Record<string, unknown>>(handle.db, sql.raw(statement().inline()));
      const [executed] = await pipelinedTransaction(handle.db, (p) => p.send([statement()], { commit: true }));
      for (const [row] of [inline, executed!.rows]) {
        expect(row).toMatchObject({ text, n: 42, minus: 8, flag: true, none: null, ids: [3, 1, 2] });
        expect(new Date(row!.at as string).getTime()).toBe(at.getTime());
      }
    }
    // what cannot be written safely as a literal is refused, not sent
    expect(() => echo({ text: { toString: () => 'x' }, n: 1, neg: 0, flag: false, none: null, ids: [], at })).toThrow(/no literal/);
    expect(() => echo({ text: 'x', n: Number.NaN, neg: 0, flag: false, none: null, ids: [], at })).toThrow(/not finite/);
    expect(() => echo({ text: 'x', n: 1, neg: 0, flag: false, none: null, ids: ['1; drop'], at })).toThrow(/no literal/);
    expect(inlineSql(sql`select ${"it's"} as t`)).toBe("select 'it''s' as t");
  });

  it('given steps of several statements, they commit together, and a step that fails rolls back everything before it', async () => {
    const insert = compileSql<'id' | 'note'>((p) => sql`insert into pipeline_probe (id, note) values (${p('id')}, ${p('note')}) returning id, note`);
    const answers = await pipelinedTransaction(handle.db, async (p) => {
      const [first, second] = await p.send([insert({ id: 1, note: hostile[1]! }), insert({ id: 2, note: hostile[2]! })]);
      const [third] = await p.send([insert({ id: 3, note: hostile[3]! })], { commit: true });
      return [first!.rows, second!.rows, third!.rows];
    });
    expect(answers).toEqual([[{ id: 1, note: hostile[1] }], [{ id: 2, note: hostile[2] }], [{ id: 3, note: hostile[3] }]]);

    // the second step fails on the key taken: the first step's row goes too
    await expect(
      pipelinedTransaction(handle.db, async (p) => {
        await p.send([insert({ id: 4, note: 'vier' })]);
        await p.send([insert({ id: 1, note: 'doppelt' })], { commit: true });
      }),
    ).rejects.toSatisfy((err) => sqlState(err) === '23505');
    // a refusal in between (an error of the caller's own) rolls back too
    await expect(
      pipelinedTransaction(handle.db, async (p) => {
        await p.send([insert({ id: 5, note: 'fünf' })]);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    // drizzle on the same connection sees the transaction's rows
    const seen = await pipelinedTransaction(handle.db, async (p) => {
      await p.send([insert({ id: 6, note: 'sechs' })]);
      return queryRows<{ n: number }>(p.db(), sql`select count(*)::int as n from pipeline_probe where id = 6`);
    });
    expect(seen).toEqual([{ n: 1 }]);

    const rows = await queryRows<{ id: number; note: string }>(handle.db, sql`select id, note from pipeline_probe order by id`);
    expect(rows).toEqual([
      { id: 1, note: hostile[1] },
      { id: 2, note: hostile[2] },
      { id: 3, note: hostile[3] },
      { id: 6, note: 'sechs' },
    ]);
    // the statements a connection prepared, gone behind its back (DEALLOCATE ALL, a pooler between): the transaction
    // runs again on another connection
    await pipelinedTransaction(handle.db, async (p) => {
      await p.send([insert({ id: 7, note: 'sieben' })]);
      await p.db().execute(sql`deallocate all`);
    });
    const [again] = await pipelinedTransaction(handle.db, (p) => p.send([insert({ id: 8, note: 'acht' })], { commit: true }));
    expect(again!.rows).toEqual([{ id: 8, note: 'acht' }]);
    await handle.db.execute(sql`delete from pipeline_probe where id in (7, 8)`);
    // every pooled connection is usable afterwards, its prepared statements too
    for (let i = 0; i < 12; i++) {
      const [step] = await pipelinedTransaction(handle.db, (p) => p.send([insert({ id: 100 + i, note: `n${i}` })], { commit: true }));
      expect(step!.rows).toEqual([{ id: 100 + i, note: `n${i}` }]);
    }
  });
});
