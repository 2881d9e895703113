import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { users } from '../../../testing/factories/users';
import { renderRoute, waitForPath } from '../../../testing/render';

describe('guard dialogs give the keyboard focus back', () => {
  it('given dialog 2 opened from a link, Abbrechen returns focus to that link, not to <body>', async () => {
    const { router, user } = await renderRoute('/stammdaten', { user: users.notEnrolled() });
    const link = within(screen.getByRole('navigation', { name: 'Hauptnavigation' })).getByRole('link', { name: 'Stammdaten' });
    link.focus();
    await router.navigate({ to: '/fortbildungen' });
    await waitForPath(router, '/stammdaten');
    const dialog = await screen.findByRole('dialog', { name: 'Deine KiTa ist noch nicht dabei!' });
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen.' }));
    await waitFor(() => expect(link).toHaveFocus());
  });

  it('given dialog 1 on a first load (nothing focused before), Abbrechen puts focus on the main content', async () => {
    const { user } = await renderRoute('/', { user: users.noFacility() });
    const dialog = await screen.findByRole('dialog', { name: 'Wir kennen deine KiTa noch nicht.' });
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen.' }));
    await waitFor(() => expect(document.getElementById('main-content')).toHaveFocus());
  });

  it('given the selection dialog opened with "KiTa wechseln", Abbrechen returns focus to that button', async () => {
    const several = users.several();
    const { user } = await renderRoute('/stammdaten', { user: several, activeFacilityId: Object.values(several.facilities)[0]!.id });
    const opener = screen.getByRole('button', { name: 'KiTa wechseln' });
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'KiTa auswählen' });
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(opener).toHaveFocus());
  });
});

describe('guard dialogs 1 and 2 and the keyboard', () => {
  it('given dialog 1, it opens with focus on its first button (not on the mail link) and Escape closes it like "Abbrechen."', async () => {
    const { user } = await renderRoute('/', { user: users.noFacility() });
    const dialog = await screen.findByRole('dialog', { name: 'Wir kennen deine KiTa noch nicht.' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Abbrechen.' })).toHaveFocus());
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Wir kennen deine KiTa noch nicht.' })).not.toBeInTheDocument());
    await waitFor(() => expect(document.getElementById('main-content')).toHaveFocus());
  });

  it('given dialog 2, Escape closes it like "Abbrechen." and focus goes back to the link that opened it', async () => {
    const { router, user } = await renderRoute('/stammdaten', { user: users.notEnrolled() });
    const link = within(screen.getByRole('navigation', { name: 'Hauptnavigation' })).getByRole('link', { name: 'Stammdaten' });
    link.focus();
    await router.navigate({ to: '/fortbildungen' });
    await waitForPath(router, '/stammdaten');
    await screen.findByRole('dialog', { name: 'Deine KiTa ist noch nicht dabei!' });
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Deine KiTa ist noch nicht dabei!' })).not.toBeInTheDocument());
    await waitFor(() => expect(link).toHaveFocus());
  });
});
