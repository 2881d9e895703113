import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { buildFacility } from '../../../testing/factories/facilities';
import { users } from '../../../testing/factories/users';
import { renderRoute, waitForPath } from '../../../testing/render';

const checklist = http.get('*/api/facilities/:id/season-checklist', () => HttpResponse.json({ season: null, steps: [] }));

async function fillRequired(user: Awaited<ReturnType<typeof renderRoute>>['user']) {
  await user.type(screen.getByRole('textbox', { name: 'Name der KiTa' }), 'Kita Regenbogen');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Art der Einrichtung' }), 'Kindergarten');
  await user.type(screen.getByRole('textbox', { name: 'Straße und Hausnummer' }), 'Hauptstraße 1');
  await user.type(screen.getByRole('textbox', { name: 'Postleitzahl' }), '90402');
  await user.type(screen.getByRole('textbox', { name: 'Ort' }), 'Nürnberg');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Regierungsbezirk' }), 'Mittelfranken');
}

describe('/neue-kita', () => {
  it('given empty or bad input, shows a German message at each field and keeps what was typed', async () => {
    const { user } = await renderRoute('/neue-kita', { user: users.noFacility() });
    await user.type(screen.getByRole('textbox', { name: 'Postleitzahl' }), '904');
    await user.type(screen.getByRole('textbox', { name: 'E-Mail der KiTa' }), 'kita-at-example');
    await user.type(screen.getByRole('textbox', { name: 'Zahl der Kinder' }), '-3');
    await user.type(screen.getByRole('textbox', { name: 'Internetseite' }), 'kein link');
    await user.click(screen.getByRole('button', { name: 'KiTa registrieren' }));

    expect(await screen.findByText('Bitte gib den Namen der KiTa an.')).toBeInTheDocument();
    expect(screen.getByText('Bitte wähle die Art der Einrichtung.')).toBeInTheDocument();
    expect(screen.getByText('Die Postleitzahl hat genau 5 Ziffern.')).toBeInTheDocument();
    expect(screen.getByText('Bitte wähle den Regierungsbezirk.')).toBeInTheDocument();
    expect(screen.getByText(/gültige E-Mail-Adresse/)).toBeInTheDocument();
    expect(screen.getByText('Die Zahl der Kinder darf nicht negativ sein.')).toBeInTheDocument();
    expect(screen.getByText(/gültige Internetadresse/)).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Postleitzahl' })).toHaveValue('904');
    expect(screen.getByRole('textbox', { name: 'Postleitzahl' })).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toHaveTextContent(/markierten Felder/);
  });

  it('given a similar KiTa, offers to ask for access instead of registering a duplicate', async () => {
    let joinBody: unknown = null;
    const { user } = await renderRoute('/neue-kita', {
      user: users.noFacility(),
      handlers: [
        http.get('*/api/facilities/duplicates', () =>
          HttpResponse.json({
            items: [
              {
                id: 12,
                label: 'KiTa Regenbogen',
                street: 'Hauptstr. 1',
                postalCode: '90402',
                city: 'Nürnberg',
                similarity: 0.8,
                isMember: false,
                hasPendingRequest: false,
              },
            ],
          }),
        ),
        http.post('*/api/facilities/:id/join-requests', async ({ request }) => {
          joinBody = await request.json();
          return HttpResponse.json(
            {
              id: 7,
              facilityId: 12,
              facilityLabel: 'KiTa Regenbogen',
              user: { id: 2, name: 'Olga Muster', email: 'ohne-kita@demo.example' },
              message: 'Gruppe Igel',
              state: 'pending',
              createdAt: '2026-11-01T10:00:00Z',
              decidedAt: null,
              decidedBy: null,
            },
            { status: 201 },
          );
        }),
      ],
    });
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'KiTa registrieren' }));

    expect(await screen.findByRole('heading', { name: 'Ist deine KiTa schon registriert?' })).toHaveFocus();
    const list = screen.getByRole('list', { name: 'Ähnliche KiTas' });
    expect(within(list).getByText('KiTa Regenbogen')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Trotzdem neu registrieren' })).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: /Nachricht zu deiner Anfrage/ }), 'Gruppe Igel');
    await user.click(within(list).getByRole('button', { name: 'Zugang anfragen: KiTa Regenbogen' }));
    expect(await screen.findByText('Deine Anfrage ist unterwegs')).toBeInTheDocument();
    expect(joinBody).toEqual({ message: 'Gruppe Igel' });
  });

  it('given no duplicates, registers the KiTa, makes it active and goes home without a reload', async () => {
    let created: Record<string, unknown> | null = null;
    const { user, router, auth } = await renderRoute('/neue-kita', {
      user: users.noFacility(),
      handlers: [
        checklist,
        http.get('*/api/facilities/duplicates', () => HttpResponse.json({ items: [] })),
        http.post('*/api/facilities', async ({ request }) => {
          created = (await request.json()) as Record<string, unknown>;
          return HttpResponse.json(buildFacility({ id: 77, label: 'Kita Regenbogen', version: 1 }), { status: 201 });
        }),
      ],
    });
    await fillRequired(user);
    await user.type(screen.getByRole('textbox', { name: 'Zahl der Kinder' }), '45');
    await user.click(screen.getByRole('button', { name: 'KiTa registrieren' }));

    await waitForPath(router, '/');
    expect(created).toMatchObject({
      label: 'Kita Regenbogen',
      postalCode: '90402',
      childrenCount: 45,
      staffCount: null,
      // "Keine Angabe" stays empty (issue 34: it was sent as nothing and saved as 'sonstige')
      operatorKind: '',
    });
    await waitFor(() => expect(auth.getState().activeFacilityId).toBe(77));
    expect(screen.getByTestId('active-facility')).toHaveTextContent('Kita Regenbogen');
    expect(screen.queryByRole('dialog', { name: 'Wir kennen deine KiTa noch nicht.' })).not.toBeInTheDocument();
  });

  it('given the server refuses a field, shows its German message there', async () => {
    const { user } = await renderRoute('/neue-kita', {
      user: users.noFacility(),
      handlers: [
        http.get('*/api/facilities/duplicates', () => HttpResponse.json({ items: [] })),
        http.post('*/api/facilities', () =>
          HttpResponse.json(
            { reason: { message: 'Bitte prüfe deine Eingaben.', code: 'validation', fields: { city: 'Diesen Ort kennen wir nicht.' } } },
            { status: 400 },
          ),
        ),
      ],
    });
    await fillRequired(user);
    await user.click(screen.getByRole('button', { name: 'KiTa registrieren' }));
    expect(await screen.findByText('Diesen Ort kennen wir nicht.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Ort' })).toHaveValue('Nürnberg');
  });
});
