import { MantineProvider } from '@mantine/core';
import { Notifications, notifications } from '@mantine/notifications';
import { render, screen, within } from '@testing-library/react';
import { HTTPError } from 'ky';
import { HttpResponse, delay, http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { theme } from './theme';
import { server } from '../testing/msw-server';
import {
  createApiClient,
  getErrorBody,
  getErrorReason,
  isAlreadyNotified,
  isNoResponseError,
  parseWith,
  QUIET_FAILURES,
  reportError,
  setPublicConfig,
} from './api-client';
import { NOTIFICATIONS_PROPS } from './notifications';

const url = (path: string) => `${location.origin}/api/${path}`;
const client = () => createApiClient({ retry: 0 });

function renderNotifications() {
  render(
    <MantineProvider theme={theme} env="test">
      <Notifications {...NOTIFICATIONS_PROPS} />
    </MantineProvider>,
  );
}

/** Runs the call and hands back what it rejected with (the test fails if it resolves). */
async function failureOf(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => expect.unreachable('the call should have failed'),
    (error: unknown) => error,
  );
}

beforeEach(() => {
  setPublicConfig({ programmeName: 'Ökokids', supportEmail: 'hilfe@oekokids.example', supportPhone: '089 123' });
  renderNotifications();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('api client: failures the shared handler reports (seed §8)', () => {
  it('given no response at all, shows the offline text and marks the error', async () => {
    server.use(http.get(url('loginstatus'), () => HttpResponse.error()));
    const error = await failureOf(client().get('loginstatus').json());

    expect(isAlreadyNotified(error)).toBe(true);
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Da ging etwas schief.')).toBeInTheDocument();
    expect(within(alert).getByText('Die Server von Ökokids konnten nicht erreicht werden. Bist du offline?')).toBeInTheDocument();
    expect(within(alert).getByRole('progressbar', { name: 'Verbleibende Anzeigedauer' })).toBeInTheDocument();
  });

  it('given a request marked with QUIET_FAILURES, tells nobody and hands the caller the unmarked error', async () => {
    server.use(http.put(url('facilities/1/documentation'), () => HttpResponse.error()));
    const error = await failureOf(client().put('facilities/1/documentation', { json: {}, context: QUIET_FAILURES }).json());

    expect(isNoResponseError(error)).toBe(true);
    expect(isAlreadyNotified(error)).toBe(false);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('given the timeout runs out, shows the offline text as well', async () => {
    server.use(
      http.get(url('slow'), async () => {
        await delay(300);
        return HttpResponse.json({});
      }),
    );
    const error = await failureOf(createApiClient({ retry: 0, timeout: 20 }).get('slow').json());
    expect(isAlreadyNotified(error)).toBe(true);
    expect(await screen.findByText(/Bist du offline\?/)).toBeInTheDocument();
  });

  it('given HTTP 504, apologises, asks about a proxy and names the support e-mail', async () => {
    server.use(http.get(url('config'), () => new HttpResponse(null, { status: 504 })));
    const error = await failureOf(client().get('config').json());

    expect(error).toBeInstanceOf(HTTPError);
    expect(isAlreadyNotified(error)).toBe(true);
    expect(
      await screen.findByText(
        'Entschuldige, unsere Server scheinen gerade nicht erreichbar zu sein. Nutzt du einen Proxy? Dann prüfe ' +
          'bitte seine Einstellungen. Wenn das Problem bleibt, schreib uns an hilfe@oekokids.example.',
      ),
    ).toBeInTheDocument();
  });

  it('given HTTP 511, asks whether the user has logged in to the network', async () => {
    server.use(http.post(url('ping'), () => new HttpResponse(null, { status: 511 })));
    const error = await failureOf(client().post('ping', { json: {} }).json());

    expect(isAlreadyNotified(error)).toBe(true);
    expect(
      await screen.findByText(
        'Unsere Server konnten nicht erreicht werden. Hast du dich schon im Netzwerk angemeldet? Das passiert oft ' +
          'in öffentlichen WLANs, die eine zusätzliche Anmeldung verlangen.',
      ),
    ).toBeInTheDocument();
  });

  it('given a GET that keeps failing with 504, retries and notifies once, after the last attempt', async () => {
    const show = vi.spyOn(notifications, 'show');
    let attempts = 0;
    server.use(
      http.get(url('flaky'), () => {
        attempts += 1;
        return new HttpResponse(null, { status: 504 });
      }),
    );
    const api = createApiClient({ retry: { limit: 2, methods: ['get'], statusCodes: [504], delay: () => 0 } });
    await failureOf(api.get('flaky'));

    expect(attempts).toBe(3);
    expect(show).toHaveBeenCalledTimes(1);
  });

  it('given the caller cancels the request, tells nobody', async () => {
    const show = vi.spyOn(notifications, 'show');
    server.use(
      http.get(url('slow'), async () => {
        await delay(200);
        return HttpResponse.json({});
      }),
    );
    const controller = new AbortController();
    const pending = failureOf(client().get('slow', { signal: controller.signal }).json());
    controller.abort();

    expect(await pending).toMatchObject({ name: 'AbortError' });
    expect(show).not.toHaveBeenCalled();
  });
});

describe('api client: errors passed on to the caller', () => {
  const reason = { message: 'Das gibt es hier nicht.', code: 'not_found' };

  it('given HTTP 500 with a reason, does not notify but hands the reason to the caller', async () => {
    const show = vi.spyOn(notifications, 'show');
    server.use(http.get(url('facilities/7'), () => HttpResponse.json({ reason }, { status: 500 })));
    const error = await failureOf(client().get('facilities/7').json());

    expect(error).toBeInstanceOf(HTTPError);
    expect(isAlreadyNotified(error)).toBe(false);
    expect(getErrorReason(error)).toEqual(reason);
    expect(getErrorBody(error)).toEqual({ reason });
    expect(show).not.toHaveBeenCalled();
    // the caller can still read the body itself
    expect(await (error as HTTPError).response.json()).toEqual({ reason });
  });

  it('reportError shows the intro, the given text and reason.message, once', async () => {
    server.use(http.get(url('facilities/7'), () => HttpResponse.json({ reason }, { status: 500 })));
    const error = await failureOf(client().get('facilities/7').json());
    const show = vi.spyOn(notifications, 'show');

    reportError(error, 'Die KiTa konnte nicht geladen werden.');
    reportError(error, 'Die KiTa konnte nicht geladen werden.');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Da ging etwas schief.')).toBeInTheDocument();
    expect(within(alert).getByText('Die KiTa konnte nicht geladen werden.')).toBeInTheDocument();
    expect(within(alert).getByText('Das gibt es hier nicht.')).toBeInTheDocument();
    expect(show).toHaveBeenCalledTimes(1);
  });

  it('reportError stays silent for an error the handler already reported', async () => {
    server.use(http.get(url('x'), () => HttpResponse.error()));
    const error = await failureOf(client().get('x'));
    const show = vi.spyOn(notifications, 'show');
    reportError(error, 'Egal.');
    expect(show).not.toHaveBeenCalled();
  });

  it('does not retry a POST (not idempotent)', async () => {
    let attempts = 0;
    server.use(
      http.post(url('login'), () => {
        attempts += 1;
        return new HttpResponse(null, { status: 503 });
      }),
    );
    await failureOf(createApiClient({ retry: { limit: 2, delay: () => 0 } }).post('login', { json: {} }));
    expect(attempts).toBe(1);
  });
});

describe('parseWith', () => {
  const schema = z.object({ loggedin: z.boolean() });

  it('types and checks the answer with the shared contract', async () => {
    server.use(http.get(url('loginstatus'), () => HttpResponse.json({ loggedin: true })));
    const status = await client().get('loginstatus').json().then(parseWith(schema));
    expect(status.loggedin).toBe(true);
  });

  it('given an answer of the wrong shape, rejects', async () => {
    server.use(http.get(url('loginstatus'), () => HttpResponse.json({ loggedin: 'ja' })));
    await expect(client().get('loginstatus').json().then(parseWith(schema))).rejects.toBeInstanceOf(z.ZodError);
  });
});
