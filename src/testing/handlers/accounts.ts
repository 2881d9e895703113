import { http, HttpResponse } from 'msw';
import type { AccountResponse, TokenKind, TokenStatusResponse } from '../../shared/contracts/accounts';

export const SAME_ANSWER = {
  registered: 'Fast geschafft! Wir haben dir eine E-Mail geschickt. Bitte bestätige darin deine Adresse, dann ist dein Benutzerkonto aktiv.',
  resent: 'Wenn es zu dieser Adresse ein Benutzerkonto gibt, das noch nicht aktiviert ist, haben wir dir einen neuen Aktivierungslink geschickt.',
  forgot:
    'Wenn es zu dieser Adresse ein Benutzerkonto gibt, haben wir dir einen Link zum Festlegen eines neuen Passworts geschickt. Er gilt eine Stunde.',
};

/** SPEC §3 error body. */
export const errorBody = (code: string, message: string, fields?: Record<string, string>) => ({
  reason: { code, message, ...(fields ? { fields } : {}) },
});

export const privacyPolicyHandler = (version: string | null = '2026-01') =>
  http.get('*/api/privacy-policy', () => HttpResponse.json({ version, publishedAt: version ? '2026-01-01T00:00:00.000Z' : null }));

export const tokenStatusHandler = (kind: TokenKind, answer: Partial<TokenStatusResponse> = {}) =>
  http.get('*/api/auth/token-status', ({ request }) => {
    const url = new URL(request.url);
    if (url.searchParams.get('kind') !== kind) return HttpResponse.json(errorBody('bad_kind', 'falsche Art'), { status: 400 });
    return HttpResponse.json({ status: 'valid', msg: '', needsPassword: false, ...answer });
  });

/** A POST that records its bodies and answers `answer` (or an error body with `status`). */
export function recordingPost(path: string, answer: unknown, status = 200) {
  const bodies: unknown[] = [];
  const handler = http.post(`*/api/${path}`, async ({ request }) => {
    bodies.push(await request.json().catch(() => undefined));
    return HttpResponse.json(answer as Record<string, unknown>, { status });
  });
  return { handler, bodies };
}

/** GET /api/me/account (+ the calls every section of /einstellungen makes), answering `account` as it changes. */
export function settingsHandlers(box: { account: AccountResponse }) {
  return [
    http.get('*/api/me/account', () => HttpResponse.json(box.account)),
    http.get('*/api/privacy-policy', () =>
      HttpResponse.json({ version: box.account.consents.currentPrivacyPolicyVersion, publishedAt: '2026-01-01T00:00:00.000Z' }),
    ),
    http.get('*/api/me/sessions', () =>
      HttpResponse.json({
        items: [
          {
            id: 's1',
            current: true,
            createdAt: '2026-11-22T08:00:00.000Z',
            lastSeenAt: '2026-11-22T09:00:00.000Z',
            ip: '127.0.0.1',
            userAgent: 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0',
          },
          {
            id: 's2',
            current: false,
            createdAt: '2026-11-20T08:00:00.000Z',
            lastSeenAt: '2026-11-21T09:00:00.000Z',
            ip: '10.0.0.2',
            userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1',
          },
        ],
      }),
    ),
  ];
}
