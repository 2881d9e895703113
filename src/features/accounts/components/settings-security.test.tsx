import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildAccount, TEST_TOKEN } from '../../../testing/factories/accounts';
import { users } from '../../../testing/factories/users';
import { errorBody, recordingPost, settingsHandlers } from '../../../testing/handlers/accounts';
import { renderRoute } from '../../../testing/render';

const strong = 'Holunderbusch-Regenpfeifer-77';

describe('/einstellungen: password and second factor', () => {
  it('shows the server message on "Aktuelles Passwort" and clears the form after a change', async () => {
    let calls = 0;
    const post = http.post('*/api/me/password', () => {
      calls += 1;
      if (calls === 1)
        return HttpResponse.json(errorBody('wrong_password', 'Das Passwort ist falsch.', { currentPassword: 'Das Passwort ist falsch.' }), {
          status: 400,
        });
      return HttpResponse.json({ msg: 'Dein neues Passwort gilt. Deine anderen Sitzungen wurden beendet.' });
    });
    const { user } = await renderRoute('/einstellungen', {
      user: users.oneEnrolled(),
      handlers: [post, ...settingsHandlers({ account: buildAccount() })],
    });
    const section = await screen.findByRole('region', { name: 'Passwort ändern' });
    await user.click(within(section).getByRole('button', { name: 'Passwort ändern' }));
    expect(within(section).getByText('Bitte gib dein aktuelles Passwort an.')).toBeInTheDocument();
    await user.type(within(section).getByLabelText('Aktuelles Passwort'), 'altes-passwort');
    await user.type(within(section).getByLabelText('Neues Passwort', { exact: true }), strong);
    await user.type(within(section).getByLabelText('Neues Passwort wiederholen'), strong);
    await user.click(within(section).getByRole('button', { name: 'Passwort ändern' }));
    expect(await within(section).findByText('Das Passwort ist falsch.')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Passwort ändern' }));
    expect(await screen.findByText('Dein neues Passwort gilt. Deine anderen Sitzungen wurden beendet.')).toBeInTheDocument();
    expect(within(section).getByLabelText('Aktuelles Passwort')).toHaveValue('');
  });

  it('sets up the second factor: QR code, code, recovery codes once', async () => {
    const box = { account: buildAccount() };
    const setup = recordingPost('me/totp/setup', { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/Portal:x?secret=JBSWY3DPEHPK3PXP' });
    const enable = http.post('*/api/me/totp/enable', async ({ request }) => {
      const { code } = (await request.json()) as { code: string };
      if (code !== '123456')
        return HttpResponse.json(errorBody('totp_invalid', 'Der Code stimmt nicht.', { code: 'Der Code stimmt nicht.' }), { status: 400 });
      box.account = { ...box.account, totp: { enabled: true, required: false, recoveryCodesLeft: 10 } };
      return HttpResponse.json({ recoveryCodes: ['AAAAA-BBBBB', 'CCCCC-DDDDD'], msg: 'ok' });
    });
    const { user } = await renderRoute('/einstellungen', { user: users.oneEnrolled(), handlers: [setup.handler, enable, ...settingsHandlers(box)] });
    const section = await screen.findByRole('region', { name: 'Zwei-Faktor-Authentifizierung' });
    expect(within(section).getByText('ausgeschaltet')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Zwei-Faktor-Authentifizierung einrichten' }));
    expect(await within(section).findByRole('img', { name: 'QR-Code für deine Authenticator-App' })).toBeInTheDocument();
    await user.type(within(section).getByLabelText('Bestätigungscode'), '12345');
    await user.click(within(section).getByRole('button', { name: 'Aktivieren' }));
    expect(within(section).getByText('Der Code besteht aus 6 Ziffern.')).toBeInTheDocument();
    await user.type(within(section).getByLabelText('Bestätigungscode'), '9');
    await user.click(within(section).getByRole('button', { name: 'Aktivieren' }));
    expect(await within(section).findByText('Der Code stimmt nicht.')).toBeInTheDocument();
    await user.clear(within(section).getByLabelText('Bestätigungscode'));
    await user.type(within(section).getByLabelText('Bestätigungscode'), '123456');
    await user.click(within(section).getByRole('button', { name: 'Aktivieren' }));
    expect(await within(section).findByRole('list', { name: 'Wiederherstellungscodes' })).toHaveTextContent('CCCCC-DDDDD');
    await user.click(within(section).getByRole('checkbox', { name: 'Ich habe die Codes sicher gespeichert' }));
    await user.click(within(section).getByRole('button', { name: 'Fertig' }));
    expect(await within(section).findByText('eingeschaltet')).toBeInTheDocument();
    expect(within(section).getByText('Noch 10 unbenutzte Wiederherstellungscodes.')).toBeInTheDocument();
  });

  it('an admin who must use the second factor cannot switch it off', async () => {
    const account = buildAccount({ isAdmin: true, totp: { enabled: true, required: true, recoveryCodesLeft: 3 } });
    await renderRoute('/einstellungen', { user: users.admin(), handlers: settingsHandlers({ account }) });
    const section = await screen.findByRole('region', { name: 'Zwei-Faktor-Authentifizierung' });
    expect(within(section).getByText(/lässt sich nicht ausschalten/)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Zwei-Faktor-Authentifizierung ausschalten' })).not.toBeInTheDocument();
  });
});

describe('/einstellungen/email-bestaetigen/{token}', () => {
  it('confirms on load, also for someone not logged in', async () => {
    const post = recordingPost('auth/email-change/confirm', { msg: 'Deine neue E-Mail-Adresse gilt jetzt. Melde dich künftig damit an.' });
    await renderRoute(`/einstellungen/email-bestaetigen/${TEST_TOKEN}`, { handlers: [post.handler] });
    expect(await screen.findByText('Deine neue E-Mail-Adresse gilt jetzt. Melde dich künftig damit an.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zum Anmelden' })).toBeInTheDocument();
    expect(post.bodies).toEqual([{ token: TEST_TOKEN }]);
  });

  it('explains a link used before and an address taken meanwhile', async () => {
    const used = recordingPost('auth/email-change/confirm', errorBody('token_used', 'Dieser Link wurde schon benutzt.'), 410);
    const first = await renderRoute(`/einstellungen/email-bestaetigen/${TEST_TOKEN}`, { handlers: [used.handler] });
    expect(await screen.findByText('Der Link wurde schon benutzt')).toBeInTheDocument();
    first.unmount();
    const taken = recordingPost(
      'auth/email-change/confirm',
      errorBody('email_taken', 'Diese E-Mail-Adresse wird inzwischen von einem anderen Benutzerkonto verwendet.'),
      409,
    );
    await renderRoute(`/einstellungen/email-bestaetigen/${TEST_TOKEN}`, { handlers: [taken.handler] });
    expect(await screen.findByRole('alert')).toHaveTextContent('Diese E-Mail-Adresse wird inzwischen von einem anderen Benutzerkonto verwendet.');
  });

  it('explains a link cut short (the request check names the token), not "Bitte prüfe deine Eingaben."', async () => {
    const cutShort = 'Der Link ist unvollständig oder beschädigt. Bitte kopiere ihn vollständig aus der E-Mail.';
    const refused = recordingPost(
      'auth/email-change/confirm',
      errorBody('validation_failed', 'Bitte prüfe deine Eingaben.', { token: cutShort }),
      400,
    );
    await renderRoute('/einstellungen/email-bestaetigen/abc', { handlers: [refused.handler] });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Der Link ist unvollständig')).toBeInTheDocument();
    expect(alert).toHaveTextContent(cutShort);
    expect(alert).not.toHaveTextContent('Bitte prüfe deine Eingaben.');
    expect(screen.getByRole('link', { name: 'Zu den Einstellungen' })).toBeInTheDocument();
  });
});
