import type { TestApp } from '../../testing/test-app';

/** Sends due mail and answers the newest mail to `to` (its text part holds the links). */
export async function lastMailTo(t: TestApp, to: string) {
  await t.flushMail();
  const found = t.mails.filter((m) => m.to.toLowerCase() === to.toLowerCase()).at(-1);
  if (!found) throw new Error(`no mail to ${to}; sent: ${t.mails.map((m) => `${m.to}: ${m.subject}`).join(' | ')}`);
  return found;
}

export const mailsTo = async (t: TestApp, to: string) => {
  await t.flushMail();
  return t.mails.filter((m) => m.to.toLowerCase() === to.toLowerCase());
};

/** the token in a link of a mail: /aktivieren/ct{token}, /passwort-wiederherstellen-{token}, …/{token} */
export function tokenIn(text: string, kind: 'activation' | 'password-reset' | 'email-change'): string {
  const pattern = {
    activation: /\/aktivieren\/ct([A-Za-z0-9_-]{43})/,
    'password-reset': /\/passwort-wiederherstellen-([A-Za-z0-9_-]{43})/,
    'email-change': /\/email-bestaetigen\/([A-Za-z0-9_-]{43})/,
  }[kind];
  const m = pattern.exec(text);
  if (!m) throw new Error(`no ${kind} link in: ${text}`);
  return m[1]!;
}

export const strongPassword = 'Wundervolle-Bienenwiese-77';

export function post(t: TestApp, url: string, payload: unknown, opts: { cookie?: string; ip?: string } = {}) {
  return t.app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    remoteAddress: opts.ip ?? '10.9.0.1',
    headers: opts.cookie ? { cookie: opts.cookie } : {},
  });
}

export function get(t: TestApp, url: string, cookie?: string) {
  return t.app.inject({ method: 'GET', url, headers: cookie ? { cookie } : {} });
}
