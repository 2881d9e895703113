import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentSeason, loggedIn, users } from '../../../testing/factories/users';
import { TEST_PASSWORD, type FakeSession } from '../../../testing/handlers/session';
import { renderRoute, waitForPath } from '../../../testing/render';

const admin = users.admin();
const needs = (needs: 'totp' | 'totp-setup', msg: string, extra: object = {}) =>
  HttpResponse.json(
    { success: false, user: null, curSeason: null, msg, needs, reason: { code: 'totp_required', message: msg }, ...extra },
    { status: 401 },
  );
/** the fake server's session, so the ping after the login sees it (else it reports the session as lost) */
const box: { session?: FakeSession } = {};
const welcome = (extra: object = {}) => {
  if (box.session) box.session.status = loggedIn(admin);
  return HttpResponse.json({ success: true, user: admin, curSeason: currentSeason, msg: 'Willkommen zurück!', ...extra });
};
const setup = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
  otpauthUrl: 'otpauth://totp/Portal:admin%40demo.example?secret=JBSWY3DPEHPK3PXPJBSWY3DP&issuer=Portal',
};

async function enterPassword(user: Awaited<ReturnType<typeof renderRoute>>['user']) {
  await user.type(screen.getByLabelText('E-Mail'), admin.email);
  await user.type(screen.getByLabelText('Passwort', { exact: true }), TEST_PASSWORD);
  await user.click(screen.getByRole('button', { name: 'Anmelden' }));
}

describe('login with a second factor', () => {
  it('asks for the code, refuses a wrong one and logs in with the right one', async () => {
    const bodies: Array<Record<string, unknown>> = [];
    const login = http.post('*/api/login', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      bodies.push(body);
      if (!body.totp) return needs('totp', 'Bitte gib den 6-stelligen Code aus deiner Authenticator-App ein.');
      if (body.totp !== '123456') return needs('totp', 'Der Code stimmt nicht. Bitte gib den aktuellen Code aus deiner Authenticator-App ein.');
      return welcome();
    });
    const { user, router, session } = await renderRoute('/login', { handlers: [login] });
    box.session = session;
    await enterPassword(user);
    expect(await screen.findByText('Bitte gib den 6-stelligen Code aus deiner Authenticator-App ein.')).toBeInTheDocument();
    const code = screen.getByLabelText('Bestätigungscode');

    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(screen.getByText('Bitte gib den Code aus deiner Authenticator-App ein.')).toBeInTheDocument();
    await user.type(code, '12');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(screen.getByText(/Gib den 6-stelligen Code oder einen Wiederherstellungscode/)).toBeInTheDocument();

    await user.clear(code);
    await user.type(code, '654321');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Der Code stimmt nicht.');

    await user.clear(code);
    await user.type(code, '123456');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitForPath(router, '/');
    expect(bodies.at(-1)).toEqual({ email: admin.email, password: TEST_PASSWORD, totp: '123456' });
  });

  it('accepts a recovery code', async () => {
    const login = http.post('*/api/login', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      if (body.totp !== 'ABCDE-FGH23') return needs('totp', 'Bitte gib den 6-stelligen Code aus deiner Authenticator-App ein.');
      return welcome();
    });
    const { user, router, session } = await renderRoute('/login', { handlers: [login] });
    box.session = session;
    await enterPassword(user);
    await user.type(await screen.findByLabelText('Bestätigungscode'), 'ABCDE-FGH23');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitForPath(router, '/');
  });

  it('leads an admin without a second factor through the set-up and shows the recovery codes once', async () => {
    const codes = ['AAAAA-BBBBB', 'CCCCC-DDDDD'];
    const login = http.post('*/api/login', async ({ request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      if (!body.totp) return needs('totp-setup', 'Als Administrator*in meldest du dich mit einem zweiten Faktor an.', { totpSetup: setup });
      return welcome({ recoveryCodes: codes });
    });
    const { user, router, session } = await renderRoute('/login', { handlers: [login] });
    box.session = session;
    await enterPassword(user);
    expect(await screen.findByText('Zweiten Faktor einrichten')).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'QR-Code für deine Authenticator-App' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/svg\+xml/),
    );
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Bestätigungscode'), '123456');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));

    const list = await screen.findByRole('list', { name: 'Wiederherstellungscodes' });
    expect(list).toHaveTextContent('AAAAA-BBBBB');
    expect(router.state.location.pathname).toBe('/login');
    const next = screen.getByRole('button', { name: 'Weiter zum Portal' });
    expect(next).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Ich habe die Codes sicher gespeichert' }));
    await user.click(next);
    await waitForPath(router, '/');
  });
});
