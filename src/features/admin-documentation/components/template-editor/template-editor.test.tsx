import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { docSections, docTemplate } from '../../../../testing/factories/admin-documentation';
import { users } from '../../../../testing/factories/users';
import { documentationHandlers } from '../../../../testing/handlers/admin-documentation';
import { renderRoute } from '../../../../testing/render';

const path = '/verwaltung/dokuboegen/2026-27/vorlage';
/** a small template keeps jsdom quick: title, topic (a choice), photos */
const small = () => {
  const sections = docSections();
  const questions = sections.flatMap((s) => s.questions).filter((q) => ['titel', 'thema', 'fotos'].includes(q.key));
  return docTemplate({ sections: [{ ...sections[0]!, questions }] });
};

// a form of many Mantine inputs re-renders on every typed character: slow in jsdom on a shared machine
describe('/verwaltung/dokuboegen/{season}/vorlage', { timeout: 120_000 }, () => {
  it('adds a question with a key from its label, moves it up by button (announced) and saves with the version read', async () => {
    const fake = documentationHandlers({ template: small() });
    const { user } = await renderRoute(path, { user: users.admin(), handlers: fake.handlers });
    expect(await screen.findByRole('heading', { level: 1, name: 'Vorlage des Dokumentationsbogens 2026/27' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Frage hinzufügen zu Abschnitt 1 „Euer Projekt“' }));
    const added = await screen.findByRole('group', { name: 'Frage 1.4' });
    const label = within(added).getByRole('textbox', { name: 'Frage' });
    await waitFor(() => expect(label).toHaveFocus());
    await user.type(label, 'Größte Überraschung?');
    // issue 19: the key (made from the label) is behind "Erweitert"
    expect(within(added).queryByRole('textbox', { name: /^Schlüssel/ })).not.toBeInTheDocument();
    const advanced = within(added).getByRole('button', { name: 'Erweitert: Frage 1.4 „Größte Überraschung?“' });
    expect(advanced).toHaveAttribute('aria-expanded', 'false');
    await user.click(advanced);
    expect(advanced).toHaveAttribute('aria-expanded', 'true');
    expect(within(added).getByRole('textbox', { name: /^Schlüssel/ })).toHaveValue('groesste_ueberraschung');
    await user.selectOptions(within(added).getByRole('combobox', { name: 'Art der Frage' }), 'Langer Text');
    expect(within(added).getByRole('textbox', { name: 'Höchstens Zeichen' })).toHaveValue('5000');

    const up = within(added).getByRole('button', { name: 'Nach oben: Frage 1.4 „Größte Überraschung?“' });
    await user.click(up);
    expect(await screen.findByText('Frage 1.4 „Größte Überraschung?“ ist jetzt an Position 3 von 4.')).toBeInTheDocument();
    const moved = screen.getByRole('group', { name: 'Frage 1.3 „Größte Überraschung?“' });
    await waitFor(() => expect(within(moved).getByRole('button', { name: /^Nach oben/ })).toHaveFocus());
    expect(screen.getByRole('group', { name: 'Frage 1.4 „Fotos aus dem Projekt“' })).toBeInTheDocument();

    const saveButton = screen.getByRole('button', { name: 'Speichern' });
    await user.click(saveButton);
    await waitFor(() => expect(fake.calls).toHaveLength(1));
    const body = fake.calls[0]!.body as { version: number; sections: { questions: { key: string; kind: string; maxLength?: number }[] }[] };
    expect(body.version).toBe(3);
    expect(body.sections[0]!.questions.map((q) => q.key)).toEqual(['titel', 'thema', 'groesste_ueberraschung', 'fotos']);
    expect(body.sections[0]!.questions[2]).toEqual({
      key: 'groesste_ueberraschung',
      kind: 'long_text',
      label: 'Größte Überraschung?',
      help: '',
      required: false,
      maxLength: 5000,
    });
    expect(await screen.findByText('Die Vorlage für 2026/27 ist gespeichert.')).toBeInTheDocument();
    // the form stays as it was (no remount): the focus on the same button, the question where it was moved to
    expect(screen.getByRole('button', { name: 'Speichern' })).toBe(saveButton);
    expect(saveButton).toHaveFocus();
    expect(screen.getByRole('group', { name: 'Frage 1.3 „Größte Überraschung?“' })).toBeInTheDocument();
    // the next save sends the version just saved
    await user.click(saveButton);
    await waitFor(() => expect(fake.calls).toHaveLength(2));
    expect((fake.calls[1]!.body as { version: number }).version).toBe(4);
  });

  it('says at the field when a key is taken, and sends nothing', async () => {
    const fake = documentationHandlers({ template: small() });
    const { user } = await renderRoute(path, { user: users.admin(), handlers: fake.handlers });
    await user.click(await screen.findByRole('button', { name: 'Frage hinzufügen zu Abschnitt 1 „Euer Projekt“' }));
    const added = await screen.findByRole('group', { name: 'Frage 1.4' });
    await user.type(within(added).getByRole('textbox', { name: 'Frage' }), 'Noch ein Titel');
    await user.click(within(added).getByRole('button', { name: /^Erweitert:/ }));
    const key = within(added).getByRole('textbox', { name: /^Schlüssel/ });
    await user.clear(key);
    await user.type(key, 'titel');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await within(added).findByText('Dieser Schlüssel kommt schon vor.')).toBeInTheDocument();
    await waitFor(() => expect(key).toHaveFocus());
    expect(fake.calls).toHaveLength(0);
    // the message follows the correction
    await user.type(key, '_2');
    await waitFor(() => expect(within(added).queryByText('Dieser Schlüssel kommt schon vor.')).not.toBeInTheDocument());
  });

  it('warns that forms were started, keeps saved keys fixed, previews the form as staff see it, and answers a 409 with the current state', async () => {
    const fake = documentationHandlers({ template: { ...small(), startedForms: 12 }, failWith: { status: 409, code: 'conflict', message: 'x' } });
    const { user } = await renderRoute(path, { user: users.admin(), handlers: fake.handlers });
    expect(
      await screen.findByText('12 Bögen wurden schon begonnen. Entfernte Fragen behalten ihre Antworten; Verwaltung und Jury sehen sie weiter.'),
    ).toBeInTheDocument();
    const first = screen.getByRole('group', { name: 'Frage 1.1 „Titel des Projekts“' });
    await user.click(within(first).getByRole('button', { name: /^Erweitert:/ }));
    expect(within(first).getByRole('textbox', { name: /^Schlüssel/ })).toHaveAttribute('readonly');
    await user.click(screen.getByRole('button', { name: 'Vorschau' }));
    const preview = await screen.findByRole('dialog', { name: 'Vorschau: so sehen die KiTas den Bogen' });
    expect(within(preview).getByRole('heading', { level: 3, name: 'Euer Projekt' })).toBeInTheDocument();
    expect(within(preview).getByRole('textbox', { name: /Titel des Projekts/ })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // Mantine gives focus back once the closing transition ended: asynchronous, slower on a busy machine
    await waitFor(() => expect(screen.getByRole('button', { name: 'Vorschau' })).toHaveFocus());

    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Jemand war schneller')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Aktuellen Stand laden (deine Eingaben werden verworfen)' }));
    await waitFor(() => expect(screen.queryByText('Jemand war schneller')).not.toBeInTheDocument());
    // the pressed button is gone with the old form: the focus goes to the fresh form's first control, not to the page
    await waitFor(() => expect(screen.getByRole('form', { name: 'Vorlage bearbeiten' })).toContainElement(document.activeElement as HTMLElement));
  });

  it("takes another season's template: what was typed is replaced, and the focus is back on the button that opened the dialog", async () => {
    const fake = documentationHandlers({ template: small() });
    const seasonChoices = http.get('*/api/admin/seasons/choices', () =>
      HttpResponse.json({
        items: [
          { id: 2, identifier: '2026-27', label: 'KiTa-Jahr 2026/27', isCurrent: true },
          { id: 1, identifier: '2025-26', label: 'KiTa-Jahr 2025/26', isCurrent: false },
        ],
      }),
    );
    const { user } = await renderRoute(path, { user: users.admin(), handlers: [seasonChoices, ...fake.handlers] });
    const title = within(await screen.findByRole('group', { name: 'Frage 1.1 „Titel des Projekts“' })).getByRole('textbox', { name: /^Frage/ });
    await user.type(title, ' neu');
    const opener = screen.getByRole('button', { name: 'Vorlage aus anderem KiTa-Jahr übernehmen' });
    await waitFor(() => expect(opener).toBeEnabled());
    await user.click(opener);
    const dialog = await screen.findByRole('dialog', { name: 'Vorlage aus anderem KiTa-Jahr übernehmen' });
    await user.click(within(dialog).getByRole('button', { name: 'Ja, übernehmen' }));
    expect(await within(dialog).findByText('Bitte wähle ein KiTa-Jahr.')).toBeInTheDocument();
    expect(fake.calls).toHaveLength(0);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'KiTa-Jahr' }), 'KiTa-Jahr 2025/26');
    await user.click(within(dialog).getByRole('button', { name: 'Ja, übernehmen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.calls.at(-1)).toMatchObject({ method: 'POST', body: { fromSeasonIdentifier: '2025-26', version: small().version } });
    expect(within(screen.getByRole('group', { name: 'Frage 1.1 „Titel des Projekts“' })).getByRole('textbox', { name: /^Frage/ })).toHaveValue(
      'Titel des Projekts',
    );
    await waitFor(() => expect(screen.getByRole('button', { name: 'Vorlage aus anderem KiTa-Jahr übernehmen' })).toHaveFocus());

    // a season without a template of its own: the server's reason at the field, the focus on it, the dialog stays
    fake.state.failWith = {
      status: 400,
      code: 'validation_failed',
      message: 'Bitte prüfe deine Eingaben.',
      fields: { fromSeasonIdentifier: 'Dieses KiTa-Jahr hat keine eigene Vorlage.' },
    };
    await user.click(screen.getByRole('button', { name: 'Vorlage aus anderem KiTa-Jahr übernehmen' }));
    const again = await screen.findByRole('dialog', { name: 'Vorlage aus anderem KiTa-Jahr übernehmen' });
    const season = within(again).getByRole('combobox', { name: 'KiTa-Jahr' });
    await user.selectOptions(season, 'KiTa-Jahr 2025/26');
    await user.click(within(again).getByRole('button', { name: 'Ja, übernehmen' }));
    expect(await within(again).findByText('Dieses KiTa-Jahr hat keine eigene Vorlage.')).toBeInTheDocument();
    expect(season).toHaveFocus();
    expect(season).toHaveAccessibleDescription('Dieses KiTa-Jahr hat keine eigene Vorlage.');
  });
  it('asks before leaving with unsaved changes: "Abbrechen" stays with the changes, "Seite verlassen" goes', async () => {
    const fake = documentationHandlers({ template: small() });
    const { user, router } = await renderRoute(path, { user: users.admin(), handlers: fake.handlers });
    const title = within(await screen.findByRole('group', { name: 'Frage 1.1 „Titel des Projekts“' })).getByRole('textbox', { name: /^Frage/ });
    await user.type(title, ' neu');
    await user.click(screen.getByRole('link', { name: 'Zur Liste der Dokumentationsbögen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Änderungen nicht gespeichert' });
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe(path);
    expect(title).toHaveValue('Titel des Projekts neu');

    await user.click(screen.getByRole('link', { name: 'Zur Liste der Dokumentationsbögen' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Änderungen nicht gespeichert' })).getByRole('button', { name: 'Seite verlassen' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/verwaltung/dokuboegen/2026-27'));
  });

  it("starts several sections closed (disclosures), jumps to one from the table of contents, edits the jury's scale", async () => {
    const fake = documentationHandlers({ template: docTemplate() });
    const { user } = await renderRoute(path, { user: users.admin(), handlers: fake.handlers });
    const toc = await screen.findByRole('navigation', { name: 'Inhalt der Vorlage' });
    const toggles = screen.getAllByRole('button', { name: /^Abschnitt \d/ });
    expect(toggles.length).toBeGreaterThan(1);
    for (const t of toggles) expect(t).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('textbox', { name: 'Titel des Abschnitts' })).not.toBeInTheDocument();

    await user.click(within(toc).getAllByRole('link')[1]!);
    await waitFor(() => expect(toggles[1]).toHaveFocus());
    expect(toggles[1]).toHaveAttribute('aria-expanded', 'true');
    expect(toggles[1]).toHaveAttribute('aria-controls', `${toggles[1]!.id}-panel`);
    expect(screen.getAllByRole('textbox', { name: 'Titel des Abschnitts' })).toHaveLength(1);
    await user.click(toggles[1]!);
    expect(toggles[1]).toHaveAttribute('aria-expanded', 'false');

    await user.click(within(toc).getByRole('link', { name: 'Bewertungsskala der Jury' }));
    const scale = screen.getByRole('button', { name: 'Bewertungsskala der Jury' });
    await waitFor(() => expect(scale).toHaveFocus());
    const level = screen.getByRole('textbox', { name: 'Inhalt: 2 Punkte' });
    await user.type(level, 'Ziele und Umsetzung passen.');
    expect(screen.getByRole('textbox', { name: 'Umfang des Projekts: 0 Punkte' })).toHaveValue('Kein Projekt erkennbar.');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(fake.calls).toHaveLength(1));
    const body = fake.calls[0]!.body as { scoreDescriptions: Record<string, string[]> };
    expect(body.scoreDescriptions.content).toEqual(['', '', 'Ziele und Umsetzung passen.', '', '', '']);
    expect(body.scoreDescriptions.scope?.[0]).toBe('Kein Projekt erkennbar.');
    // criteria without any text are left out
    expect(Object.keys(body.scoreDescriptions).sort()).toEqual(['children', 'content', 'scope']);
  });
});
