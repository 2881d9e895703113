import { http, HttpResponse } from 'msw';
import type { LoginStatusResponse, PingRequest, User } from '../../shared/contracts/auth';
import type { PublicConfig } from '../../shared/contracts/config';
import { accountOfUser } from '../factories/accounts';
import { anonymous, currentSeason, loggedIn, users } from '../factories/users';

export const TEST_PASSWORD = 'Demo-Passwort-2026';
export const testConfig: PublicConfig = {
  programmeName: 'Ökokids-Portal',
  supportEmail: 'kitas@example.org',
  supportPhone: '089 123456',
  imprintUrl: 'https://example.org/impressum',
  privacyUrl: null,
  accessibilityUrl: null,
  accessibilityContact: 'barrierefrei@example.org',
  version: 'test-version',
};

const WRONG = 'E-Mail-Adresse oder Passwort ist falsch.';

export type FakeSession = {
  status: LoginStatusResponse;
  pings: PingRequest[];
  loginCalls: number;
  statusCalls: number;
  /** what the next pings answer for `version` */
  serverVersion: string;
};

/**
 * A tiny in-memory backend for the session calls (docs/foundation-plan.md shapes): login with any factory user's
 * e-mail and TEST_PASSWORD, logout, login status, ping and the public config. Tests read and change `session`.
 */
export function sessionHandlers(initial: LoginStatusResponse = anonymous(), accounts: User[] = Object.values(users).map((f) => f())) {
  const session: FakeSession = { status: initial, pings: [], loginCalls: 0, statusCalls: 0, serverVersion: testConfig.version };
  const handlers = [
    http.get('*/api/config', () => HttpResponse.json(testConfig)),
    http.get('*/api/loginstatus', () => {
      session.statusCalls += 1;
      return HttpResponse.json(session.status);
    }),
    http.post('*/api/ping', async ({ request }) => {
      session.pings.push((await request.json()) as PingRequest);
      return HttpResponse.json({ loggedin: session.status.loggedin, version: session.serverVersion });
    }),
    http.post('*/api/login', async ({ request }) => {
      session.loginCalls += 1;
      const { email, password } = (await request.json()) as { email: string; password: string };
      const user = accounts.find((u) => u.email === email);
      if (!user || password !== TEST_PASSWORD) {
        return HttpResponse.json(
          { success: false, user: null, curSeason: null, msg: WRONG, reason: { message: WRONG, code: 'invalid_credentials' } },
          { status: 401 },
        );
      }
      session.status = loggedIn(user);
      return HttpResponse.json({ success: true, user, curSeason: currentSeason, msg: 'Willkommen zurück!' });
    }),
    // /einstellungen reads these for whoever is logged in (tests of the settings pass their own answers)
    http.get('*/api/me/account', () =>
      session.status.user
        ? HttpResponse.json(accountOfUser(session.status.user))
        : HttpResponse.json({ reason: { code: 'unauthorized', message: 'Bitte melde dich an.' } }, { status: 401 }),
    ),
    http.get('*/api/me/sessions', () => HttpResponse.json({ items: [] })),
    http.delete('*/api/logout', () => {
      session.status = anonymous();
      return HttpResponse.json({ success: true, msg: 'Du bist abgemeldet.' });
    }),
  ];
  return { session, handlers };
}
