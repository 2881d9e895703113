import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config';
import type { DbHandle } from '../../db/client';
import { startSmtp } from '../../testing/smtp';
import { buildTestApp } from '../../testing/test-app';
import { openTestDb } from '../../testing/test-db';
import { mailOutbox } from './mail.table';
import { enqueueMail } from './outbox';
import { scrubSentMails, sentMailsDue } from './retention';
import { defineMailTemplate, layout } from './templates';
import { fileTransport, smtpTransport } from './transport';
import { backoffMs, createMailWorker, type MailWorker } from './worker';

defineMailTemplate<{ name: string; path: string }>('test-hello', (data, ctx) =>
  layout(
    {
      subject: `Hallo von ${ctx.programmeName}`,
      greeting: `Hallo ${data.name},`,
      paragraphs: ['schön, dass du da bist. Äpfel & Birnen <3'],
      action: { label: 'Jetzt ansehen', url: ctx.link(data.path) },
    },
    ctx,
  ),
);

const config = loadConfig({
  PUBLIC_URL: 'https://portal.test.example',
  PROGRAMME_NAME: 'Ökokids',
  SUPPORT_EMAIL: 'hilfe@verband.example',
  MAIL_FROM: 'Ökokids <noreply@verband.example>',
});
const quiet = { info: () => {}, warn: () => {}, error: () => {} };

let handle: DbHandle;
const workers: MailWorker[] = [];
beforeAll(async () => {
  handle = await openTestDb();
});
afterEach(async () => {
  await Promise.all(workers.splice(0).map((w) => w.stop()));
  await handle.db.delete(mailOutbox);
});
afterAll(async () => handle?.close());

function worker(url: string, extra: Partial<Parameters<typeof createMailWorker>[0]> = {}) {
  const w = createMailWorker({ db: handle.db, config, transport: smtpTransport(url), log: quiet, backoffBaseMs: 1000, ...extra });
  workers.push(w);
  return w;
}
const rows = () => handle.db.select().from(mailOutbox).orderBy(mailOutbox.id);

describe('mail outbox', () => {
  it('given a mail enqueued in a transaction that rolls back, nothing is stored; committed, it arrives over SMTP with text and HTML', async () => {
    const smtp = await startSmtp();
    try {
      await handle.db
        .transaction(async (tx) => {
          await enqueueMail(tx, { to: 'weg@test.example', template: 'test-hello', data: { name: 'Weg', path: '/x' } });
          throw new Error('rollback');
        })
        .catch(() => {});
      expect(await rows()).toHaveLength(0);
      await handle.db.transaction((tx) =>
        enqueueMail(tx, { to: 'erika@test.example', template: 'test-hello', data: { name: 'Erika', path: '/aktivieren/ctABC' } }),
      );
      await worker(smtp.url).drain();
      expect(smtp.received).toHaveLength(1);
      const mail = smtp.received[0]!;
      expect(mail.to).toEqual(['erika@test.example']);
      expect(mail.from).toBe('noreply@verband.example');
      expect(mail.raw).toMatch(/Content-Type: multipart\/alternative/);
      expect(mail.raw).toMatch(/Content-Type: text\/plain/);
      expect(mail.raw).toMatch(/Content-Type: text\/html/);
      expect(mail.text).toContain('Hallo Erika,');
      expect(mail.text).toContain('https://portal.test.example/aktivieren/ctABC');
      expect(mail.text).toContain('Äpfel &amp; Birnen &lt;3'); // escaped in HTML
      expect(mail.text).toContain('hilfe@verband.example');
      const [row] = await rows();
      expect(row).toMatchObject({ status: 'sent', attempts: 1, data: null, subject: 'Hallo von Ökokids' });
      expect(mail.messageId).toBe(`<${row!.messageId}@portal.test.example>`);
    } finally {
      await smtp.close();
    }
  });

  it('given the SMTP server is down, when it comes back, the mail is retried with backoff and arrives exactly once', async () => {
    const probe = await startSmtp();
    const port = probe.port;
    await probe.close(); // outage: nothing listens on the port
    await enqueueMail(handle.db, { to: 'ausfall@test.example', template: 'test-hello', data: { name: 'A', path: '/' } });
    let clock = new Date(Date.now() + 1000);
    const w = worker(`smtp://127.0.0.1:${port}`, { now: () => clock });
    await w.drain();
    let [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 1 });
    expect(row!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(row!.nextAttemptAt.getTime()).toBe(clock.getTime() + 1000);
    clock = new Date(clock.getTime() + 1000);
    await w.drain(); // still down: second attempt, backoff doubles
    [row] = await rows();
    expect(row).toMatchObject({ status: 'pending', attempts: 2 });
    expect(row!.nextAttemptAt.getTime()).toBe(clock.getTime() + 2000);

    const smtp = await startSmtp(port); // back
    try {
      await w.drain(); // not due yet: nothing happens
      expect(smtp.received).toHaveLength(0);
      clock = new Date(clock.getTime() + 2000);
      await w.drain();
      await w.drain();
      expect(smtp.received).toHaveLength(1);
      [row] = await rows();
      expect(row).toMatchObject({ status: 'sent', attempts: 3, lastError: null });
    } finally {
      await smtp.close();
    }
  });

  it('given a pending mail and a restarted app on the same database, the new instance sends it', async () => {
    const smtp = await startSmtp();
    try {
      const first = await buildTestApp({ handle, mail: { start: false } });
      await first.app.close(); // the first process ends before its worker ever ran
      await enqueueMail(handle.db, { to: 'neustart@test.example', template: 'test-hello', data: { name: 'N', path: '/' } });
      const second = await buildTestApp({ handle, mail: { transport: smtpTransport(smtp.url), worker: { intervalMs: 50 } } });
      try {
        await expect.poll(() => smtp.received.length, { timeout: 30_000 }).toBe(1); // ends as soon as it arrives
        expect(smtp.received[0]!.to).toEqual(['neustart@test.example']);
      } finally {
        await second.app.close();
      }
    } finally {
      await smtp.close();
    }
  });

  it('given a worker that died after claiming, its row is taken over only after the lease ran out, with the same Message-ID', async () => {
    const smtp = await startSmtp();
    try {
      const { id, messageId } = await enqueueMail(handle.db, { to: 'absturz@test.example', template: 'test-hello', data: { name: 'C', path: '/' } });
      const stillLeased = new Date(Date.now() + 60_000);
      await handle.db
        .update(mailOutbox)
        .set({ status: 'sending', attempts: 1, claimToken: crypto.randomUUID(), leaseUntil: stillLeased })
        .where(eq(mailOutbox.id, id));
      const w = worker(smtp.url);
      await w.drain();
      expect(smtp.received).toHaveLength(0); // a live worker's claim is respected
      await handle.db
        .update(mailOutbox)
        .set({ leaseUntil: new Date(Date.now() - 1000) })
        .where(eq(mailOutbox.id, id));
      await w.drain();
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]!.messageId).toBe(`<${messageId}@portal.test.example>`);
      const [row] = await rows();
      expect(row).toMatchObject({ status: 'sent', attempts: 2 });
    } finally {
      await smtp.close();
    }
  });

  it('given two workers draining at once, every mail arrives exactly once', async () => {
    const smtp = await startSmtp();
    try {
      for (let i = 0; i < 12; i++)
        await enqueueMail(handle.db, { to: `viele-${i}@test.example`, template: 'test-hello', data: { name: String(i), path: '/' } });
      const a = worker(smtp.url, { batchSize: 3 });
      const b = worker(smtp.url, { batchSize: 3 });
      await Promise.all([a.drain(), b.drain()]);
      expect(smtp.received.map((m) => m.to[0]).sort()).toEqual(Array.from({ length: 12 }, (_, i) => `viele-${i}@test.example`).sort());
      expect((await rows()).every((r) => r.status === 'sent' && r.attempts === 1)).toBe(true);
    } finally {
      await smtp.close();
    }
  });

  it('given the SMTP server refuses the recipient (550), the mail is given up without retries', async () => {
    const smtp = await startSmtp();
    try {
      await enqueueMail(handle.db, { to: 'reject@test.example', template: 'test-hello', data: { name: 'R', path: '/' } });
      await worker(smtp.url).drain();
      const [row] = await rows();
      expect(row).toMatchObject({ status: 'failed', attempts: 1 });
      expect(smtp.received).toHaveLength(0);
    } finally {
      await smtp.close();
    }
  });

  it('given an unknown template, enqueueing fails at once', async () => {
    await expect(enqueueMail(handle.db, { to: 'x@test.example', template: 'gibt-es-nicht', data: {} })).rejects.toThrow(/Unknown mail template/);
  });

  it('given no SMTP_URL, the mail is written as an .eml file named by its Message-ID and its links are logged (not in production), never its recipient or subject', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kita-mail-'));
    const logged: Record<string, unknown>[] = [];
    try {
      const w = createMailWorker({ db: handle.db, config, transport: fileTransport(dir, (o) => logged.push(o), false), log: quiet });
      workers.push(w);
      const { messageId } = await enqueueMail(handle.db, { to: 'datei@test.example', template: 'test-hello', data: { name: 'D', path: '/pfad' } });
      await w.drain();
      const files = fs.readdirSync(dir);
      expect(files).toEqual([`${messageId}@portal.test.example.eml`]);
      expect(fs.readFileSync(path.join(dir, files[0]!), 'utf8')).toContain('To: datei@test.example');
      expect(logged[0]).toMatchObject({ links: expect.arrayContaining(['https://portal.test.example/pfad']) });
      expect(Object.keys(logged[0]!).sort()).toEqual(['file', 'links']);
      expect(JSON.stringify(logged)).not.toContain('datei@test.example');
      const prod = fileTransport(dir, (o) => logged.push(o), true);
      await prod.send({ from: 'a@b.example', to: 'c@d.example', subject: 's', text: 'https://x.example/geheim', html: '', messageId: '<m@x>' });
      expect(logged[1]).not.toHaveProperty('links');
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('given the retention rule sent-mails, sent and given-up mails older than the period lose recipient, subject and data but stay counted; pending and recent ones stay as they are', async () => {
    const day = 86_400_000;
    const at = new Date('2026-11-22T12:00:00Z');
    const ago = (days: number) => new Date(at.getTime() - days * day);
    await handle.db.insert(mailOutbox).values([
      { recipient: 'alt@test.example', subject: 'Alt', data: { a: 1 }, template: 'test-hello', status: 'sent', sentAt: ago(91), createdAt: ago(91) },
      { recipient: 'neu@test.example', template: 'test-hello', status: 'sent', sentAt: ago(5), createdAt: ago(5) },
      {
        recipient: 'aufgegeben@test.example',
        template: 'test-hello',
        status: 'failed',
        lastError: '550 aufgegeben@test.example unknown',
        nextAttemptAt: ago(95),
        createdAt: ago(95),
      },
      { recipient: 'wartet@test.example', template: 'test-hello', status: 'pending', nextAttemptAt: ago(200), createdAt: ago(200) },
    ]);
    const before = ago(90);
    expect(await sentMailsDue(handle.db, before)).toBe(2);
    expect(await handle.db.transaction((tx) => scrubSentMails(tx, before, 500))).toBe(2);
    expect(await sentMailsDue(handle.db, before)).toBe(0);
    expect((await rows()).map((r) => [r.recipient, r.subject, r.data, r.lastError, r.status])).toEqual([
      ['', null, null, null, 'sent'],
      ['neu@test.example', null, null, null, 'sent'],
      ['', null, null, '', 'failed'],
      ['wartet@test.example', null, null, null, 'pending'],
    ]);
  });

  it('backs off exponentially up to the cap', () => {
    expect([1, 2, 3, 4].map((a) => backoffMs(a, 30_000, 3_600_000))).toEqual([30_000, 60_000, 120_000, 240_000]);
    expect(backoffMs(20, 30_000, 3_600_000)).toBe(3_600_000);
  });
});
