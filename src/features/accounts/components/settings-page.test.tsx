import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AccountResponse, ConsentsUpdateRequest } from '../../../shared/contracts/accounts';
import { buildAccount } from '../../../testing/factories/accounts';
import { facility, users } from '../../../testing/factories/users';
import { errorBody, settingsHandlers } from '../../../testing/handlers/accounts';
import { cachedLoginStatus, renderRoute, waitForPath } from '../../../testing/render';

const undecided = () =>
  buildAccount({
    id: 6,
    email: 'einstellungen@demo.example',
    firstName: 'Emil',
    consents: {
      privacyPolicyVersion: null,
      privacyPolicyAcceptedAt: null,
      currentPrivacyPolicyVersion: '2026-01',
      newsletter: null,
      newsletterDecidedAt: null,
    },
    missingSettings: { privacyPolicy: 'Datenschutzerklärung (neue Fassung)', newsletter: 'Newsletter' },
  });

describe('/einstellungen', () => {
  it('deciding both consents empties missingSettings, so dialog 3 stays away', async () => {
    const box = { account: undecided() };
    const puts: ConsentsUpdateRequest[] = [];
    const put = http.put('*/api/me/consents', async ({ request }) => {
      const body = (await request.json()) as ConsentsUpdateRequest;
      puts.push(body);
      const { consents } = box.account;
      const missing = { ...box.account.missingSettings };
      if (body.acceptPrivacyPolicyVersion) {
        Object.assign(consents, { privacyPolicyVersion: body.acceptPrivacyPolicyVersion, privacyPolicyAcceptedAt: '2026-11-22T10:00:00.000Z' });
        delete missing.privacyPolicy;
      }
      if (body.newsletter !== undefined) {
        Object.assign(consents, { newsletter: body.newsletter, newsletterDecidedAt: '2026-11-22T10:00:00.000Z' });
        delete missing.newsletter;
      }
      box.account = { ...box.account, consents: { ...consents }, missingSettings: missing } as AccountResponse;
      return HttpResponse.json(box.account);
    });
    const { user, router, queryClient, session } = await renderRoute('/', {
      user: users.missingSettings(),
      handlers: [put, ...settingsHandlers(box)],
    });
    await user.click(await screen.findByRole('button', { name: 'Ok, mache ich.' }));
    await waitForPath(router, '/einstellungen');
    const section = screen.getByRole('region', { name: 'Einwilligungen' });
    expect(within(section).getByText('Du hast noch keine Fassung der Datenschutzerklärung akzeptiert.')).toBeInTheDocument();

    await user.click(within(section).getByRole('button', { name: 'Fassung 2026-01 akzeptieren' }));
    expect(await within(section).findByText('Du hast die Fassung 2026-01 am 22.11.2026 akzeptiert.')).toBeInTheDocument();
    await user.click(within(section).getByRole('radio', { name: 'Nein, danke.' }));
    await user.click(within(section).getByRole('button', { name: 'Newsletter-Entscheidung speichern' }));
    expect(await within(section).findByText('Du bekommst keinen Newsletter (entschieden am 22.11.2026).')).toBeInTheDocument();
    expect(puts).toEqual([{ acceptPrivacyPolicyVersion: '2026-01' }, { newsletter: false }]);
    expect(cachedLoginStatus(queryClient)?.user?.missingSettings).toEqual({});

    // the server agrees from now on; leaving and coming back shows no dialog 3
    session.status = { ...session.status, user: { ...session.status.user!, missingSettings: {} } };
    await user.click(screen.getByRole('navigation', { name: 'Hauptnavigation' }).querySelector('a[href="/"]') as HTMLElement);
    await waitForPath(router, '/');
    expect(screen.queryByRole('button', { name: 'Ok, mache ich.' })).not.toBeInTheDocument();
  });

  it('warns the last member of a KiTa, needs the password and ends on /login', async () => {
    const box = { account: buildAccount() };
    const bodies: unknown[] = [];
    const handlers = [
      ...settingsHandlers(box),
      http.get('*/api/me/deletion-check', () => HttpResponse.json({ lastMemberOf: [{ id: 11, label: 'KiTa Sonnenschein' }] })),
      http.post('*/api/me/delete', async ({ request }) => {
        const body = (await request.json()) as { password: string };
        bodies.push(body);
        if (body.password !== 'richtig')
          return HttpResponse.json(errorBody('wrong_password', 'Das Passwort ist falsch.', { password: 'Das Passwort ist falsch.' }), {
            status: 400,
          });
        return HttpResponse.json({ msg: 'Dein Benutzerkonto ist gelöscht. Schade, dass du gehst!' });
      }),
    ];
    const { user, router, session } = await renderRoute('/einstellungen', { user: users.oneEnrolled(), handlers });
    await user.click(await screen.findByRole('button', { name: 'Konto löschen …' }));
    const dialog = await screen.findByRole('dialog', { name: 'Benutzerkonto löschen' });
    expect(await within(dialog).findByText('KiTa Sonnenschein')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Konto endgültig löschen' }));
    expect(within(dialog).getByText('Bitte gib dein Passwort an.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Passwort'), 'falsch');
    await user.click(within(dialog).getByRole('button', { name: 'Konto endgültig löschen' }));
    expect(within(dialog).getByText('Bitte bestätige, dass du trotzdem löschen möchtest.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ich möchte mein Konto trotzdem löschen.' }));
    await user.click(within(dialog).getByRole('button', { name: 'Konto endgültig löschen' }));
    expect(await within(dialog).findByText('Das Passwort ist falsch.')).toBeInTheDocument();

    await user.clear(within(dialog).getByLabelText('Passwort'));
    await user.type(within(dialog).getByLabelText('Passwort'), 'richtig');
    session.status = { loggedin: false, user: null, curSeason: null };
    await user.click(within(dialog).getByRole('button', { name: 'Konto endgültig löschen' }));
    await waitForPath(router, '/login');
    expect(bodies.at(-1)).toEqual({ password: 'richtig', confirmLastMember: true });
    expect(await screen.findByText('Dein Benutzerkonto ist gelöscht. Schade, dass du gehst!')).toBeInTheDocument();
  });

  it('lists the sessions, marks this one and shows a pending e-mail change', async () => {
    const box = { account: buildAccount({ pendingEmail: 'neu@example.org' }) };
    await renderRoute('/einstellungen', { user: users.oneEnrolled(), handlers: settingsHandlers(box), activeFacilityId: facility(11, 'x').id });
    expect(await screen.findByText(/Wir haben einen Bestätigungslink an neu@example.org geschickt/)).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Deine aktiven Sitzungen' });
    const rows = within(table).getAllByRole('row');
    expect(rows[1]).toHaveTextContent('Chrome unter Linux');
    expect(rows[1]).toHaveTextContent('Diese Sitzung');
    expect(rows[2]).toHaveTextContent('Safari unter iOS');
    expect(rows[2]).toHaveTextContent('21.11.2026');
  });
});
