import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { users } from '../testing/factories/users';
import { documentationHandlers } from '../testing/handlers/admin-documentation';
import { renderRoute, waitForPath } from '../testing/render';

const mainNav = () => screen.getByRole('navigation', { name: 'Hauptnavigation' });
// issue 19: the jury's start page is its queue of the current season
const { handlers: queue } = documentationHandlers({
  queue: { seasonIdentifier: '2026-27', seasonLabel: 'KiTa-Jahr 2026/27', waiting: { items: [], total: 0 }, done: { items: [], total: 0 } },
});

describe('jury members (issue 12)', () => {
  it('a jury member without a KiTa starts on a page with the way to the documentation forms and no dialog 1', async () => {
    const { router } = await renderRoute('/', { user: users.jury(), handlers: queue });
    expect(router.state.location.pathname).toBe('/');
    const card = await screen.findByRole('region', { name: 'Deine Bewertungen · KiTa-Jahr 2026/27' });
    expect(within(card).getByRole('link', { name: 'Zu allen Dokumentationsbögen' })).toHaveAttribute('href', '/verwaltung/dokuboegen/2026-27');
    expect(screen.queryByText(/Deinem Benutzerkonto ist noch keine KiTa zugeordnet/)).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    expect(within(mainNav()).getByRole('link', { name: 'Verwaltung' })).toHaveAttribute('href', '/verwaltung/dokuboegen');
    expect(within(mainNav()).queryByRole('link', { name: 'Stammdaten' })).not.toBeInTheDocument();
  });

  it('"Verwaltung" opens the documentation forms; the sub-navigation offers only them', async () => {
    const { router, user } = await renderRoute('/', { user: users.jury() });
    await user.click(within(mainNav()).getByRole('link', { name: 'Verwaltung' }));
    // the documentation forms open on the current season's list
    await waitForPath(router, '/verwaltung/dokuboegen/2026-27');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dokumentationsbögen 2026/27' })).toBeInTheDocument();
    expect(within(mainNav()).getByRole('link', { name: 'Verwaltung' })).toHaveAttribute('aria-current', 'page');
    const sub = screen.getAllByRole('navigation', { name: 'Bereiche der Verwaltung' })[0]!;
    expect(
      within(sub)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Dokumentationsbögen']);
  });

  it('a page below the documentation forms opens; every other admin page, the overview included, goes home', async () => {
    const deep = await renderRoute('/verwaltung/dokuboegen/2026-27/11', { user: users.jury() });
    expect(deep.router.state.location.pathname).toBe('/verwaltung/dokuboegen/2026-27/11');
    deep.unmount();
    for (const path of ['/verwaltung/kitas', '/verwaltung', '/verwaltung/personen/5']) {
      const view = await renderRoute(path, { user: users.jury() });
      expect(view.router.state.location.pathname, path).toBe('/');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
      view.unmount();
    }
  });

  it('a KiTa page goes home quietly for a jury member without a KiTa', async () => {
    const { router } = await renderRoute('/stammdaten', { user: users.jury() });
    expect(router.state.location.pathname).toBe('/');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('a jury member who is also in a KiTa sees the KiTa start page and the way to the documentation forms', async () => {
    await renderRoute('/', { user: { ...users.oneEnrolled(), isJury: true }, handlers: queue });
    expect(screen.getByText('Willkommen, Erika! Hier siehst du, was für „KiTa Sonnenschein“ als Nächstes ansteht.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Zu allen Dokumentationsbögen' })).toBeInTheDocument();
    expect(within(mainNav()).getByRole('link', { name: 'Stammdaten' })).toBeInTheDocument();
    expect(within(mainNav()).getByRole('link', { name: 'Verwaltung' })).toHaveAttribute('href', '/verwaltung/dokuboegen');
  });

  it('an admin who is also in the jury keeps the whole administration', async () => {
    await renderRoute('/verwaltung/kitas', { user: { ...users.admin(), isJury: true } });
    expect(within(mainNav()).getByRole('link', { name: 'Verwaltung' })).toHaveAttribute('href', '/verwaltung');
    const sub = screen.getAllByRole('navigation', { name: 'Bereiche der Verwaltung' })[0]!;
    expect(within(sub).getByRole('link', { name: 'Übersicht' })).toBeInTheDocument();
    expect(within(sub).getByRole('link', { name: 'KiTas' })).toBeInTheDocument();
  });
});
