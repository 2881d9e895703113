import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { fileTransport, memoryTransport } from './transport';

const dir = mkdtempSync(path.join(tmpdir(), 'kita-mail-attach-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const ics = 'BEGIN:VCALENDAR\r\nVERSION:2.0\r\nPRODID:-//Test//DE\r\nEND:VCALENDAR\r\n';
const mail = {
  from: 'portal@test.example',
  to: 'kita@test.example',
  subject: 'Anmeldung bestätigt: Wasser erleben',
  text: 'Hallo,',
  html: '<p>Hallo,</p>',
  messageId: '<7f0c0b1e-attach@test.example>',
  attachments: [{ filename: 'termin.ics', contentType: 'text/calendar; charset=utf-8', content: ics }],
};

describe('mail attachments (the programme sends .ics files)', () => {
  it('given a mail with an attachment, the file transport writes a multipart message carrying it', async () => {
    const transport = fileTransport(dir, () => {}, true);
    await transport.send(mail);
    const [file] = readdirSync(dir);
    const eml = readFileSync(path.join(dir, file!), 'utf8');
    expect(eml).toMatch(/Content-Type: multipart\/mixed/);
    expect(eml).toMatch(/Content-Type: text\/calendar; charset=utf-8; name=termin\.ics/);
    expect(eml).toMatch(/Content-Disposition: attachment; filename=termin\.ics/);
    // small text attachments stay readable (7bit/quoted-printable or base64)
    const b64 = Buffer.from(ics).toString('base64');
    expect(eml.includes('BEGIN:VCALENDAR') || eml.replace(/\r?\n/g, '').includes(b64)).toBe(true);
  });

  it('given the memory transport, the attachment is kept for tests to read', async () => {
    const transport = memoryTransport();
    await transport.send(mail);
    expect(transport.sent[0]!.attachments![0]!.content).toBe(ics);
  });
});
