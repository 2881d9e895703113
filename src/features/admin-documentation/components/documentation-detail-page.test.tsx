import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { docDetail } from '../../../testing/factories/admin-documentation';
import { users } from '../../../testing/factories/users';
import { documentationHandlers } from '../../../testing/handlers/admin-documentation';
import { renderRoute } from '../../../testing/render';

const path = '/verwaltung/dokuboegen/2026-27/11';

describe('/verwaltung/dokuboegen/{season}/{facilityId}', { timeout: 90_000 }, () => {
  it('shows the answers as given, the orphan answers, photos in a dialog, and hides the others’ reviews', async () => {
    const { handlers } = documentationHandlers({ detail: docDetail() });
    const { user } = await renderRoute(path, { user: users.admin(), handlers });
    expect(await screen.findByRole('heading', { level: 1, name: 'Kinderhaus Pegnitzwiese' })).toBeInTheDocument();
    expect(screen.getByText('Status: eingereicht')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'PDF herunterladen' })).toBeInTheDocument();

    const project = screen.getByRole('region', { name: 'Euer Projekt' });
    expect(within(project).getByText('Wasser erleben')).toBeInTheDocument();
    expect(within(project).getByText(/Erste Zeile\s+Zweite Zeile/)).toBeInTheDocument();
    expect(within(project).getByText('1.250')).toBeInTheDocument();
    expect(within(project).getByText('01.03.2027')).toBeInTheDocument();
    expect(within(project).getByText('Wasser')).toBeInTheDocument();
    expect(within(project).getByText('Eltern')).toBeInTheDocument();
    const evidence = screen.getByRole('region', { name: 'Fotos und Nachweise' });
    expect(
      within(evidence).getByText('Die Sorgeberechtigten aller abgebildeten Kinder haben der Veröffentlichung zugestimmt. – bestätigt'),
    ).toBeInTheDocument();
    expect(within(evidence).getByRole('link', { name: 'plan.pdf herunterladen' })).toHaveAttribute(
      'href',
      '/api/admin/documentation/2026-27/11/files/6',
    );

    const orphans = screen.getByRole('region', { name: 'Antworten auf entfernte Fragen' });
    expect(within(orphans).getByText('Antwort auf eine alte Frage')).toBeInTheDocument();

    await user.click(within(evidence).getByRole('button', { name: 'Foto „bach.jpg“ größer ansehen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Foto „bach.jpg“' });
    expect(within(dialog).getByRole('img', { name: 'Foto „bach.jpg“ aus dem Dokumentationsbogen von Kinderhaus Pegnitzwiese' })).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    expect(screen.getByText('Die Bewertungen der anderen siehst du, sobald deine eigene abgegeben ist.')).toBeInTheDocument();
    expect(screen.getByText('Bitte Fotos prüfen.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Interne Notizen – nur für Verwaltung und Jury' })).toBeInTheDocument();
  });

  it('returns the form only with a comment for the KiTa, sending the version read', async () => {
    const fake = documentationHandlers({ detail: docDetail() });
    const { user } = await renderRoute(path, { user: users.admin(), handlers: fake.handlers });
    await user.click(await screen.findByRole('button', { name: 'Zurückgeben' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dokumentationsbogen zurückgeben' });
    await user.click(within(dialog).getByRole('button', { name: 'Ja, zurückgeben' }));
    expect(await within(dialog).findByText('Bitte schreib der KiTa, was sie ändern soll oder warum.')).toBeInTheDocument();
    expect(fake.calls).toHaveLength(0);

    await user.type(within(dialog).getByRole('textbox', { name: /Was soll die KiTa ändern/ }), 'Bitte ergänzt die Fotos.');
    await user.click(within(dialog).getByRole('button', { name: 'Ja, zurückgeben' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fake.calls).toEqual([
      {
        method: 'POST',
        path: '/api/admin/documentation/2026-27/11/decision',
        body: { action: 'return', comment: 'Bitte ergänzt die Fotos.', version: 4 },
      },
    ]);
  });

  it('given a form whose PDF cannot be built, "PDF herunterladen" tells why and saves no file', async () => {
    const { handlers } = documentationHandlers({ detail: docDetail() });
    const message = 'Das PDF dieses Dokumentationsbogens ließ sich nicht erstellen (vielleicht ist ein Foto beschädigt oder zu groß).';
    const pdf = http.get('*/api/admin/documentation/2026-27/11/pdf', () =>
      HttpResponse.json({ msg: message, reason: { code: 'pdf_failed', message } }, { status: 409 }),
    );
    const createObjectURL = vi.fn(() => 'blob:x');
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL }));
    const { user } = await renderRoute(path, { user: users.admin(), handlers: [pdf, ...handlers] });
    await user.click(await screen.findByRole('button', { name: 'PDF herunterladen' }));
    expect(await screen.findByText(/ließ sich nicht erstellen/)).toBeInTheDocument();
    expect(createObjectURL).not.toHaveBeenCalled();
    vi.unstubAllGlobals();
  });

  it('approves and tells the KiTa is admitted to the award; a 409 says someone was faster', async () => {
    const fake = documentationHandlers({ detail: docDetail(), failWith: { status: 409, code: 'conflict', message: 'x' } });
    const { user } = await renderRoute(path, { user: users.admin(), handlers: fake.handlers });
    await user.click(await screen.findByRole('button', { name: 'Annehmen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dokumentationsbogen annehmen' });
    expect(within(dialog).getByText(/zur Auszeichnung zugelassen/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ja, annehmen' }));
    expect(await within(dialog).findByText('Jemand war schneller')).toBeInTheDocument();
    expect(fake.calls[0]?.body).toEqual({ action: 'approve', comment: '', version: 4 });
  });

  it('saves the own review with a score per criterion', async () => {
    const fake = documentationHandlers({ detail: docDetail() });
    const { user } = await renderRoute(path, { user: users.admin(), handlers: fake.handlers });
    const form = await screen.findByRole('form', { name: 'Deine Bewertung' });
    await user.click(within(form).getByRole('button', { name: 'Bewertung speichern' }));
    expect(await within(form).findByText('Bitte prüfe die 7 markierten Felder.')).toBeInTheDocument();
    expect(fake.calls).toHaveLength(0);

    const scores = {
      'Umfang des Projekts (Gewicht 1)': '4',
      'Inhalt (Gewicht 1)': '5',
      'Bezug zur Bildung für nachhaltige Entwicklung (BNE) (Gewicht 2)': '3',
      'Beteiligung der Kinder (Gewicht 2)': '5',
      'Beteiligung des Teams (Gewicht 1)': '2',
      'Beteiligung der Eltern (Gewicht 1)': '1',
      'Beteiligung des Trägers (Gewicht 1)': '0',
    };
    for (const [legend, score] of Object.entries(scores))
      await user.click(within(within(form).getByRole('group', { name: legend })).getByRole('radio', { name: score }));
    await user.type(within(form).getByRole('textbox', { name: /Kommentar/ }), 'Schönes Projekt.');
    await user.click(within(form).getByRole('button', { name: 'Bewertung speichern' }));
    await waitFor(() => expect(fake.calls).toHaveLength(1));
    expect(fake.calls[0]).toEqual({
      method: 'PUT',
      path: '/api/admin/documentation/2026-27/11/review',
      body: { scores: { scope: 4, content: 5, bne: 3, children: 5, team: 2, parents: 1, operator: 0 }, comment: 'Schönes Projekt.' },
    });
  });

  it('shows the others’ reviews and the average once they are visible', async () => {
    const review = {
      reviewerId: 8,
      reviewerName: 'Jutta Jury',
      scores: { scope: 3 },
      total: 3.5,
      comment: 'Gut.',
      updatedAt: '2027-05-22T10:00:00Z',
    };
    const fake = documentationHandlers({ detail: docDetail({ othersHidden: false, reviews: [review], averageScore: 3.5, reviewCount: 1 }) });
    await renderRoute(path, { user: users.admin(), handlers: fake.handlers });
    const table = await screen.findByRole('table', { name: 'Bewertungen der anderen' });
    expect(within(table).getByText('Jutta Jury')).toBeInTheDocument();
    expect(within(table).getByRole('cell', { name: '3,5' })).toBeInTheDocument();
    expect(screen.getByText('1 Bewertung · Ø Punkte: 3,5')).toBeInTheDocument();
    expect(screen.queryByText(/siehst du, sobald deine eigene/)).not.toBeInTheDocument();
  });
});
