import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { conflictMessage } from '../../../shared/contracts/common';
import { buildFacility } from '../../../testing/factories/facilities';
import { users } from '../../../testing/factories/users';
import { renderRoute } from '../../../testing/render';

const facility = buildFacility();
const getFacility = http.get('*/api/facilities/12', () => HttpResponse.json(facility));

describe('/stammdaten', () => {
  it('shows the master data and who changed them last', async () => {
    await renderRoute('/stammdaten', { user: users.notEnrolled(), handlers: [getFacility] });
    expect(await screen.findByText('Hauptstraße 1, 90402 Nürnberg')).toBeInTheDocument();
    expect(screen.getByTestId('last-change')).toHaveTextContent('Zuletzt geändert von Nina Muster am 05.10.2026, 14:30 Uhr');
  });

  it('names the fields of the last change and opens the last changes with before and after, as text only', async () => {
    let historyCalls = 0;
    const { user } = await renderRoute('/stammdaten', {
      user: users.notEnrolled(),
      handlers: [
        http.get('*/api/facilities/12', () => HttpResponse.json(buildFacility({ lastChangedFields: ['phone', 'email'] }))),
        http.get('*/api/facilities/12/history', () => {
          historyCalls++;
          return HttpResponse.json({
            items: [
              {
                id: 31,
                at: '2026-10-05T12:30:00.000Z',
                actor: { id: 4, name: 'Nina Muster' },
                byAdmin: false,
                changes: [
                  { field: 'phone', before: '', after: '0911 123456' },
                  { field: 'email', before: '<b>alt</b>@kita.example', after: 'regenbogen@kita.example' },
                ],
              },
              {
                id: 30,
                at: '2026-09-20T07:05:00.000Z',
                actor: null,
                byAdmin: true,
                changes: [{ field: 'childrenCount', before: 55, after: null }],
              },
            ],
          });
        }),
      ],
    });
    expect(await screen.findByTestId('last-change')).toHaveTextContent(
      'Zuletzt geändert von Nina Muster am 05.10.2026, 14:30 Uhr: Telefon, E-Mail der KiTa',
    );
    expect(historyCalls).toBe(0);

    const toggle = screen.getByRole('button', { name: 'Änderungsverlauf anzeigen' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Änderungsverlauf ausblenden' })).toHaveAttribute('aria-expanded', 'true');
    const table = await screen.findByRole('table', { name: 'Die letzten Änderungen der Stammdaten, neueste zuerst' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      '05.10.2026, 14:30 UhrNina MusterTelefon—0911 123456',
      'E-Mail der KiTa<b>alt</b>@kita.exampleregenbogen@kita.example',
      '20.09.2026, 09:05 Uhrunbekannt (Verwaltung)Zahl der Kinder55—',
    ]);
    // a value is a text node, never markup
    expect(table.querySelector('b')).toBeNull();
    expect(historyCalls).toBe(1);
  });

  it('given no recorded change, the opened history says so', async () => {
    const { user } = await renderRoute('/stammdaten', { user: users.notEnrolled(), handlers: [getFacility] });
    await user.click(await screen.findByRole('button', { name: 'Änderungsverlauf anzeigen' }));
    expect(await screen.findByText('Noch keine Änderungen an den Stammdaten aufgezeichnet.')).toBeInTheDocument();
  });

  it('given the edit form, when "Abbrechen" closes it, the focus goes back to "Stammdaten bearbeiten" (not to the heading)', async () => {
    const { user } = await renderRoute('/stammdaten', { user: users.notEnrolled(), handlers: [getFacility] });
    await user.click(await screen.findByRole('button', { name: 'Stammdaten bearbeiten' }));
    await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
    const opener = await screen.findByRole('button', { name: 'Stammdaten bearbeiten' });
    await waitFor(() => expect(opener).toHaveFocus());
  });

  it('given a stale version, tells the 409 in German and keeps the input', async () => {
    let sent: Record<string, unknown> | null = null;
    const { user } = await renderRoute('/stammdaten', {
      user: users.notEnrolled(),
      handlers: [
        getFacility,
        http.put('*/api/facilities/12', async ({ request }) => {
          sent = (await request.json()) as Record<string, unknown>;
          return HttpResponse.json({ reason: { message: conflictMessage, code: 'conflict' } }, { status: 409 });
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Stammdaten bearbeiten' }));
    const name = screen.getByRole('textbox', { name: 'Name der KiTa' });
    await user.clear(name);
    await user.type(name, 'KiTa Regenbogenland');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(conflictMessage);
    expect(screen.getByRole('textbox', { name: 'Name der KiTa' })).toHaveValue('KiTa Regenbogenland');
    expect(sent).toMatchObject({ label: 'KiTa Regenbogenland', version: 3 });
  });

  it('given bad input, shows German messages per field and sends nothing', async () => {
    const { user } = await renderRoute('/stammdaten', { user: users.notEnrolled(), handlers: [getFacility] });
    await user.click(await screen.findByRole('button', { name: 'Stammdaten bearbeiten' }));
    const plz = screen.getByRole('textbox', { name: 'Postleitzahl' });
    await user.clear(plz);
    await user.type(plz, '9040x');
    const phone = screen.getByRole('textbox', { name: 'Telefon' });
    await user.clear(phone);
    await user.type(phone, 'ruf an');
    const staff = screen.getByRole('textbox', { name: 'Zahl der Mitarbeitenden' });
    await user.clear(staff);
    await user.type(staff, 'zwölf');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    expect(await screen.findByText('Die Postleitzahl hat genau 5 Ziffern.')).toBeInTheDocument();
    expect(screen.getByText(/gültige Telefonnummer/)).toBeInTheDocument();
    expect(screen.getByText('Bitte gib die Zahl der Mitarbeitenden als Zahl an.')).toBeInTheDocument();
    expect(staff).toHaveValue('zwölf');
  });
});
