import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { DbHandle } from '../../db/client';
import { openTestDb } from '../../testing/test-db';
import { mailOutbox } from './mail.table';
import { enqueueMail } from './outbox';
import { AttachmentUnavailableError, defineMailTemplate, layout } from './templates';
import { memoryTransport, type MailTransport } from './transport';
import { createMailWorker } from './worker';

defineMailTemplate<{ name: string }>('test-poison', (data, ctx) => ({
  ...layout(
    { subject: 'Mit Anhang', greeting: `Hallo ${data.name},`, paragraphs: [ctx.attachmentMissing?.('test-file') ? 'ohne Anhang' : 'mit Anhang'] },
    ctx,
  ),
  attachments: ctx.attachmentMissing?.('test-file')
    ? []
    : [{ filename: 'datei.pdf', contentType: 'application/pdf', source: 'test-file', sourceData: {} }],
}));

const config = loadConfig({ PUBLIC_URL: 'https://portal.test.example' });
const LEASE = 60_000;
const MAX = 3;

let handle: DbHandle;
beforeAll(async () => {
  handle = await openTestDb();
});
afterEach(async () => {
  await handle.db.delete(mailOutbox);
});
afterAll(async () => handle?.close());

const row = async (id: number) => (await handle.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!;

describe('a poison mail (issue 18)', () => {
  it(`given a worker killed mid-send ${MAX} times, the next claim gives the row up (failed) instead of sending it again`, async () => {
    const { id } = await enqueueMail(handle.db, { to: 'gift@test.example', template: 'test-poison', data: { name: 'Gift' } });
    // the fake clock starts after the enqueue: the row is due at the enqueue's own time (it checks the budget first)
    let clock = Date.now();
    const now = () => new Date(clock);
    const errors: Record<string, unknown>[] = [];
    const log = { info: () => {}, warn: () => {}, error: (o: Record<string, unknown>) => void errors.push(o) };

    for (let crash = 1; crash <= MAX; crash++) {
      // a process that claims the mail and dies while sending: its send never returns, nothing is marked
      let started!: () => void;
      const sending = new Promise<void>((resolve) => (started = resolve));
      const dying: MailTransport = { kind: 'memory', send: () => (started(), new Promise<never>(() => {})), close: () => {} };
      const w = createMailWorker({
        db: handle.db,
        config,
        transport: dying,
        log,
        now,
        leaseMs: LEASE,
        maxAttempts: MAX,
        attachmentSources: new Map([['test-file', async () => Buffer.from('%PDF')]]),
      });
      void w.runOnce();
      await sending;
      expect(await row(id)).toMatchObject({ status: 'sending', attempts: crash }); // counted at claim, before the send
      clock += LEASE + 1; // the lease runs out: the next process may take the row over
    }

    const memory = memoryTransport();
    const next = createMailWorker({ db: handle.db, config, transport: memory, log, now, leaseMs: LEASE, maxAttempts: MAX });
    expect(await next.runOnce()).toBe(1);
    expect(memory.sent).toHaveLength(0);
    expect(await row(id)).toMatchObject({
      status: 'failed',
      attempts: MAX,
      claimToken: null,
      leaseUntil: null,
      lastError: expect.stringContaining(`given up after ${MAX} attempts`),
    });
    expect(errors).toEqual([{ mailId: id, template: 'test-poison', attempts: MAX }]);
    // and it stays given up
    clock += LEASE + 1;
    expect(await next.runOnce()).toBe(0);
  });

  it('given an attachment source that cannot make its file, the mail goes out without it, rendered again to say so', async () => {
    const { id } = await enqueueMail(handle.db, { to: 'ohne@test.example', template: 'test-poison', data: { name: 'Ohne' } });
    const memory = memoryTransport();
    const sources = new Map([['test-file', async (): Promise<Buffer> => Promise.reject(new AttachmentUnavailableError('kaputt'))]]);
    await createMailWorker({
      db: handle.db,
      config,
      transport: memory,
      log: { info: () => {}, warn: () => {}, error: () => {} },
      attachmentSources: sources,
    }).drain();
    expect(memory.sent).toHaveLength(1);
    expect(memory.sent[0]!.attachments).toEqual([]);
    expect(memory.sent[0]!.text).toContain('ohne Anhang');
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('given an attachment source failing otherwise, the mail is retried, and in its last attempt it goes out without the file', async () => {
    const { id } = await enqueueMail(handle.db, { to: 'spaeter@test.example', template: 'test-poison', data: { name: 'Später' } });
    let clock = Date.now();
    const memory = memoryTransport();
    const sources = new Map([['test-file', async (): Promise<Buffer> => Promise.reject(new Error('storage down'))]]);
    const w = createMailWorker({
      db: handle.db,
      config,
      transport: memory,
      log: { info: () => {}, warn: () => {}, error: () => {} },
      attachmentSources: sources,
      maxAttempts: 2,
      backoffBaseMs: 1000,
      now: () => new Date(clock),
    });
    await w.runOnce();
    expect(await row(id)).toMatchObject({ status: 'pending', attempts: 1, lastError: 'storage down' });
    clock += 1001;
    await w.runOnce();
    expect(memory.sent.map((m) => [m.to, m.attachments])).toEqual([['spaeter@test.example', []]]);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });
});
