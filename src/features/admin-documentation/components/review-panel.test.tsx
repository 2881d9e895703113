import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { docDetail } from '../../../testing/factories/admin-documentation';
import { users } from '../../../testing/factories/users';
import { documentationHandlers } from '../../../testing/handlers/admin-documentation';
import { renderRoute } from '../../../testing/render';

const path = '/verwaltung/dokuboegen/2026-27/11';
const scope = 'Umfang des Projekts (Gewicht 1)';
const children = 'Beteiligung der Kinder (Gewicht 2)';
const all = {
  [scope]: '4',
  'Inhalt (Gewicht 1)': '5',
  'Bezug zur Bildung für nachhaltige Entwicklung (BNE) (Gewicht 2)': '3',
  [children]: '5',
  'Beteiligung des Teams (Gewicht 1)': '2',
  'Beteiligung der Eltern (Gewicht 1)': '1',
  'Beteiligung des Trägers (Gewicht 1)': '0',
};

// Issue 19: the jury's scale says what each score means, and after a review the way goes on to the next form.
describe('the jury review panel', { timeout: 120_000 }, () => {
  it("describes each level of a criterion: the radio's accessible description, and the chosen level as visible text", async () => {
    const { handlers } = documentationHandlers({ detail: docDetail() });
    const { user } = await renderRoute(path, { user: users.jury(), handlers });
    const form = await screen.findByRole('form', { name: 'Deine Bewertung' });
    const group = within(form).getByRole('group', { name: scope });
    expect(within(group).getByRole('radio', { name: '0' })).toHaveAccessibleDescription('Kein Projekt erkennbar.');
    expect(within(group).getByRole('radio', { name: '5' })).toHaveAccessibleDescription('Das ganze KiTa-Jahr, die ganze KiTa.');
    const shown = screen.getByTestId('level-text-scope');
    expect(shown).toHaveTextContent('Wähle 0 bis 5 Punkte; hier steht, was sie bedeuten.');
    await user.click(within(group).getByRole('radio', { name: '3' }));
    expect(shown).toHaveTextContent('3 Punkte: Mehrere Aktionen über Wochen.');
    // by keyboard: the arrow key chooses the next level, and its text follows
    await user.keyboard('{ArrowRight}');
    expect(within(group).getByRole('radio', { name: '4' })).toBeChecked();
    expect(shown).toHaveTextContent('4 Punkte: Über Monate, mehrere Gruppen.');
    // a criterion without texts has no description and no line
    const content = within(form).getByRole('group', { name: 'Inhalt (Gewicht 1)' });
    expect(within(content).getByRole('radio', { name: '2' })).not.toHaveAttribute('aria-describedby');
    expect(screen.queryByTestId('level-text-content')).not.toBeInTheDocument();
  });

  it('keeps the error message in the description next to the level text', async () => {
    const { handlers } = documentationHandlers({ detail: docDetail() });
    const { user } = await renderRoute(path, { user: users.jury(), handlers });
    const form = await screen.findByRole('form', { name: 'Deine Bewertung' });
    await user.click(within(form).getByRole('button', { name: 'Bewertung speichern' }));
    const radio = within(within(form).getByRole('group', { name: children })).getByRole('radio', { name: '1' });
    await waitFor(() => expect(radio).toHaveAccessibleDescription('Nur zugeschaut. Bitte vergib 0 bis 5 Punkte.'));
  });

  it('after saving, "Nächster Bogen" leads to the next form without one\'s own review and has the focus', async () => {
    const fake = documentationHandlers({
      detail: docDetail(),
      next: (after) => ({ next: { facilityId: after + 1, facilityLabel: 'Kinderkrippe Zwergerlstube' }, remaining: 2 }),
    });
    const { user, router } = await renderRoute(path, { user: users.jury(), handlers: fake.handlers });
    const form = await screen.findByRole('form', { name: 'Deine Bewertung' });
    expect(screen.queryByRole('link', { name: 'Nächster Bogen' })).not.toBeInTheDocument();
    for (const [legend, score] of Object.entries(all))
      await user.click(within(within(form).getByRole('group', { name: legend })).getByRole('radio', { name: score }));
    await user.click(within(form).getByRole('button', { name: 'Bewertung speichern' }));
    const next = await screen.findByRole('link', { name: 'Nächster Bogen' });
    expect(next).toHaveAccessibleDescription('Kinderkrippe Zwergerlstube · noch 2 Bögen ohne deine Bewertung');
    expect(next).toHaveAttribute('href', '/verwaltung/dokuboegen/2026-27/12');
    await waitFor(() => expect(next).toHaveFocus());
    await user.click(next);
    await waitFor(() => expect(router.state.location.pathname).toBe('/verwaltung/dokuboegen/2026-27/12'));
  });

  it('leaves the focus where the jury took it while the next form was asked for (a dialog opened meanwhile)', async () => {
    let answer: () => void = () => {};
    const answered = new Promise<void>((resolve) => (answer = resolve));
    const fake = documentationHandlers({
      detail: docDetail(),
      next: async (after) => {
        await answered;
        return { next: { facilityId: after + 1, facilityLabel: 'Kinderkrippe Zwergerlstube' }, remaining: 2 };
      },
    });
    const { user } = await renderRoute(path, { user: users.jury(), handlers: fake.handlers });
    const form = await screen.findByRole('form', { name: 'Deine Bewertung' });
    for (const [legend, score] of Object.entries(all))
      await user.click(within(within(form).getByRole('group', { name: legend })).getByRole('radio', { name: score }));
    await user.click(within(form).getByRole('button', { name: 'Bewertung speichern' }));
    await user.click(await screen.findByRole('button', { name: 'Annehmen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dokumentationsbogen annehmen' });
    const comment = within(dialog).getByRole('textbox', { name: /Kommentar für die KiTa/ });
    await waitFor(() => expect(comment).toHaveFocus());
    answer();
    expect(await screen.findByRole('link', { name: 'Nächster Bogen', hidden: true })).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(comment).toHaveFocus();
  });

  it("says when every submitted form has one's review", async () => {
    const own = { reviewerId: 7, reviewerName: 'Julia Jury', scores: { scope: 3 }, total: 3, comment: '', updatedAt: '2027-05-22T10:00:00Z' };
    const { handlers } = documentationHandlers({ detail: docDetail({ ownReview: own, othersHidden: false }), next: { next: null, remaining: 0 } });
    await renderRoute(path, { user: users.jury(), handlers });
    expect(await screen.findByText('Du hast alle eingereichten Bögen bewertet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('link', { name: 'Nächster Bogen' })).not.toBeInTheDocument();
  });
});
