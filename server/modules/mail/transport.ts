import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

export type OutgoingMail = {
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  /** full header value, `<uuid@host>` */
  messageId: string;
  /** passed to nodemailer as is (filename, contentType, content) */
  attachments?: { filename: string; contentType: string; content: string; encoding?: 'base64' }[];
};

export type MailTransport = {
  kind: string;
  send: (mail: OutgoingMail) => Promise<void>;
  close: () => void;
};

/** A send failure that will not get better by retrying (SMTP 5xx: unknown recipient, refused sender, …). */
export function isPermanentFailure(err: unknown): boolean {
  const code = (err as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600;
}

/**
 * SMTP through nodemailer. Timeouts stay far below the worker's lease, so a slow but living worker never has
 * its claim taken over (which would send twice).
 */
export function smtpTransport(url: string): MailTransport {
  const transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    kind: 'smtp',
    async send(mail) {
      await transporter.sendMail({ ...mail, messageId: mail.messageId });
    },
    close: () => transporter.close(),
  };
}

const linkPattern = /https?:\/\/[^\s<>"]+/g;

/**
 * Without SMTP_URL (SPEC §5) each mail becomes DATA_DIR/mail/<message-id>.eml and its links are logged, so the
 * embedded default works without a mail server. The file name is the Message-ID: a resend overwrites, never
 * duplicates. Links carry tokens, so they are logged only outside production.
 */
export function fileTransport(dir: string, log: (obj: Record<string, unknown>, msg: string) => void, production: boolean): MailTransport {
  const transporter = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    async send(mail) {
      const info = await transporter.sendMail({ ...mail, messageId: mail.messageId });
      await fs.mkdir(dir, { recursive: true });
      const name = mail.messageId.replace(/[<>]/g, '').replace(/[^A-Za-z0-9@._-]/g, '_');
      const file = path.join(dir, `${name}.eml`);
      // written beside it and renamed: whoever reads the folder (a person, the e2e mailbox) never sees half a mail
      const partial = `${file}.${process.pid}.partial`;
      await fs.writeFile(partial, info.message as Buffer, { mode: 0o600 });
      await fs.rename(partial, file);
      const links = production ? undefined : [...new Set(mail.text.match(linkPattern) ?? [])];
      // SPEC §10: no address or name at info; the recipient and subject are in the file (readable by its owner only)
      log({ file, ...(links ? { links } : {}) }, 'mail written to file (no SMTP_URL)');
    },
    close: () => transporter.close(),
  };
}

/** Keeps what was sent in memory; the test app uses it so flows can read their mails. */
export function memoryTransport(): MailTransport & { sent: OutgoingMail[] } {
  const sent: OutgoingMail[] = [];
  return {
    kind: 'memory',
    sent,
    async send(mail) {
      sent.push(mail);
    },
    close: () => {},
  };
}
