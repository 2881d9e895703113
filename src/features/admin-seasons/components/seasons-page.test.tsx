import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminSeason } from '../../../testing/factories/admin';
import { users } from '../../../testing/factories/users';
import { renderRoute } from '../../../testing/render';

const stats = {
  seasonId: 2,
  enrolled: 7,
  withdrawn: 1,
  byRegion: [{ region: 'Oberbayern', count: 4 }],
  byKind: [{ kind: 'Kindergarten', count: 7 }],
};

function seasonHandlers(
  seasons = [
    adminSeason(),
    adminSeason({ id: 1, identifier: '2025-26', label: 'KiTa-Jahr 2025/26', isCurrent: false, enrolment_state: 'closed', version: 9 }),
  ],
) {
  const writes: { method: string; url: string; body: unknown }[] = [];
  const queries: URLSearchParams[] = [];
  const record = async (request: Request) => {
    writes.push({ method: request.method, url: new URL(request.url).pathname, body: await request.json().catch(() => null) });
  };
  const handlers = [
    http.get('*/api/admin/seasons', ({ request }) => {
      queries.push(new URL(request.url).searchParams);
      return HttpResponse.json({ items: seasons, total: seasons.length, page: 1, pageSize: 25 });
    }),
    http.get('*/api/admin/seasons/choices', () => HttpResponse.json({ items: seasons })),
    http.get('*/api/admin/seasons/:id/stats', () => HttpResponse.json(stats)),
    http.post('*/api/admin/seasons', async ({ request }) => {
      await record(request);
      return HttpResponse.json(adminSeason({ id: 3, identifier: '2027-28', isCurrent: false }), { status: 201 });
    }),
    http.put('*/api/admin/seasons/:id/enrolment-state', async ({ request }) => {
      await record(request);
      return HttpResponse.json(adminSeason({ enrolment_state: 'closed', version: 4 }));
    }),
    http.put('*/api/admin/seasons/:id', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ reason: { code: 'conflict', message: 'Jemand anderes hat diese Daten inzwischen geändert.' } }, { status: 409 });
    }),
  ];
  return { handlers, writes, queries };
}

describe('/verwaltung/kita-jahre', () => {
  it('asks the server for the list (newest first), offers the exports and filters by enrolment state', async () => {
    const { handlers, queries } = seasonHandlers();
    const { user } = await renderRoute('/verwaltung/kita-jahre', { user: users.admin(), handlers });
    expect(Object.fromEntries(queries[0]!)).toMatchObject({ sort: 'identifier', dir: 'desc', page: '1', pageSize: '25' });
    expect(screen.getByRole('link', { name: 'Als CSV (Excel) exportieren' })).toHaveAttribute(
      'href',
      '/api/admin/seasons/export.csv?sort=identifier&dir=desc',
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Anmeldung' }), 'offen');
    await waitFor(() => expect(queries.at(-1)?.get('enrolment_state')).toBe('open'));
    expect(screen.getByRole('link', { name: 'Als Excel (XLSX) exportieren' })).toHaveAttribute(
      'href',
      '/api/admin/seasons/export.xlsx?enrolment_state=open&sort=identifier&dir=desc',
    );
  });

  it('lists the seasons with their enrolment state and the current season’s numbers', async () => {
    const { handlers } = seasonHandlers();
    await renderRoute('/verwaltung/kita-jahre', { user: users.admin(), handlers });
    const table = screen.getByRole('table', { name: 'Alle KiTa-Jahre' });
    expect(within(table).getByText('2026-27')).toBeInTheDocument();
    expect(within(table).getByText('geschlossen')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Nach Regierungsbezirk' })).toHaveTextContent('Oberbayern4');
    expect(screen.getByText('7 KiTas angemeldet, 1 abgemeldet.')).toBeInTheDocument();
  });

  it('validates the new-season form in German before sending anything', async () => {
    const { handlers, writes } = seasonHandlers();
    const { user } = await renderRoute('/verwaltung/kita-jahre', { user: users.admin(), handlers });
    await user.click(screen.getByRole('button', { name: 'Neues KiTa-Jahr' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neues KiTa-Jahr' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Kennung/ }), { target: { value: '2027' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Beginn' }), { target: { value: '01.09.2027' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Ende' }), { target: { value: '01.08.2026' } });
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findByText('Die Kennung hat die Form JJJJ-JJ, z. B. 2026-27.')).toBeInTheDocument();
    expect(within(dialog).getByText('Bitte gib die Bezeichnung an.')).toBeInTheDocument();
    expect(within(dialog).getByText('Das Ende liegt vor dem Beginn.')).toBeInTheDocument();
    expect(writes).toEqual([]);

    fireEvent.change(within(dialog).getByRole('textbox', { name: /Kennung/ }), { target: { value: '2027-28' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Bezeichnung/ }), { target: { value: 'KiTa-Jahr 2027/28' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Ende' }), { target: { value: '31.08.2028' } });
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({
      method: 'POST',
      body: { identifier: '2027-28', label: 'KiTa-Jahr 2027/28', startDate: '2027-09-01', endDate: '2028-08-31', enrolment_state: 'closed' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // eleven date inputs in a modal: slow on a busy machine
  }, 45_000);

  it('keeps the input and says so in German when someone else saved the season first (409)', async () => {
    const { handlers, writes } = seasonHandlers();
    const { user } = await renderRoute('/verwaltung/kita-jahre', { user: users.admin(), handlers });
    await user.click(screen.getByRole('button', { name: '2026/27 bearbeiten' }));
    const dialog = await screen.findByRole('dialog', { name: 'KiTa-Jahr 2026/27 bearbeiten' });
    const label = within(dialog).getByRole('textbox', { name: /Bezeichnung/ });
    await user.clear(label);
    await user.type(label, 'Neuer Name');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Jemand anderes hat diese Daten inzwischen geändert.');
    expect(label).toHaveValue('Neuer Name');
    expect(writes[0]).toMatchObject({ method: 'PUT', url: '/api/admin/seasons/2', body: { version: 3, label: 'Neuer Name' } });
  });

  it('asks before the page is left with a changed season unsaved, and leaves it be when "Abbrechen" is chosen', async () => {
    const { handlers, writes } = seasonHandlers();
    const { user, router } = await renderRoute('/verwaltung/kita-jahre', { user: users.admin(), handlers });
    await user.click(screen.getByRole('button', { name: '2026/27 bearbeiten' }));
    const dialog = await screen.findByRole('dialog', { name: 'KiTa-Jahr 2026/27 bearbeiten' });
    const label = within(dialog).getByRole('textbox', { name: /Bezeichnung/ });
    await user.type(label, ' neu');
    // the browser's back button, or a link the modal does not cover
    void router.navigate({ to: '/verwaltung' });
    const ask = await screen.findByRole('dialog', { name: 'Änderungen nicht gespeichert' });
    await user.click(within(ask).getByRole('button', { name: 'Abbrechen' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Änderungen nicht gespeichert' })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/verwaltung/kita-jahre');
    expect(label).toHaveValue('KiTa-Jahr 2026/27 neu');
    expect(writes).toEqual([]);
  }, 45_000);

  it('closes enrolment only after the confirm, sending the version it read', async () => {
    const { handlers, writes } = seasonHandlers();
    const { user } = await renderRoute('/verwaltung/kita-jahre', { user: users.admin(), handlers });
    await user.click(screen.getByRole('button', { name: 'Anmeldung zu 2026/27 schließen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anmeldung schließen?' });
    expect(writes).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Ja, Anmeldung schließen' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({ url: '/api/admin/seasons/2/enrolment-state', body: { enrolment_state: 'closed', version: 3 } });
  });
});
