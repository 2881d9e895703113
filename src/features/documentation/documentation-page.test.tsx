import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { documentationHandlers } from '../../testing/handlers/documentation';
import { users } from '../../testing/factories/users';
import { laterPartsRendered, renderRoute } from '../../testing/render';
import { restoredText } from './components/documentation-view';
import { pendingStorageKey } from './hooks/pending-answers';

const url = '*/api/facilities/11/documentation';
const storageKey = pendingStorageKey(3, 11, 2);
const slow = { timeout: 10_000 };

async function renderForm(...args: Parameters<typeof documentationHandlers>) {
  const fake = documentationHandlers(...args);
  const view = await renderRoute('/dokumentationsbogen', { user: users.oneEnrolled(), handlers: fake.handlers });
  await screen.findByRole('form', { name: 'Dokumentationsbogen' });
  await laterPartsRendered();
  return { ...view, store: fake.store };
}

describe('/dokumentationsbogen: the form', () => {
  it('renders every kind of question with its label, help, required mark and section heading', async () => {
    await renderForm();
    expect(screen.getByRole('heading', { level: 1, name: 'Dokumentationsbogen' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Euer Projekt' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Fotos und Nachweise' })).toBeInTheDocument();

    const title = screen.getByRole('textbox', { name: /Titel des Projekts/ });
    expect(title).toHaveValue('Unser Hochbeet');
    expect(title).toBeRequired();
    expect(title).toHaveAccessibleDescription('Ein kurzer Name, unter dem die Jury euer Projekt kennt.');
    expect(screen.getByRole('textbox', { name: /Was habt ihr gemacht\?/ }).tagName).toBe('TEXTAREA');
    expect(screen.getByRole('textbox', { name: /Wie viele Kinder/ })).toHaveValue('24');
    expect(screen.getByRole('textbox', { name: /Projektbeginn/ })).toHaveAttribute('placeholder', 'TT.MM.JJJJ');

    const theme = screen.getByRole('group', { name: /^Hauptthema/ });
    expect(theme.tagName).toBe('FIELDSET');
    expect(within(theme).getAllByRole('radio')).toHaveLength(4);
    const involved = screen.getByRole('group', { name: /^Wer war beteiligt\?/ });
    expect(within(involved).getAllByRole('checkbox')).toHaveLength(4);
    expect(involved).toHaveAccessibleDescription(/Höchstens 3 Optionen/);

    const photos = screen.getByRole('group', { name: /^Fotos aus dem Projekt/ });
    expect(within(photos).getByRole('button', { name: 'Dateien auswählen' })).toBeInTheDocument();
    expect(within(photos).getByRole('checkbox', { name: /Sorgeberechtigten/ })).not.toBeChecked();
    expect(screen.getByText('Gespeichert am 01.03.2027 um 10:15')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Einreichen' })).toBeInTheDocument();
  });

  it("checks a question on blur with the contract's German text", async () => {
    const { user } = await renderForm();
    const children = screen.getByRole('textbox', { name: /Wie viele Kinder/ });
    await user.clear(children);
    await user.type(children, '900');
    await user.tab();
    expect(await screen.findByText('Bitte gib höchstens 500 ein.')).toBeInTheDocument();
    expect(children).toHaveAttribute('aria-invalid', 'true');
    expect(children).toHaveAccessibleDescription(/Bitte gib höchstens 500 ein\./);
  });
});

describe('/dokumentationsbogen: by keyboard alone', () => {
  it('reaches every answer with Tab, chooses with Space and the arrow keys, and the choices are saved', async () => {
    const { user, store } = await renderForm();
    const title = screen.getByRole('textbox', { name: /Titel des Projekts/ });
    // from the top of the page, Tab after Tab until the first answer
    for (let i = 0; i < 80 && document.activeElement !== title; i++) await user.tab();
    expect(title).toHaveFocus();
    await user.keyboard('{End} und Kräuterschnecke');
    expect(title).toHaveValue('Unser Hochbeet und Kräuterschnecke');

    // a single choice: one tab stop, the arrow keys choose
    const theme = screen.getByRole('group', { name: /^Hauptthema/ });
    const radios = within(theme).getAllByRole('radio');
    for (let i = 0; i < 40 && !radios.some((r) => r === document.activeElement); i++) await user.tab();
    const start = radios.indexOf(document.activeElement as HTMLElement);
    expect(start).toBeGreaterThanOrEqual(0);
    await user.keyboard('{ArrowDown}');
    const chosen = radios[(start + 1) % radios.length]!;
    expect(chosen).toBeChecked();
    expect(chosen).toHaveFocus();

    // a multiple choice: each box a tab stop, Space ticks it
    const involved = screen.getByRole('group', { name: /^Wer war beteiligt\?/ });
    const boxes = within(involved).getAllByRole('checkbox');
    for (let i = 0; i < 40 && document.activeElement !== boxes[0]; i++) await user.tab();
    expect(boxes[0]).toHaveFocus();
    const was = (boxes[0] as HTMLInputElement).checked;
    await user.keyboard(' ');
    expect((boxes[0] as HTMLInputElement).checked).toBe(!was);

    await waitFor(() => expect(store.form.answers.titel).toBe('Unser Hochbeet und Kräuterschnecke'), slow);
    await waitFor(() => expect(store.form.answers.thema).toBe((chosen as HTMLInputElement).value), slow);
    expect(await screen.findAllByText(/^Gespeichert um \d\d:\d\d$/, undefined, slow)).not.toHaveLength(0);
  });
});

describe('/dokumentationsbogen: autosave', () => {
  it('sends only the changed key with the version it was seen at and shows "Gespeichert um"', async () => {
    const { user, store } = await renderForm();
    await user.type(screen.getByRole('textbox', { name: /Was habt ihr gemacht\?/ }), 'Ein Hochbeet.');
    expect(await screen.findByText(/^Gespeichert um \d\d:\d\d$/, undefined, slow)).toBeInTheDocument();
    expect(store.saves.at(-1)).toEqual({ baseVersion: 3, answers: { beschreibung: 'Ein Hochbeet.' }, overwrite: [] });
    expect(store.saves.every((s) => Object.keys(s.answers).join() === 'beschreibung')).toBe(true);
    expect(store.form.answers.beschreibung).toBe('Ein Hochbeet.');
    expect(window.localStorage.getItem(storageKey)).toBeNull();

    // the next change is based on the version the server answered
    await user.click(screen.getByRole('radio', { name: 'Wasser' }));
    await waitFor(() => expect(store.saves.at(-1)).toEqual({ baseVersion: 4, answers: { thema: 'wasser' }, overwrite: [] }), slow);
  });

  it('given no connection, keeps the text on the device, says so without a notification and sends it when back online', async () => {
    let offline = true;
    const fake = documentationHandlers();
    const { user } = await renderRoute('/dokumentationsbogen', {
      user: users.oneEnrolled(),
      // falls through to the fake server while online
      handlers: [http.put(url, () => (offline ? HttpResponse.error() : undefined)), ...fake.handlers],
    });
    await user.type(await screen.findByRole('textbox', { name: /Was habt ihr gemacht\?/ }), 'Kein Wort fehlt.');
    expect(await screen.findByText('Nicht gespeichert – wir versuchen es weiter', undefined, slow)).toBeInTheDocument();
    expect(JSON.parse(window.localStorage.getItem(storageKey) ?? '{}')).toMatchObject({
      entries: { beschreibung: { value: 'Kein Wort fehlt.', base: 3 } },
    });
    expect(screen.queryByText(/Bist du offline/)).not.toBeInTheDocument();

    offline = false;
    window.dispatchEvent(new Event('online'));
    expect(await screen.findByText(/^Gespeichert um/, undefined, slow)).toBeInTheDocument();
    expect(fake.store.form.answers.beschreibung).toBe('Kein Wort fehlt.');
    expect(window.localStorage.getItem(storageKey)).toBeNull();
  });

  it('given unsaved changes of an earlier visit on this device, shows them, says so and sends them', async () => {
    const fake = documentationHandlers();
    const stored = JSON.stringify({ v: 1, entries: { titel: { value: 'Hochbeet und Kräuterschnecke', base: 3 } } });
    await renderRoute('/dokumentationsbogen', {
      user: users.oneEnrolled(),
      // renderRoute empties localStorage first; the page's first read of the form comes after that
      handlers: [
        http.get(url, () => {
          window.localStorage.setItem(storageKey, stored);
          return undefined;
        }),
        ...fake.handlers,
      ],
    });
    expect(await screen.findByText(restoredText)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Titel des Projekts/ })).toHaveValue('Hochbeet und Kräuterschnecke');
    await waitFor(() => expect(fake.store.form.answers.titel).toBe('Hochbeet und Kräuterschnecke'), slow);
    expect(fake.store.saves[0]).toEqual({ baseVersion: 3, answers: { titel: 'Hochbeet und Kräuterschnecke' }, overwrite: [] });
  });
});

describe('/dokumentationsbogen: a colleague changed the same answer', () => {
  async function conflict() {
    const view = await renderForm();
    // a colleague saves the same question after the page was loaded (version 3)
    view.store.form = {
      ...view.store.form,
      version: 4,
      answers: { ...view.store.form.answers, beschreibung: 'Fassung von Karla' },
      answerVersions: { ...view.store.form.answerVersions, beschreibung: 4 },
      savedAt: '2027-03-02T13:32:00.000Z',
      savedBy: 'Karla Kollegin',
    };
    await view.user.type(screen.getByRole('textbox', { name: /Was habt ihr gemacht\?/ }), 'Meine Fassung');
    const notice = await screen.findByRole('alert', { name: 'Diese Antwort wurde inzwischen geändert' }, slow);
    return { ...view, notice };
  }

  it('shows both versions and keeps neither silently; "Meine Fassung behalten" overwrites on purpose', async () => {
    const { user, store, notice } = await conflict();
    expect(within(notice).getByText(/Karla Kollegin hat diese Antwort am 02\.03\.2027 um 14:32 Uhr geändert/)).toBeInTheDocument();
    expect(within(notice).getByText('Fassung von Karla')).toBeInTheDocument();
    expect(within(notice).getByText('Meine Fassung')).toBeInTheDocument();
    expect(store.form.answers.beschreibung).toBe('Fassung von Karla');
    expect(screen.getByRole('textbox', { name: /Was habt ihr gemacht\?/ })).toHaveValue('Meine Fassung');

    await user.click(within(notice).getByRole('button', { name: 'Meine Fassung behalten' }));
    await waitFor(() => expect(store.form.answers.beschreibung).toBe('Meine Fassung'), slow);
    expect(store.saves.at(-1)).toEqual({ baseVersion: 4, answers: { beschreibung: 'Meine Fassung' }, overwrite: ['beschreibung'] });
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'Diese Antwort wurde inzwischen geändert' })).not.toBeInTheDocument());
  });

  it('"Neuere Fassung übernehmen" shows the colleague\'s answer and sends nothing more', async () => {
    const { user, store, notice } = await conflict();
    const saves = store.saves.length;
    await user.click(within(notice).getByRole('button', { name: 'Neuere Fassung übernehmen' }));
    expect(screen.getByRole('textbox', { name: /Was habt ihr gemacht\?/ })).toHaveValue('Fassung von Karla');
    expect(screen.queryByRole('alert', { name: 'Diese Antwort wurde inzwischen geändert' })).not.toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(store.saves.length).toBe(saves);
    expect(window.localStorage.getItem(storageKey)).toBeNull();
  });
});
