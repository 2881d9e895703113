import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminPersonDetail, adminPersonItem, personRecord } from '../../../testing/factories/admin';
import { users } from '../../../testing/factories/users';
import { renderRoute } from '../../../testing/render';

function listHandlers() {
  const queries: URLSearchParams[] = [];
  const handlers = [
    http.get('*/api/admin/persons', ({ request }) => {
      const params = new URL(request.url).searchParams;
      queries.push(params);
      return HttpResponse.json({
        items: [
          adminPersonItem(511),
          adminPersonItem(0, {
            key: 'u7',
            kind: 'account',
            personId: null,
            userId: 7,
            firstName: 'Konrad',
            lastName: 'Konto',
            facilityId: null,
            facilityLabel: null,
            position: null,
            accountActive: true,
            is_admin: true,
          }),
        ],
        total: 80,
        page: Number(params.get('page')),
        pageSize: Number(params.get('pageSize')),
      });
    }),
  ];
  return { handlers, last: () => Object.fromEntries(queries.at(-1) ?? []) };
}

const AT = '2026-10-01T08:00:00.000Z';
const adminUser = (overrides = {}) => ({
  id: 7,
  email: 'joerdis@example.org',
  firstName: 'Jördis',
  lastName: 'Größer',
  isAdmin: false,
  isJury: false,
  activatedAt: AT,
  deactivatedAt: null,
  lastLoginAt: AT,
  createdAt: AT,
  totpEnabled: false,
  activeSessions: 2,
  ...overrides,
});

function detailHandlers(withAccount: boolean) {
  const writes: { method: string; url: string; body: unknown }[] = [];
  const record = async (request: Request) => {
    writes.push({ method: request.method, url: new URL(request.url).pathname, body: await request.json().catch(() => null) });
  };
  const person = personRecord(511, { userId: withAccount ? 7 : null, hasAccount: withAccount });
  const handlers = [
    http.get('*/api/admin/persons/511', () => HttpResponse.json(adminPersonDetail(511, { person }))),
    http.get('*/api/admin/users/7', () => HttpResponse.json(adminUser())),
    http.post('*/api/admin/users', async ({ request }) => {
      await record(request);
      return HttpResponse.json(adminUser({ activatedAt: null }), { status: 201 });
    }),
    http.post('*/api/admin/users/7/deactivate', async ({ request }) => {
      await record(request);
      return HttpResponse.json(adminUser({ deactivatedAt: AT, activeSessions: 0 }));
    }),
    http.put('*/api/admin/users/7/admin', async ({ request }) => {
      await record(request);
      return HttpResponse.json(adminUser({ isAdmin: true }));
    }),
  ];
  return { handlers, writes };
}

describe('/verwaltung/personen', () => {
  it('search, filters, sorting and paging drive the query string', async () => {
    const { handlers, last } = listHandlers();
    const { user } = await renderRoute('/verwaltung/personen', { user: users.admin(), handlers });
    expect(last()).toEqual({ sort: 'lastName', dir: 'asc', page: '1', pageSize: '25' });
    const table = screen.getByRole('table', { name: 'Alle Personen und Benutzerkonten' });
    // issue 19: each name once ("Nachname", "Vorname"); the link names the whole person
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['Nachname▲', 'Vorname↕', 'E-Mail↕', 'KiTa↕', 'Funktion↕', 'Konto']);
    expect(within(table).getByRole('link', { name: 'Jördis Größer' })).toHaveTextContent(/^Größer$/);
    expect(within(table).getByRole('link', { name: 'Jördis Größer' })).toHaveAttribute('href', '/verwaltung/personen/511');
    // an account without a staff entry has no person page
    expect(within(table).getByRole('button', { name: 'Benutzerkonto von Konrad Konto öffnen' })).not.toHaveAttribute('href');

    await user.click(screen.getByRole('button', { name: 'Nach KiTa sortieren' }));
    await waitFor(() => expect(last()).toMatchObject({ sort: 'facilityLabel', dir: 'asc' }));
    await user.click(screen.getByRole('button', { name: 'Seite 3' }));
    await waitFor(() => expect(last()).toMatchObject({ page: '3' }));
    fireEvent.change(screen.getByRole('searchbox', { name: /Suche/ }), { target: { value: 'Größer' } });
    await waitFor(() => expect(last()).toMatchObject({ q: 'Größer', page: '1' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Benutzerkonto' }), 'ohne Konto');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Funktion' }), 'Leitung');
    await user.click(screen.getByRole('checkbox', { name: 'Entfernte zeigen' }));
    await waitFor(() =>
      expect(last()).toEqual({
        q: 'Größer',
        hasAccount: 'no',
        position: 'Leitung',
        includeRemoved: 'yes',
        sort: 'facilityLabel',
        dir: 'asc',
        page: '1',
        pageSize: '25',
      }),
    );
  });

  it('opens an account without a staff entry in a dialog with its account actions', async () => {
    const { handlers } = listHandlers();
    handlers.push(http.get('*/api/admin/users/7', () => HttpResponse.json(adminUser({ isAdmin: true, email: 'konrad@example.org' }))));
    const { user } = await renderRoute('/verwaltung/personen', { user: users.admin(), handlers });
    await user.click(screen.getByRole('button', { name: 'Benutzerkonto von Konrad Konto öffnen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Benutzerkonto von Konrad Konto' });
    expect(await within(dialog).findByText('konrad@example.org')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Verwaltungsrechte entziehen' })).toBeInTheDocument();
  });

  it('opens a shared link filtered to one KiTa and lets the admin drop that filter', async () => {
    const { handlers, last } = listHandlers();
    const { user } = await renderRoute('/verwaltung/personen?facilityId=11&kind=person', { user: users.admin(), handlers });
    expect(last()).toMatchObject({ facilityId: '11', kind: 'person' });
    for (const format of ['xlsx', 'csv']) {
      const name = format === 'xlsx' ? 'Als Excel (XLSX) exportieren' : 'Als CSV (Excel) exportieren';
      const url = new URL(screen.getByRole('link', { name }).getAttribute('href')!, 'http://x');
      expect(url.pathname).toBe(`/api/admin/persons/export.${format}`);
      expect(Object.fromEntries(url.searchParams)).toEqual({ facilityId: '11', kind: 'person', sort: 'lastName', dir: 'asc' });
    }
    await user.click(screen.getByRole('button', { name: 'Nur KiTa Nr. 11 – Filter entfernen' }));
    await waitFor(() => expect(last()).not.toHaveProperty('facilityId'));
  });
});

describe('/verwaltung/personen/$personId', () => {
  it('creates an account for a person without one, linked to the person and its KiTa', async () => {
    const { handlers, writes } = detailHandlers(false);
    const { user } = await renderRoute('/verwaltung/personen/511', { user: users.admin(), handlers });
    expect(screen.getByRole('heading', { level: 1, name: 'Jördis Größer' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Benutzerkonto anlegen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Benutzerkonto anlegen' });
    expect(within(dialog).getByRole('textbox', { name: /E-Mail/ })).toHaveValue('joerdis@example.org');
    await user.click(within(dialog).getByRole('button', { name: 'Konto anlegen und einladen' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({
      method: 'POST',
      url: '/api/admin/users',
      body: { email: 'joerdis@example.org', firstName: 'Jördis', lastName: 'Größer', personId: 511, facilityId: 11 },
    });
  });

  it('keeps the edited person and explains a 409 conflict in German', async () => {
    const { handlers, writes } = detailHandlers(false);
    handlers.unshift(
      http.put('*/api/admin/persons/511', async ({ request }) => {
        writes.push({ method: 'PUT', url: '/api/admin/persons/511', body: await request.json() });
        return HttpResponse.json({ reason: { code: 'conflict', message: 'Veraltet.' } }, { status: 409 });
      }),
    );
    const { user } = await renderRoute('/verwaltung/personen/511', { user: users.admin(), handlers });
    await user.click(screen.getByRole('button', { name: 'Person bearbeiten' }));
    const last = screen.getByRole('textbox', { name: /Nachname/ });
    fireEvent.change(last, { target: { value: 'Groß-Müller' } });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Funktion' }), 'Sonstige');
    await user.click(screen.getByRole('button', { name: 'Person speichern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Jemand anderes hat diese Daten inzwischen geändert. Deine Eingaben sind noch da');
    expect(last).toHaveValue('Groß-Müller');
    expect(writes[0]).toMatchObject({ body: { lastName: 'Groß-Müller', position: 'Sonstige', version: 2 } });
  });

  it('deactivates and makes admin only after a confirm', async () => {
    const { handlers, writes } = detailHandlers(true);
    const { user } = await renderRoute('/verwaltung/personen/511', { user: users.admin(), handlers });
    expect(await screen.findByText('aktiv')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Konto deaktivieren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Konto deaktivieren?' });
    expect(writes).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Ja, deaktivieren' }));
    await waitFor(() => expect(writes).toEqual([{ method: 'POST', url: '/api/admin/users/7/deactivate', body: null }]));

    await user.click(screen.getByRole('button', { name: 'Verwaltungsrechte geben' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Verwaltungsrechte geben?' })).getByRole('button', { name: 'Ja, Verwaltungsrechte geben' }),
    );
    await waitFor(() => expect(writes[1]).toEqual({ method: 'PUT', url: '/api/admin/users/7/admin', body: { isAdmin: true } }));
  });
});
