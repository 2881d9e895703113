import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUploadedFile } from '../../testing/factories/documentation';
import { users } from '../../testing/factories/users';
import { documentationHandlers } from '../../testing/handlers/documentation';
import { laterPartsRendered, renderRoute } from '../../testing/render';

const slow = { timeout: 10_000 };
const complete = {
  titel: 'Unser Hochbeet',
  beschreibung: 'Wir haben gepflanzt.',
  kinder: 24,
  thema: 'artenvielfalt',
  beteiligte: ['team', 'eltern'],
  start: '2026-10-01',
  fotos: { consent: true },
};

async function renderForm(...args: Parameters<typeof documentationHandlers>) {
  const fake = documentationHandlers(...args);
  const view = await renderRoute('/dokumentationsbogen', { user: users.oneEnrolled(), handlers: fake.handlers });
  await screen.findByRole('form', { name: 'Dokumentationsbogen' });
  await laterPartsRendered();
  return { ...view, store: fake.store };
}

describe('/dokumentationsbogen: Einreichen', () => {
  it('given gaps, when "Einreichen" is pressed, the focus goes to the list of gaps (not into a question), each a link to its question', async () => {
    const { user, store } = await renderForm();
    await user.click(screen.getByRole('button', { name: 'Einreichen' }));
    // the summary: a heading that counts the gaps and one link per question, focused by script (tabIndex -1)
    const summary = await screen.findByRole('group', { name: 'Bitte prüfe die 3 markierten Felder.' });
    await waitFor(() => expect(summary).toHaveFocus());
    expect(summary).toHaveAttribute('tabindex', '-1');
    expect(within(summary).getByRole('heading', { level: 2, name: 'Bitte prüfe die 3 markierten Felder.' })).toBeInTheDocument();
    expect(
      within(summary)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Was habt ihr gemacht?: Bitte beantworte diese Frage.',
      'Hauptthema: Bitte wähle eine Option.',
      'Fotos aus dem Projekt: Bitte lade mindestens eine Datei hoch.',
    ]);
    const description = screen.getByRole('textbox', { name: /Was habt ihr gemacht\?/ });
    expect(description).not.toHaveFocus();
    await user.click(within(summary).getByRole('link', { name: 'Was habt ihr gemacht?' }));
    await waitFor(() => expect(description).toHaveFocus());
    expect(description).toHaveAccessibleDescription(/Bitte beantworte diese Frage\./);
    expect(screen.getByRole('group', { name: /^Hauptthema/ })).toHaveAccessibleDescription('Bitte wähle eine Option.');
    expect(screen.getByText('Bitte lade mindestens eine Datei hoch.')).toBeInTheDocument();
    expect(store.submits).toEqual([]);

    // the message goes as soon as the answer fits
    await user.type(description, 'Gepflanzt.');
    await waitFor(() => expect(screen.queryByText('Bitte beantworte diese Frage.')).not.toBeInTheDocument());
  });

  it('given a complete form, asks first, submits with the version and shows it read-only with the date', async () => {
    const { user, store } = await renderForm({ answers: complete, files: [buildUploadedFile()] });
    await user.click(screen.getByRole('button', { name: 'Einreichen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dokumentationsbogen einreichen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ja, einreichen' }));
    await waitFor(() => expect(store.submits).toEqual([3]));
    const notice = await screen.findByText(
      /^Eingereicht am \d\d\.\d\d\.\d{4}, \d\d:\d\d Uhr; du bekommst eine Bestätigung per E-Mail mit dem Bogen als PDF\.$/,
    );
    await waitFor(() => expect(notice.closest('[data-submitted-notice]')).toHaveFocus());
    expect(screen.queryByRole('button', { name: 'Einreichen' })).not.toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Titel des Projekts/ })).toHaveAttribute('readonly');
    expect(screen.queryByRole('button', { name: 'Dateien auswählen' })).not.toBeInTheDocument();
    expect(screen.getAllByText('eingereicht').length).toBeGreaterThan(0);
  });

  it('given the server names gaps (400 fields), shows them at the questions and focuses their list', async () => {
    const { user, store } = await renderForm({ answers: complete, files: [buildUploadedFile()] });
    // the template changed on the server meanwhile: the title is too long for it now
    store.form = { ...store.form, answers: { ...store.form.answers, titel: '' } };
    await user.click(screen.getByRole('button', { name: 'Einreichen' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ja, einreichen' }));
    expect(await screen.findByText('Bitte beantworte diese Frage.')).toBeInTheDocument();
    const summary = await screen.findByRole('group', { name: 'Bitte prüfe das markierte Feld.' });
    await waitFor(() => expect(summary).toHaveFocus());
    expect(within(summary).getByRole('link', { name: 'Titel des Projekts' })).toHaveAttribute('href', '#q-titel');
  });
});

describe('/dokumentationsbogen: states', () => {
  it("given a returned form, shows the jury's comment at the top and stays editable", async () => {
    await renderForm({
      state: 'returned',
      returnComment: 'Bitte ergänzt noch Fotos vom Beet.',
      history: [
        { state: 'submitted', at: '2027-05-02T08:00:00.000Z', by: 'Erika Muster', comment: '' },
        { state: 'returned', at: '2027-05-10T12:00:00.000Z', by: 'Jana Jury', comment: 'Bitte ergänzt noch Fotos vom Beet.' },
      ],
    });
    expect(screen.getByText('Die Jury hat deinen Dokumentationsbogen zurückgegeben')).toBeInTheDocument();
    expect(screen.getAllByText('Bitte ergänzt noch Fotos vom Beet.').length).toBeGreaterThan(0);
    expect(screen.getByRole('textbox', { name: /Titel des Projekts/ })).not.toHaveAttribute('readonly');
    expect(screen.getByRole('button', { name: 'Einreichen' })).toBeInTheDocument();
    expect(screen.getByText('zurückgegeben am 10.05.2027, 14:00 Uhr von Jana Jury')).toBeInTheDocument();
  });

  it('given an approved form, shows it read-only with the state in German and the history', async () => {
    await renderForm({
      state: 'approved',
      editable: false,
      notEditableReason: 'Der Dokumentationsbogen ist angenommen und lässt sich nicht mehr ändern.',
      answers: complete,
      files: [buildUploadedFile()],
      history: [{ state: 'approved', at: '2027-06-01T08:00:00.000Z', by: 'Jana Jury', comment: 'Ein tolles Projekt!' }],
    });
    expect(screen.getAllByText('angenommen').length).toBeGreaterThan(0);
    expect(screen.getByText('Der Dokumentationsbogen ist angenommen und lässt sich nicht mehr ändern.')).toBeInTheDocument();
    expect(screen.getByText('Ein tolles Projekt!')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Titel des Projekts/ })).toHaveAttribute('readonly');
    expect(await screen.findByRole('img', { name: 'beet.jpg' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /löschen/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Einreichen' })).not.toBeInTheDocument();
  });

  it('given the deadline passed, says why at the top and shows the answers read-only', async () => {
    await renderForm({ editable: false, notEditableReason: 'Die Frist ist am 30.06.2027 abgelaufen.' });
    expect(screen.getByText('Die Frist ist am 30.06.2027 abgelaufen.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Titel des Projekts/ })).toHaveValue('Unser Hochbeet');
    expect(screen.getByRole('textbox', { name: /Titel des Projekts/ })).toHaveAttribute('readonly');
  });
});

describe('/dokumentationsbogen: photos', () => {
  const jpeg = () => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 74, 70, 73, 70])], 'kraeuter.jpg', { type: 'image/jpeg' });

  it('uploads a photo picked with the button and shows its thumbnail named by the file', async () => {
    const { user, store } = await renderForm();
    await user.upload(await screen.findByLabelText('Dateien für „Fotos aus dem Projekt“ auswählen'), jpeg());
    expect(await screen.findByRole('img', { name: 'kraeuter.jpg' }, slow)).toBeInTheDocument();
    expect(store.form.files.map((f) => f.name)).toEqual(['kraeuter.jpg']);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it("given a file whose content is no photo, shows the server's German reason at the file", async () => {
    const { user, store } = await renderForm();
    await user.upload(
      await screen.findByLabelText('Dateien für „Fotos aus dem Projekt“ auswählen'),
      new File(['nur Text'], 'falsch.jpg', { type: 'image/jpeg' }),
    );
    const alert = await screen.findByRole('alert', { name: 'falsch.jpg' }, slow);
    expect(
      within(alert).getByText('Diese Datei ist kein erlaubter Dateityp (erlaubt: Fotos (JPEG, PNG, WebP)). Ihr Inhalt zählt, nicht ihr Name.'),
    ).toBeInTheDocument();
    expect(store.form.files).toEqual([]);
    await user.click(within(alert).getByRole('button', { name: 'Meldung zu falsch.jpg ausblenden' }));
    expect(screen.queryByRole('alert', { name: 'falsch.jpg' })).not.toBeInTheDocument();
  });

  it('refuses a dropped PDF for a photos question before uploading', async () => {
    const { store } = await renderForm();
    const zone = (await screen.findByText('Dateien hierher ziehen oder')).closest('[data-drop-zone]');
    if (!zone) throw new Error('no drop zone');
    fireEvent.dragOver(zone, { dataTransfer: { files: [] } });
    fireEvent.drop(zone, { dataTransfer: { files: [new File(['%PDF-1.4'], 'plan.pdf', { type: 'application/pdf' })] } });
    expect(await screen.findByText('Diese Datei ist kein erlaubter Dateityp (erlaubt: Fotos (JPEG, PNG, WebP)).')).toBeInTheDocument();
    expect(store.form.files).toEqual([]);
  });

  it('deletes a photo after asking, and saves the consent via autosave', async () => {
    const { user, store } = await renderForm({ files: [buildUploadedFile()] });
    await user.click(await screen.findByRole('checkbox', { name: /Sorgeberechtigten/ }));
    await waitFor(() => expect(store.form.answers.fotos).toEqual({ consent: true }), slow);

    await user.click(screen.getByRole('button', { name: 'beet.jpg löschen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Datei löschen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ja, löschen' }));
    await waitFor(() => expect(screen.queryByRole('img', { name: 'beet.jpg' })).not.toBeInTheDocument());
    expect(store.form.files).toEqual([]);
  });
});
