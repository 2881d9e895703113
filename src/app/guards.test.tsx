import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { ACTIVE_FACILITY_KEY } from '../features/auth/auth-store';
import { setLoginStatus } from '../features/auth/api/get-login-status';
import { anonymous, loggedIn, users } from '../testing/factories/users';
import { privacyPolicyHandler } from '../testing/handlers/accounts';
import { TEST_PASSWORD } from '../testing/handlers/session';
import { renderRoute, waitForPath } from '../testing/render';

const dialog = () => screen.findByRole('dialog');

describe('route guards (seed §6)', () => {
  it('anonymous → /login with the target kept, and after login the user lands there', async () => {
    const { router, user } = await renderRoute('/stammdaten');
    expect(router.state.location.pathname).toBe('/login');

    await user.type(screen.getByLabelText('E-Mail'), 'eine-kita@demo.example');
    await user.type(screen.getByLabelText('Passwort'), TEST_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));

    await waitForPath(router, '/stammdaten');
    expect(await screen.findByRole('heading', { level: 1, name: 'Stammdaten' })).toBeInTheDocument();
  });

  it('without a stored target the login goes home', async () => {
    const { router, user } = await renderRoute('/login');
    await user.type(screen.getByLabelText('E-Mail'), 'eine-kita@demo.example');
    await user.type(screen.getByLabelText('Passwort'), TEST_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));
    await waitForPath(router, '/');
  });

  it('anonymous visitors may open public pages', async () => {
    const { router } = await renderRoute('/registrieren', { handlers: [privacyPolicyHandler()] });
    expect(router.state.location.pathname).toBe('/registrieren');
    expect(screen.queryByRole('navigation', { name: 'Hauptnavigation' })).not.toBeInTheDocument();
  });

  it('a logged-in user opening /login goes to /', async () => {
    const { router } = await renderRoute('/login', { user: users.oneEnrolled() });
    expect(router.state.location.pathname).toBe('/');
  });

  it('a non-admin on /verwaltung/kitas goes to /', async () => {
    const { router } = await renderRoute('/verwaltung/kitas', { user: users.oneEnrolled() });
    expect(router.state.location.pathname).toBe('/');
  });

  it('an admin opens /verwaltung/kitas without any KiTa', async () => {
    const { router } = await renderRoute('/verwaltung/kitas', { user: users.admin() });
    expect(router.state.location.pathname).toBe('/verwaltung/kitas');
    expect(screen.getByRole('heading', { level: 1, name: 'KiTas' })).toBeInTheDocument();
  });

  it('an admin start page lists the admin areas', async () => {
    await renderRoute('/verwaltung', { user: users.admin() });
    expect(screen.getByRole('heading', { level: 1, name: 'Verwaltung' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'KiTa-Jahre' })).toHaveAttribute('href', '/verwaltung/kita-jahre');
  });
});

describe('guard dialogs (seed §8)', () => {
  it('no KiTa: dialog 1 on a KiTa page, the navigation is cancelled', async () => {
    const { router, user } = await renderRoute('/einstellungen', { user: users.noFacility() });
    await router.navigate({ to: '/stammdaten' });
    await waitForPath(router, '/einstellungen');

    const d = await dialog();
    expect(within(d).getByRole('heading', { name: 'Wir kennen deine KiTa noch nicht.' })).toBeInTheDocument();
    expect(within(d).getByRole('link', { name: 'kitas@example.org' })).toHaveAttribute('href', 'mailto:kitas@example.org');
    expect(within(d).getByRole('link', { name: '089 123456' })).toHaveAttribute('href', 'tel:089123456');
    expect(within(d).getByRole('button', { name: 'Abbrechen.' })).toBeInTheDocument();

    await user.click(within(d).getByRole('button', { name: 'Ja, KiTa jetzt registrieren!' }));
    await waitForPath(router, '/neue-kita');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('no KiTa: a direct load of a KiTa page goes home and shows dialog 1 there; Abbrechen closes it', async () => {
    const { router, user } = await renderRoute('/fortbildungen', { user: users.noFacility() });
    expect(router.state.location.pathname).toBe('/');
    const d = await dialog();
    await user.click(within(d).getByRole('button', { name: 'Abbrechen.' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/');
  });

  it('no KiTa: arriving at home shows dialog 1', async () => {
    await renderRoute('/', { user: users.noFacility() });
    expect(await screen.findByRole('heading', { name: 'Wir kennen deine KiTa noch nicht.' })).toBeInTheDocument();
  });

  // issue 10: dialogs 1 and 2 close on Escape like their "Abbrechen." (dialog-focus.test.tsx); dialog 3 has no way out but its button
  it('dialog 3, which has no "Abbrechen.", ignores Escape', async () => {
    const { user } = await renderRoute('/', { user: users.missingSettings() });
    await dialog();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('not enrolled: dialog 2 on /fortbildungen, "Zur Anmeldung!" goes to /kita-jahr-anmeldung', async () => {
    const { router, user } = await renderRoute('/stammdaten', { user: users.notEnrolled() });
    await router.navigate({ to: '/fortbildungen' });
    await waitForPath(router, '/stammdaten');

    const d = await dialog();
    expect(within(d).getByRole('heading', { name: 'Deine KiTa ist noch nicht dabei!' })).toBeInTheDocument();
    expect(d).toHaveTextContent('Deine KiTa ist noch nicht zum aktuellen KiTa-Jahr 2026/27 angemeldet.');
    expect(within(d).getByRole('button', { name: 'Abbrechen.' })).toBeInTheDocument();
    await user.click(within(d).getByRole('button', { name: 'Zur Anmeldung!' }));
    await waitForPath(router, '/kita-jahr-anmeldung');
  });

  it('not enrolled: KiTa pages without enrolment stay open', async () => {
    const { router } = await renderRoute('/personal', { user: users.notEnrolled() });
    expect(router.state.location.pathname).toBe('/personal');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('missing settings: dialog 3 on every navigation, "Ok, mache ich." goes to /einstellungen', async () => {
    const { router, user } = await renderRoute('/', { user: users.missingSettings() });
    const d = await dialog();
    expect(d).toHaveTextContent('Hallo Emil, es gibt neue Einstellungen, über die du entscheiden musst:');
    expect(within(d).getByText('Newsletter')).toBeInTheDocument();
    await user.click(within(d).getByRole('button', { name: 'Ok, mache ich.' }));
    await waitForPath(router, '/einstellungen');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    await router.navigate({ to: '/stammdaten' });
    await waitForPath(router, '/stammdaten');
    expect(await dialog()).toHaveTextContent('Hallo Emil');
  });

  it('missing settings take precedence over dialog 1', async () => {
    const status = users.noFacility();
    status.missingSettings = { newsletter: 'Newsletter' };
    await renderRoute('/', { user: status });
    const d = await dialog();
    expect(d).toHaveTextContent('Hallo Olga');
    expect(screen.queryByText('Wir kennen deine KiTa noch nicht.')).not.toBeInTheDocument();
  });
});

describe('active KiTa (seed §4)', () => {
  it('exactly one KiTa is selected automatically', async () => {
    await renderRoute('/', { user: users.oneEnrolled() });
    expect(window.localStorage.getItem(ACTIVE_FACILITY_KEY)).toBe('11');
    expect(screen.getByTestId('active-facility')).toHaveTextContent('KiTa Sonnenschein');
    expect(screen.queryByRole('button', { name: 'KiTa wechseln' })).not.toBeInTheDocument();
  });

  it('several KiTas: the selection dialog; choosing one goes home and persists', async () => {
    const { router, user } = await renderRoute('/einstellungen', { user: users.several() });
    await router.navigate({ to: '/fortbildungen' });
    await waitForPath(router, '/einstellungen');
    const d = await dialog();
    expect(within(d).getByRole('heading', { name: 'KiTa auswählen' })).toBeInTheDocument();
    expect(d).toHaveTextContent('noch nicht angemeldet zum KiTa-Jahr 2026/27');

    await user.click(within(d).getByRole('button', { name: /KiTa Waldwichtel/ }));
    await waitForPath(router, '/');
    expect(window.localStorage.getItem(ACTIVE_FACILITY_KEY)).toBe('22');

    await router.navigate({ to: '/fortbildungen' });
    await waitForPath(router, '/fortbildungen');
  });

  it('a stored KiTa is restored, a stale one is dropped', async () => {
    const first = await renderRoute('/fortbildungen', { user: users.several(), activeFacilityId: 21 });
    expect(first.router.state.location.pathname).toBe('/fortbildungen');
    first.unmount();

    const second = await renderRoute('/', { user: users.several(), activeFacilityId: 999 });
    expect(window.localStorage.getItem(ACTIVE_FACILITY_KEY)).toBeNull();
    expect(second.auth.getState().activeFacilityId).toBeNull();
  });

  it('the header switcher opens the selection dialog', async () => {
    const { user } = await renderRoute('/', { user: users.several(), activeFacilityId: 21 });
    await user.click(screen.getByRole('button', { name: 'KiTa wechseln' }));
    expect(within(await dialog()).getByRole('heading', { name: 'KiTa auswählen' })).toBeInTheDocument();
  });

  it('logout clears the active KiTa and goes to /login', async () => {
    const { router, user } = await renderRoute('/', { user: users.oneEnrolled() });
    expect(window.localStorage.getItem(ACTIVE_FACILITY_KEY)).toBe('11');
    await user.click(screen.getByRole('button', { name: /Benutzermenü/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Abmelden' }));
    await waitForPath(router, '/login');
    expect(window.localStorage.getItem(ACTIVE_FACILITY_KEY)).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Hauptnavigation' })).not.toBeInTheDocument();
  });
});

describe('after the session ends', () => {
  it('an open guard dialog is gone for the next login', async () => {
    const { router, guard, auth, queryClient } = await renderRoute('/', { user: users.noFacility() });
    expect(guard.getDialog()).toEqual({ kind: 'no-facility' });
    auth.dispatch({ type: 'SESSION_EXPIRED' });
    setLoginStatus(queryClient, anonymous());
    await router.navigate({ to: '/login' });
    await waitForPath(router, '/login');
    expect(guard.getDialog()).toBeNull();
  });
});

describe('preloading (defaultPreload intent)', () => {
  it('hovering a link the user may not open neither opens a dialog nor navigates', async () => {
    const { router, guard } = await renderRoute('/stammdaten', { user: users.notEnrolled() });
    await router.preloadRoute({ to: '/fortbildungen' });
    expect(guard.getDialog()).toBeNull();
    expect(router.state.location.pathname).toBe('/stammdaten');
  });
});

describe('rights changed while logged in', () => {
  // what /personal reads of the KiTa (the start page reads other things and stays allowed)
  const forbidden = ['persons', 'members', 'join-requests'].map((part) =>
    http.get(`*/api/facilities/11/${part}`, () =>
      HttpResponse.json({ reason: { code: 'forbidden', message: 'Dafür fehlt dir die Berechtigung.' } }, { status: 403 }),
    ),
  );

  it('the KiTa taken away meanwhile: its page does not show "Da ging etwas schief.", the guards send the person on', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router, session } = await renderRoute('/', { user: users.oneEnrolled(), handlers: forbidden });
    // an admin removed the access; the login status read at the start (30 s fresh) does not know it yet
    session.status = loggedIn({ ...users.oneEnrolled(), facilities: {} });
    await router.navigate({ to: '/personal' });
    await waitForPath(router, '/');
    const d = await dialog();
    expect(within(d).getByRole('heading', { name: 'Wir kennen deine KiTa noch nicht.' })).toBeInTheDocument();
    expect(screen.queryByText('Da ging etwas schief.')).not.toBeInTheDocument();
    expect(await screen.findByText('Du hast keinen Zugriff mehr auf „KiTa Sonnenschein“.')).toBeInTheDocument();
  });

  it('a 403 about the record itself (rights unchanged) asks for the login status once, not in a loop', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { router, session } = await renderRoute('/', { user: users.oneEnrolled(), handlers: forbidden });
    const before = session.statusCalls;
    void router.navigate({ to: '/personal' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Da ging etwas schief.' })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(session.statusCalls - before).toBe(1);
    expect(router.state.location.pathname).toBe('/personal');
  });
});
