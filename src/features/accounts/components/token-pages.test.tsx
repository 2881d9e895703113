import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { TEST_TOKEN } from '../../../testing/factories/accounts';
import { currentSeason, loggedIn, users } from '../../../testing/factories/users';
import type { FakeSession } from '../../../testing/handlers/session';
import { errorBody, recordingPost, SAME_ANSWER, tokenStatusHandler } from '../../../testing/handlers/accounts';
import { renderRoute, waitForPath } from '../../../testing/render';

const strong = 'Kastanienbaum-Wolkenschiff-42';

describe('/aktivieren/ct{token}', () => {
  it('activates on load and links to the login', async () => {
    const post = recordingPost('auth/activate', { msg: 'Dein Benutzerkonto ist aktiviert. Du kannst dich jetzt anmelden.' });
    await renderRoute(`/aktivieren/ct${TEST_TOKEN}`, { handlers: [tokenStatusHandler('activation'), post.handler] });
    expect(await screen.findByText('Dein Benutzerkonto ist aktiviert. Du kannst dich jetzt anmelden.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zum Anmelden' })).toHaveAttribute('href', '/login');
    expect(post.bodies).toEqual([{ token: TEST_TOKEN }]);
  });

  it.each([
    ['unknown', 'Diesen Link kennen wir nicht. Fordere einfach einen neuen an.', 'Neuen Aktivierungslink anfordern'],
    ['expired', 'Dieser Link ist abgelaufen. Fordere einfach einen neuen an.', 'Neuen Aktivierungslink anfordern'],
    ['used', 'Dieser Link wurde schon benutzt – dein Benutzerkonto ist aktiviert. Du kannst dich anmelden.', 'Zum Anmelden'],
  ] as const)('explains a %s link and where to go next', async (status, msg, link) => {
    const post = recordingPost('auth/activate', { msg: 'nie' });
    await renderRoute(`/aktivieren/ct${TEST_TOKEN}`, { handlers: [tokenStatusHandler('activation', { status, msg }), post.handler] });
    expect(await screen.findByText(msg)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: link })).toBeInTheDocument();
    expect(post.bodies).toHaveLength(0);
  });

  it('tells a deactivated account apart and explains a token refused on activation', async () => {
    const post = recordingPost('auth/activate', errorBody('account_deactivated', 'Dieses Benutzerkonto ist gesperrt.'), 403);
    await renderRoute(`/aktivieren/ct${TEST_TOKEN}`, { handlers: [tokenStatusHandler('activation'), post.handler] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Dieses Benutzerkonto ist gesperrt.');
    expect(screen.getByText('Das Benutzerkonto ist gesperrt')).toBeInTheDocument();
  });

  it('asks an invited account for its password first', async () => {
    const post = recordingPost('auth/activate', { msg: 'Dein Benutzerkonto ist aktiviert. Du kannst dich jetzt anmelden.' });
    const { user } = await renderRoute(`/aktivieren/ct${TEST_TOKEN}`, {
      handlers: [tokenStatusHandler('activation', { needsPassword: true }), post.handler],
    });
    await user.type(screen.getByLabelText('Passwort', { exact: true }), strong);
    await user.type(screen.getByLabelText('Passwort wiederholen'), strong);
    await user.click(screen.getByRole('button', { name: 'Passwort festlegen und aktivieren' }));
    expect(await screen.findByText('Dein Benutzerkonto ist aktiviert')).toBeInTheDocument();
    expect(post.bodies).toEqual([{ token: TEST_TOKEN, password: strong, passwordRepeat: strong }]);
  });
});

describe('/aktivieren/wiederholen and /passwort-vergessen', () => {
  it('answers the same for every address and shows the throttling message', async () => {
    const post = recordingPost('auth/activation/resend', { msg: SAME_ANSWER.resent });
    const { user } = await renderRoute('/aktivieren/wiederholen', { handlers: [post.handler] });
    await user.click(screen.getByRole('button', { name: 'Link neu schicken' }));
    expect(screen.getByText('Bitte gib deine E-Mail-Adresse an.')).toBeInTheDocument();
    await user.type(screen.getByLabelText('E-Mail'), 'wer@example.org');
    await user.click(screen.getByRole('button', { name: 'Link neu schicken' }));
    expect(await screen.findByText(SAME_ANSWER.resent)).toBeInTheDocument();
    expect(screen.getByText('Schau in dein Postfach')).toBeInTheDocument();
  });

  it('shows "too many requests" in the form', async () => {
    const msg = 'Zu viele Anfragen. Bitte warte einen Moment und versuche es dann noch einmal.';
    const post = recordingPost('auth/password/forgot', errorBody('too_many_requests', msg), 429);
    const { user } = await renderRoute('/passwort-vergessen', { handlers: [post.handler] });
    await user.type(screen.getByLabelText('E-Mail'), 'wer@example.org');
    await user.click(screen.getByRole('button', { name: 'Link anfordern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(msg);
    expect(screen.getByLabelText('E-Mail')).toHaveValue('wer@example.org');
  });
});

describe('/passwort-wiederherstellen-{token}', () => {
  it('sets the new password, logs in and goes home', async () => {
    const me = users.oneEnrolled();
    const box: { session?: FakeSession } = {};
    const { user, router, auth, session } = await renderRoute(`/passwort-wiederherstellen-${TEST_TOKEN}`, {
      handlers: [
        tokenStatusHandler('password-reset'),
        http.post('*/api/auth/password/reset', () => {
          if (box.session) box.session.status = loggedIn(me);
          return HttpResponse.json({
            msg: 'Dein neues Passwort gilt. Du bist jetzt angemeldet.',
            loggedin: true,
            user: me,
            curSeason: currentSeason,
          });
        }),
      ],
    });
    box.session = session;
    await user.type(screen.getByLabelText('Neues Passwort', { exact: true }), strong);
    await user.type(screen.getByLabelText('Neues Passwort wiederholen'), strong);
    await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    await waitForPath(router, '/');
    expect(auth.getState().user?.email).toBe(me.email);
    expect(await screen.findByText('Dein neues Passwort gilt. Du bist jetzt angemeldet.')).toBeInTheDocument();
  });

  it('explains an expired link and a link used meanwhile', async () => {
    const expired = 'Dieser Link ist abgelaufen. Fordere einfach einen neuen an.';
    const first = await renderRoute(`/passwort-wiederherstellen-${TEST_TOKEN}`, {
      handlers: [tokenStatusHandler('password-reset', { status: 'expired', msg: expired })],
    });
    expect(await screen.findByText(expired)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Neuen Link zum Zurücksetzen anfordern' })).toHaveAttribute('href', '/passwort-vergessen');
    first.unmount();

    const used = 'Dieser Link wurde schon benutzt.';
    const post = recordingPost('auth/password/reset', errorBody('token_used', used), 410);
    const { user } = await renderRoute(`/passwort-wiederherstellen-${TEST_TOKEN}`, {
      handlers: [tokenStatusHandler('password-reset'), post.handler],
    });
    await user.type(screen.getByLabelText('Neues Passwort', { exact: true }), strong);
    await user.type(screen.getByLabelText('Neues Passwort wiederholen'), strong);
    await user.click(screen.getByRole('button', { name: 'Passwort speichern' }));
    expect(await screen.findByText(used)).toBeInTheDocument();
    expect(screen.getByText('Der Link wurde schon benutzt')).toBeInTheDocument();
  });
});
