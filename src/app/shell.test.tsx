import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { ErrorPage } from '../components/layout/error-page';
import { users } from '../testing/factories/users';
import { buildAdminOffering } from '../testing/factories/programme';
import { TEST_PASSWORD } from '../testing/handlers/session';
import { renderRoute, waitForPath } from '../testing/render';
import { Providers } from './providers';
import { createQueryClient } from './query-client';

describe('layout and navigation', () => {
  it('shows the home page with the programme name for a user with one KiTa', async () => {
    const { router } = await renderRoute('/', { user: users.oneEnrolled() });
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Start' })).toBeInTheDocument();
    expect(await screen.findByText('Ökokids-Portal')).toBeInTheDocument();
    // the home page is the KiTa's season checklist now (the default answer: no season active)
    expect(screen.getByText('Willkommen, Erika! Hier siehst du, was für „KiTa Sonnenschein“ als Nächstes ansteht.')).toBeInTheDocument();
    expect(await screen.findByText('Zurzeit ist kein KiTa-Jahr aktiv.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zum Inhalt springen' })).toHaveAttribute('href', '#main-content');
    expect(document.getElementById('main-content')?.tagName).toBe('MAIN');
  });

  it('the navigation names pages like their headings and marks the current one', async () => {
    await renderRoute('/fortbildungen', { user: users.oneEnrolled() });
    const nav = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    const names = within(nav)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(names).toEqual([
      'Start',
      'Stammdaten',
      'Personal',
      'KiTa-Jahr-Anmeldung',
      'Team-Workshop',
      'Fortbildungen',
      'Hospitationen',
      'Dokumentationsbogen',
      'Auszeichnungsveranstaltung',
      'Einstellungen',
    ]);
    expect(within(nav).getByRole('link', { name: 'Fortbildungen' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Start' })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('heading', { level: 1, name: 'Fortbildungen' })).toBeInTheDocument();
  });

  it('no area is marked "in Vorbereitung": every KiTa page is built', async () => {
    // the documentation form was the last KiTa page (issue 12); the admin data tools followed (issues 21, 24)
    await renderRoute('/einstellungen', { user: users.oneEnrolled() });
    const nav = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    for (const name of [
      'Start',
      'Stammdaten',
      'Personal',
      'KiTa-Jahr-Anmeldung',
      'Team-Workshop',
      'Fortbildungen',
      'Hospitationen',
      'Dokumentationsbogen',
      'Auszeichnungsveranstaltung',
      'Einstellungen',
    ]) {
      expect(within(nav).getByRole('link', { name }), name).not.toHaveAccessibleDescription();
    }
  });

  it('admins get a sub-navigation of the admin areas, none of them marked "in Vorbereitung" (the data tools are built too)', async () => {
    await renderRoute('/verwaltung/kitas/abc', { user: users.admin() });
    const sub = (await screen.findAllByRole('navigation', { name: 'Bereiche der Verwaltung' }))[0]!;
    expect(within(sub).getByRole('link', { name: 'KiTa-Jahre' })).not.toHaveAccessibleDescription();
    expect(within(sub).getByRole('link', { name: 'KiTas' })).not.toHaveAccessibleDescription();
    expect(within(sub).getByRole('link', { name: 'Team-Workshops' })).not.toHaveAccessibleDescription();
    expect(within(sub).getByRole('link', { name: 'Hospitationen' })).not.toHaveAccessibleDescription();
    expect(within(sub).getByRole('link', { name: 'Dokumentationsbögen' })).not.toHaveAccessibleDescription();
    expect(within(sub).getByRole('link', { name: 'E-Mail-Adressen' })).not.toHaveAccessibleDescription();
    expect(within(sub).getByRole('link', { name: 'ActiveCampaign-Integration' })).not.toHaveAccessibleDescription();
  });

  it("the footer links the imprint (configured), and the portal's own privacy policy and accessibility statement", async () => {
    await renderRoute('/login');
    const footer = screen.getByRole('navigation', { name: 'Rechtliches' });
    expect(within(footer).getByRole('link', { name: /Impressum/ })).toHaveAttribute('href', 'https://example.org/impressum');
    expect(within(footer).getByRole('link', { name: 'Datenschutzerklärung' })).toHaveAttribute('href', '/datenschutz');
    expect(within(footer).getByRole('link', { name: 'Erklärung zur Barrierefreiheit' })).toHaveAttribute('href', '/barrierefreiheit');
  });

  it('the accessibility statement names the feedback contact (BITV 2.0 §7)', async () => {
    await renderRoute('/barrierefreiheit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Erklärung zur Barrierefreiheit' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Barrieren melden' })).toBeInTheDocument();
    expect(screen.getByTestId('accessibility-contact')).toHaveAttribute('href', 'mailto:barrierefrei@example.org');
  });

  it('a KiTa not enrolled sees only the pages it may open; admins see Verwaltung', async () => {
    const first = await renderRoute('/', { user: users.notEnrolled() });
    const nav = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    expect(within(nav).getByRole('link', { name: 'Stammdaten' })).toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Fortbildungen' })).not.toBeInTheDocument();
    expect(within(nav).queryByRole('link', { name: 'Verwaltung' })).not.toBeInTheDocument();
    first.unmount();

    await renderRoute('/', { user: users.admin() });
    const adminNav = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    expect(within(adminNav).getByRole('link', { name: 'Verwaltung' })).toBeInTheDocument();
    expect(within(adminNav).queryByRole('link', { name: 'Stammdaten' })).not.toBeInTheDocument();
  });

  it('an unknown path shows the German 404 page inside the layout', async () => {
    await renderRoute('/gibt-es-nicht', { user: users.oneEnrolled() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('navigation', { name: 'Hauptnavigation' })).toBeInTheDocument();
  });

  it('an unknown path shows the 404 page to anonymous visitors too', async () => {
    const { router } = await renderRoute('/verwaltung/gibt-es-nicht/auch-nicht');
    expect(router.state.location.pathname).not.toBe('/');
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument();
  });

  it('focus moves to the new page heading after a navigation', async () => {
    const { router, user } = await renderRoute('/', { user: users.oneEnrolled() });
    await user.click(screen.getByRole('link', { name: 'Personal' }));
    await waitForPath(router, '/personal');
    const heading = await screen.findByRole('heading', { level: 1, name: 'Personal' });
    await new Promise((resolve) => requestAnimationFrame(resolve));
    expect(heading).toHaveFocus();
    expect(document.title).toBe('Personal – Ökokids-Portal');
  });
});

describe('id route parameters (seed §2)', () => {
  it('numeric ids are integers; a page never prints them', async () => {
    const offering = http.get('*/api/admin/offerings/42', () => HttpResponse.json(buildAdminOffering({ id: 42 })));
    const enrolments = http.get('*/api/admin/offerings/42/enrolments', () => HttpResponse.json({ items: [], total: 0, page: 1, pageSize: 100 }));
    const { router } = await renderRoute('/verwaltung/fortbildungen/42/anmeldungen', { user: users.admin(), handlers: [enrolments, offering] });
    const match = router.state.matches.at(-1);
    expect(match?.params).toMatchObject({ trainingEventId: 42 });
    expect(screen.getByRole('heading', { level: 1, name: 'Anmeldungen: Einsteiger: Grundlagen der BNE' })).toBeInTheDocument();
    expect(screen.getByRole('main')).not.toHaveTextContent(/\b42\b|null/);
  });

  it('an id that names nothing (not a number, or beyond the column range) shows the not-found page', async () => {
    for (const path of [
      '/verwaltung/hospitationen/abc/anmeldungen',
      '/verwaltung/fortbildungen/x/anmeldungen',
      '/verwaltung/fortbildungen/99999999999/anmeldungen',
      '/verwaltung/dokuboegen/2026-27/x',
      '/verwaltung/dokuboegen/abc',
    ]) {
      const { unmount } = await renderRoute(path, { user: users.admin() });
      expect(await screen.findByRole('heading', { level: 1, name: /nicht/ }), path).toBeInTheDocument();
      expect(screen.getByRole('main'), path).not.toHaveTextContent(/abc|null|99999999999/);
      unmount();
    }
  });

  it('a record that does not exist says so at once, with the way back to its list', async () => {
    const missing = (path: string) =>
      http.get(`*/api/admin/${path}/999`, () => HttpResponse.json({ reason: { message: 'Nicht gefunden.', code: 'not_found' } }, { status: 404 }));
    const first = await renderRoute('/verwaltung/kitas/999', { user: users.admin(), handlers: [missing('facilities')] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Diese KiTa gibt es nicht (mehr)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Liste aller KiTas' })).toHaveAttribute('href', '/verwaltung/kitas');
    expect(screen.queryByText(/Da ging etwas schief/)).not.toBeInTheDocument();
    first.unmount();
    await renderRoute('/verwaltung/personen/999', { user: users.admin(), handlers: [missing('persons')] });
    expect(await screen.findByRole('heading', { level: 1, name: 'Diese Person gibt es nicht (mehr)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Liste aller Personen' })).toHaveAttribute('href', '/verwaltung/personen');
  });

  it('a season the server does not know says so on its documentation pages, with the way back to the list', async () => {
    const unknownSeason = http.get('*/api/admin/documentation/2031-32*', () =>
      HttpResponse.json({ reason: { message: 'Dieses KiTa-Jahr gibt es nicht.', code: 'not_found' } }, { status: 404 }),
    );
    for (const path of ['/verwaltung/dokuboegen/2031-32', '/verwaltung/dokuboegen/2031-32/vorlage']) {
      const { unmount } = await renderRoute(path, { user: users.admin(), handlers: [unknownSeason] });
      expect(await screen.findByRole('heading', { level: 1, name: 'Dieses KiTa-Jahr gibt es nicht' }), path).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Zur Liste der Dokumentationsbögen' }), path).toHaveAttribute('href', '/verwaltung/dokuboegen');
      expect(screen.queryByText(/Da ging etwas schief/), path).not.toBeInTheDocument();
      unmount();
    }
  });

  it('the facility id of a documentation form keeps the season identifier as text', async () => {
    const { router } = await renderRoute('/verwaltung/dokuboegen/2026-27/7', { user: users.admin() });
    expect(router.state.matches.at(-1)?.params).toMatchObject({ seasonIdentifier: '2026-27', facilityId: 7 });
  });

  it('token routes are public', async () => {
    const malformed = http.get('*/api/auth/token-status', () =>
      HttpResponse.json({ status: 'malformed', msg: 'Der Link ist unvollständig.', needsPassword: false }),
    );
    const first = await renderRoute('/aktivieren/ctabc123', { handlers: [malformed] });
    expect(first.router.state.matches.at(-1)?.params).toMatchObject({ token: 'abc123' });
    first.unmount();
    const second = await renderRoute('/passwort-wiederherstellen-xyz', { handlers: [malformed] });
    expect(second.router.state.matches.at(-1)?.params).toMatchObject({ token: 'xyz' });
  });

  it('the training admin screen has two tabs with their own addresses', async () => {
    const { router, user } = await renderRoute('/verwaltung/fortbildungen', { user: users.admin() });
    expect(screen.getByRole('tab', { name: 'Termine' })).toHaveAttribute('aria-selected', 'true');
    await user.click(screen.getByRole('tab', { name: 'Module' }));
    await waitForPath(router, '/verwaltung/fortbildungen/module');
    expect(screen.getByRole('tab', { name: 'Module' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe('login page', () => {
  it('shows the server message on wrong credentials', async () => {
    const { user, router } = await renderRoute('/login');
    await user.type(screen.getByLabelText('E-Mail'), 'eine-kita@demo.example');
    await user.type(screen.getByLabelText('Passwort'), 'falsch');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('E-Mail-Adresse oder Passwort ist falsch.');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('shows the throttling message of a 429', async () => {
    const msg = 'Zu viele Anmeldeversuche. Bitte versuche es um 17:42 Uhr wieder.';
    const { user } = await renderRoute('/login', {
      handlers: [
        http.post('*/api/login', () =>
          HttpResponse.json(
            { success: false, user: null, curSeason: null, msg, reason: { message: msg, code: 'too_many_attempts' } },
            { status: 429, headers: { 'Retry-After': '60' } },
          ),
        ),
      ],
    });
    await user.type(screen.getByLabelText('E-Mail'), 'eine-kita@demo.example');
    await user.type(screen.getByLabelText('Passwort'), TEST_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(msg);
  });

  it('asks for the fields in German before sending', async () => {
    const { user, session } = await renderRoute('/login');
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByText('Bitte gib deine E-Mail-Adresse an.')).toBeInTheDocument();
    expect(screen.getByText('Bitte gib dein Passwort an.')).toBeInTheDocument();
    expect(session.loginCalls).toBe(0);
  });

  it('shows a code field when the server needs a second factor', async () => {
    const { user } = await renderRoute('/login', {
      handlers: [
        http.post('*/api/login', () =>
          HttpResponse.json({ success: false, user: null, curSeason: null, msg: 'Bitte gib deinen Bestätigungscode ein.', needs: 'totp' }),
        ),
      ],
    });
    await user.type(screen.getByLabelText('E-Mail'), 'admin@demo.example');
    await user.type(screen.getByLabelText('Passwort'), TEST_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(await screen.findByRole('textbox', { name: /Bestätigungscode/ })).toBeInTheDocument();
  });
});

describe('error fallback', () => {
  it('is German and offers to try again', async () => {
    let resets = 0;
    render(
      <Providers queryClient={createQueryClient({ retry: false })} env="test">
        <ErrorPage error={new Error('kaputt')} reset={() => (resets += 1)} />
      </Providers>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Da ging etwas schief.' })).toBeInTheDocument();
    expect(screen.queryByText('kaputt')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Noch einmal versuchen' }));
    expect(resets).toBe(1);
  });
});
