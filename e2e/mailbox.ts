import { readdir, readFile, stat } from 'node:fs/promises';
import path from 'node:path';
import { expect } from '@playwright/test';

/**
 * Without SMTP_URL the portal writes every mail as DATA_DIR/mail/<id>.eml (SPEC §5). These helpers read the
 * e2e data dir's mails, the way a person would read their inbox.
 */
const mailDir = () => path.resolve(process.env.E2E_DATA_DIR ?? 'data/e2e', 'mail');

/** The text part's quoted-printable, decoded (soft line breaks joined, =XX bytes as UTF-8). */
export function decodeQuotedPrintable(input: string): string {
  const joined = input.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i += 1) {
    const hex = joined.slice(i + 1, i + 3);
    if (joined[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(joined[i] ?? '', 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function textPart(raw: string): string {
  const match = /Content-Type: text\/plain[^\n]*\n(?:[^\n]+\n)*\n([\s\S]*?)\n--/.exec(raw);
  return decodeQuotedPrintable(match?.[1] ?? raw);
}

async function mailsTo(address: string): Promise<Array<{ file: string; text: string; mtime: number }>> {
  const files = await readdir(mailDir()).catch(() => [] as string[]);
  const found = [];
  for (const name of files.filter((f) => f.endsWith('.eml'))) {
    const file = path.join(mailDir(), name);
    const raw = await readFile(file, 'utf8');
    if (!new RegExp(`^To: .*${address.replace(/[.+]/g, '\\$&')}`, 'im').test(raw)) continue;
    found.push({ file, text: textPart(raw), mtime: (await stat(file)).mtimeMs });
  }
  return found.sort((a, b) => a.mtime - b.mtime);
}

/**
 * Waits for the newest mail to `address` whose text contains a link to `pathPrefix` and answers that link's path
 * (the mail worker sends from the durable outbox a moment after the request).
 */
export async function linkFromMail(address: string, pathPrefix: string, notBefore = 0): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const mails = (await mailsTo(address)).filter((m) => m.mtime >= notBefore);
        for (const mail of mails.reverse()) {
          const url = mail.text.match(/https?:\/\/[^\s<>"]+/g)?.find((u) => new URL(u).pathname.startsWith(pathPrefix));
          if (url) {
            link = new URL(url).pathname;
            return true;
          }
        }
        return false;
      },
      { timeout: 15_000, message: `a mail to ${address} with a link to ${pathPrefix}` },
    )
    .toBe(true);
  return link!;
}

/** A fresh address per test, so reruns and parallel workers never meet. */
export const uniqueEmail = (label: string) => `e2e-${label}-${Date.now()}-${Math.random().toString(36).slice(2, 7)}@e2e.example`;

/** Waits for a mail to `address` (sent at or after `notBefore`) whose text contains `text`; answers that text. */
export async function mailWith(address: string, text: string, notBefore = 0): Promise<string> {
  let found: string | undefined;
  await expect
    .poll(
      async () => {
        found = (await mailsTo(address)).filter((m) => m.mtime >= notBefore).find((m) => m.text.includes(text))?.text;
        return found !== undefined;
      },
      { timeout: 15_000, message: `a mail to ${address} saying "${text}"` },
    )
    .toBe(true);
  return found!;
}
