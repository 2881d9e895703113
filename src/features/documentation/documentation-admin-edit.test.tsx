import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { docDetail } from '../../testing/factories/admin-documentation';
import { users } from '../../testing/factories/users';
import { documentationHandlers as adminHandlers } from '../../testing/handlers/admin-documentation';
import { documentationHandlers } from '../../testing/handlers/documentation';
import { laterPartsRendered, renderRoute } from '../../testing/render';

const slow = { timeout: 10_000 };

describe("/verwaltung/dokuboegen/{season}/{facilityId}/bearbeiten: an admin edits a KiTa's answers", { timeout: 90_000 }, () => {
  it('opens from the form\'s page, saves as the admin types, has no "Einreichen", and leads back', async () => {
    const staff = documentationHandlers({ state: 'submitted', editable: true, submittedAt: '2027-05-20T12:32:00Z' }, { savedBy: 'Alex Admin' });
    const admin = adminHandlers({ detail: docDetail() });
    const { user, router } = await renderRoute('/verwaltung/dokuboegen/2026-27/11', {
      user: users.admin(),
      handlers: [...staff.handlers, ...admin.handlers],
    });
    await user.click(await screen.findByRole('link', { name: 'Antworten bearbeiten' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Dokumentationsbogen bearbeiten' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/verwaltung/dokuboegen/2026-27/11/bearbeiten');
    expect(screen.getByText('Du bearbeitest die Antworten als Verwaltung')).toBeInTheDocument();
    // a submitted form stays editable for admins; the staff's notices and "Einreichen" are not shown
    expect(screen.queryByRole('button', { name: 'Einreichen' })).not.toBeInTheDocument();
    expect(screen.queryByText(/du bekommst eine Bestätigung/)).not.toBeInTheDocument();

    const form = await screen.findByRole('form', { name: 'Dokumentationsbogen' });
    await laterPartsRendered();
    await user.type(within(form).getByRole('textbox', { name: /Was habt ihr gemacht\?/ }), ' Korrigiert.');
    await waitFor(() => expect(staff.store.form.answers.beschreibung).toMatch(/ Korrigiert\.$/), slow);
    expect((await screen.findAllByText(/^Gespeichert um \d\d:\d\d$/, undefined, slow)).length).toBeGreaterThan(0);

    await user.click(screen.getByRole('link', { name: 'Zurück zum Dokumentationsbogen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/verwaltung/dokuboegen/2026-27/11'));
  });

  it('is not offered for another season', async () => {
    const admin = adminHandlers({ detail: docDetail({ seasonIdentifier: '2025-26', seasonLabel: 'KiTa-Jahr 2025/26' }) });
    await renderRoute('/verwaltung/dokuboegen/2025-26/11', { user: users.admin(), handlers: admin.handlers });
    expect(await screen.findByRole('heading', { level: 1, name: 'Kinderhaus Pegnitzwiese' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Antworten bearbeiten' })).not.toBeInTheDocument();
  });

  it('says so when opened for another season', async () => {
    await renderRoute('/verwaltung/dokuboegen/2025-26/11/bearbeiten', { user: users.admin() });
    expect(await screen.findByText('Bearbeiten lassen sich nur die Dokumentationsbögen des aktuellen KiTa-Jahres.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zurück zum Dokumentationsbogen' })).toHaveAttribute('href', '/verwaltung/dokuboegen/2025-26/11');
  });

  it("sends a jury member to the form's page: the jury reviews, it does not edit", async () => {
    const admin = adminHandlers({ detail: docDetail({ may: { decide: false, review: true, edit: false } }) });
    const { router } = await renderRoute('/verwaltung/dokuboegen/2026-27/11/bearbeiten', { user: users.jury(), handlers: admin.handlers });
    await waitFor(() => expect(router.state.location.pathname).toBe('/verwaltung/dokuboegen/2026-27/11'));
    expect(screen.queryByRole('link', { name: 'Antworten bearbeiten' })).not.toBeInTheDocument();
  });
});
