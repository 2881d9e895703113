import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { conflictMessage } from '../../../shared/contracts/common';
import type { Person } from '../../../shared/contracts/persons';
import { buildPerson } from '../../../testing/factories/facilities';
import { users } from '../../../testing/factories/users';
import { renderRoute } from '../../../testing/render';

function staffHandlers(initial: Person[]) {
  const persons = [...initial];
  const calls = { removed: [] as string[] };
  const handlers = [
    http.get('*/api/facilities/12/persons', () => HttpResponse.json({ items: persons, total: persons.length, page: 1, pageSize: 25 })),
    http.post('*/api/facilities/12/persons', async ({ request }) => {
      const body = (await request.json()) as Partial<Person>;
      const person = buildPerson({ ...body, id: 900 + persons.length });
      persons.push(person);
      return HttpResponse.json(person, { status: 201 });
    }),
    http.delete('*/api/facilities/12/persons/:id', ({ params, request }) => {
      calls.removed.push(`${String(params.id)}${new URL(request.url).search}`);
      const index = persons.findIndex((p) => String(p.id) === params.id);
      persons.splice(index, 1);
      return new HttpResponse(null, { status: 204 });
    }),
    http.get('*/api/facilities/12/members', () =>
      HttpResponse.json({
        items: [
          {
            userId: 4,
            firstName: 'Nina',
            lastName: 'Muster',
            email: 'nicht-angemeldet@demo.example',
            since: '2026-09-01T08:00:00Z',
            personId: null,
          },
        ],
      }),
    ),
    http.get('*/api/facilities/12/join-requests', () =>
      HttpResponse.json({
        items: [
          {
            id: 3,
            facilityId: 12,
            facilityLabel: 'KiTa Regenbogen',
            user: { id: 9, name: 'Jana Neu', email: 'jana@example.org' },
            message: 'Gruppe Igel',
            state: 'pending',
            createdAt: '2026-11-01T10:00:00Z',
            decidedAt: null,
            decidedBy: null,
          },
        ],
      }),
    ),
  ];
  return { handlers, persons, calls };
}

describe('/personal', () => {
  it('lists staff with their account state, members and open join requests, each table named', async () => {
    const { handlers } = staffHandlers([buildPerson(), buildPerson({ id: 502, firstName: 'Karl', lastName: 'Konto', hasAccount: true, userId: 4 })]);
    await renderRoute('/personal', { user: users.notEnrolled(), handlers });
    const staff = await screen.findByRole('table', { name: 'Personal der KiTa' });
    expect(within(staff).getByText('Pädagogin, Paula')).toBeInTheDocument();
    expect(within(staff).getByText('hat ein Konto')).toBeInTheDocument();
    expect(within(staff).getByRole('button', { name: 'Paula Pädagogin einladen' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Benutzerkonten mit Zugriff' })).toHaveTextContent('Nina Muster (du)');
    expect(await screen.findByRole('table', { name: 'Offene Zugangsanfragen' })).toHaveTextContent('Jana Neu');
  });

  it('adds a person after German messages for the missing fields', async () => {
    const { handlers } = staffHandlers([]);
    const { user } = await renderRoute('/personal', { user: users.notEnrolled(), handlers });
    await user.click(await screen.findByRole('button', { name: 'Person hinzufügen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Person hinzufügen' });
    await user.type(within(dialog).getByRole('textbox', { name: 'E-Mail' }), 'nicht-gültig');
    await user.click(within(dialog).getByRole('button', { name: 'Hinzufügen' }));
    expect(await within(dialog).findByText('Bitte gib den Vornamen an.')).toBeInTheDocument();
    expect(within(dialog).getByText('Bitte gib den Nachnamen an.')).toBeInTheDocument();
    expect(within(dialog).getByText('Bitte wähle die Funktion.')).toBeInTheDocument();
    expect(within(dialog).getByText(/gültige E-Mail-Adresse/)).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Vorname' }), 'Frida');
    await user.type(within(dialog).getByRole('textbox', { name: 'Nachname' }), 'Fachkraft');
    await user.clear(within(dialog).getByRole('textbox', { name: 'E-Mail' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'E-Mail' }), 'frida@kita.example');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Funktion' }), 'pädagogische Fachkraft');
    await user.click(within(dialog).getByRole('button', { name: 'Hinzufügen' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Person hinzufügen' })).not.toBeInTheDocument());
    expect(await screen.findByText('Fachkraft, Frida')).toBeInTheDocument();
  });

  it('removes a person only after the confirm dialog, sending the version read', async () => {
    const { handlers, calls } = staffHandlers([buildPerson({ version: 4 })]);
    const { user } = await renderRoute('/personal', { user: users.notEnrolled(), handlers });
    await user.click(await screen.findByRole('button', { name: 'Paula Pädagogin entfernen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Person entfernen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ja, entfernen' }));
    await waitFor(() => expect(calls.removed).toEqual(['501?version=4']));
    expect(await screen.findByText('Noch niemand eingetragen. Füge die erste Person hinzu.')).toBeInTheDocument();
  });

  it('given someone else changed the person meanwhile, tells the 409 in German and keeps the input', async () => {
    const { handlers } = staffHandlers([buildPerson()]);
    const conflict = http.put('*/api/facilities/12/persons/501', () =>
      HttpResponse.json({ reason: { message: conflictMessage, code: 'conflict' } }, { status: 409 }),
    );
    const { user } = await renderRoute('/personal', { user: users.notEnrolled(), handlers: [conflict, ...handlers] });
    await user.click(await screen.findByRole('button', { name: 'Paula Pädagogin bearbeiten' }));
    const dialog = await screen.findByRole('dialog', { name: 'Paula Pädagogin bearbeiten' });
    const phone = within(dialog).getByRole('textbox', { name: 'Telefon' });
    await user.type(phone, '0911 4711');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(conflictMessage);
    expect(phone).toHaveValue('0911 4711');
  });
});
