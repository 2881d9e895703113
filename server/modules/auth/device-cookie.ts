import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../config';
import { derivedKey } from '../../lib/secret-box';

/**
 * OWASP's device cookies ("Slow Down Online Guessing Attacks with Device Cookies"): a browser that logged in to an
 * account gets a signed token naming that account and a random nonce. A later login to the same account that brings
 * a valid token is a trusted client: it is throttled per token only, so others' failures never lock it out.
 *
 * The cookie holds up to `maxTokens` tokens (a shared family computer), each `<userId>.<nonce>.<issued>.<hmac>`,
 * joined by `~`. HttpOnly, SameSite=Lax, `__Host-` under https like the session cookie; lives 180 days.
 */
export const deviceCookieRules = { maxAgeDays: 180, maxTokens: 4 };

export type DeviceToken = { userId: number; nonce: string; issuedAt: number };

type Config = Pick<AppConfig, 'totpKey' | 'dataDir' | 'secureCookies'>;

const b64 = /^[A-Za-z0-9_-]+$/;

export const deviceCookieName = (config: Pick<AppConfig, 'secureCookies'>) => (config.secureCookies ? '__Host-kita_device' : 'kita_device');

export function deviceCookies(config: Config) {
  // derived on first use: a portal nobody logs in to creates no key file
  let key: Buffer | undefined;
  const name = deviceCookieName(config);
  const maxAgeMs = deviceCookieRules.maxAgeDays * 86_400_000;
  const sign = (body: string) =>
    createHmac('sha256', (key ??= derivedKey(config, 'device-cookie v1')))
      .update(body)
      .digest('base64url');

  function parseOne(raw: string, now: number): DeviceToken | null {
    const parts = raw.split('.');
    if (parts.length !== 4) return null;
    const [uid, nonce, issued, mac] = parts as [string, string, string, string];
    if (!/^\d{1,10}$/.test(uid) || !/^\d{1,12}$/.test(issued) || !b64.test(nonce) || nonce.length !== 22 || !b64.test(mac)) return null;
    const expected = Buffer.from(sign(`${uid}.${nonce}.${issued}`));
    const given = Buffer.from(mac);
    if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
    const issuedAt = Number(issued) * 1000;
    if (issuedAt > now + 60_000 || now - issuedAt > maxAgeMs) return null;
    return { userId: Number(uid), nonce, issuedAt };
  }

  function tokensOf(request: FastifyRequest, now = Date.now()): DeviceToken[] {
    const raw = request.cookies[name];
    if (!raw || raw.length > 1000) return [];
    return raw
      .split('~')
      .slice(0, deviceCookieRules.maxTokens)
      .map((t) => parseOne(t, now))
      .filter((t): t is DeviceToken => t !== null);
  }

  const format = (t: DeviceToken) => {
    const body = `${t.userId}.${t.nonce}.${Math.floor(t.issuedAt / 1000)}`;
    return `${body}.${sign(body)}`;
  };

  return {
    /** the valid token for this account the browser brought, if any (signature checked, not expired) */
    tokenFor(request: FastifyRequest, userId: number): DeviceToken | null {
      return tokensOf(request).find((t) => t.userId === userId) ?? null;
    },
    /** after a successful login: a fresh token for the account, the browser's other accounts' tokens kept */
    issue(request: FastifyRequest, reply: FastifyReply, userId: number, now = Date.now()) {
      const fresh: DeviceToken = { userId, nonce: randomBytes(16).toString('base64url'), issuedAt: now };
      const others = tokensOf(request, now).filter((t) => t.userId !== userId);
      const value = [fresh, ...others].slice(0, deviceCookieRules.maxTokens).map(format).join('~');
      reply.setCookie(name, value, {
        httpOnly: true,
        sameSite: 'lax',
        path: '/',
        secure: config.secureCookies,
        maxAge: deviceCookieRules.maxAgeDays * 86_400,
      });
    },
  };
}
