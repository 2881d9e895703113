import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { defaultAcTagNames, type AcSettings } from '../../../shared/contracts/active-campaign';
import { users } from '../../../testing/factories/users';
import { renderRoute } from '../../../testing/render';

const settings: AcSettings = {
  source: 'none',
  url: '',
  keySet: false,
  keyLast4: '',
  listId: '',
  listName: '',
  tagNames: defaultAcTagNames,
  nightlyHour: null,
  version: 0,
};

/** the page's reads, the connection test with two lists, and "Neue Liste anlegen" (422 from ActiveCampaign for "Presse") */
function handlers() {
  const created: unknown[] = [];
  return {
    created,
    handlers: [
      http.get('*/api/admin/active-campaign/settings', () => HttpResponse.json(settings)),
      http.get('*/api/admin/active-campaign/runs', () => HttpResponse.json({ items: [] })),
      http.post('*/api/admin/active-campaign/test', () =>
        HttpResponse.json({
          ok: true,
          message: 'Verbindung steht (Konto von konto@stub.example): 2 Listen gefunden.',
          lists: [
            { id: '1', name: 'Newsletter KiTa-Portal' },
            { id: '2', name: 'Presse' },
          ],
        }),
      ),
      http.post('*/api/admin/active-campaign/lists', async ({ request }) => {
        const body = (await request.json()) as { name: string };
        created.push(body);
        if (body.name.trim().toLowerCase() === 'presse') {
          const message = 'In ActiveCampaign gibt es schon eine Liste mit diesem Namen. Wähle bitte einen anderen Namen.';
          return HttpResponse.json({ reason: { code: 'list_name_taken', message, fields: { name: message } } }, { status: 409 });
        }
        return HttpResponse.json({ id: '7', name: body.name.trim() }, { status: 201 });
      }),
    ],
  };
}

describe('"Neue Liste anlegen" on /verwaltung/active-campaign-integration', () => {
  it('is offered after the connection test, creates the list in the tested account and selects it', async () => {
    const { handlers: h, created } = handlers();
    const { user } = await renderRoute('/verwaltung/active-campaign-integration', { user: users.admin(), handlers: h });
    const newList = await screen.findByRole('button', { name: 'Neue Liste anlegen' });
    expect(newList).toBeDisabled();
    await user.type(screen.getByLabelText(/^API-URL/), 'https://konto.api-us1.com');
    await user.type(screen.getByLabelText(/^API-Schlüssel/), 'geheim-1234');
    await user.click(screen.getByRole('button', { name: 'Verbindung testen' }));
    await waitFor(() => expect(newList).toBeEnabled());

    await user.click(newList);
    const dialog = await screen.findByRole('dialog', { name: 'Neue Liste anlegen' });
    const name = within(dialog).getByLabelText(/^Name der Liste/);
    // no name: the message is at the field, nothing is sent
    await user.click(within(dialog).getByRole('button', { name: 'Liste anlegen' }));
    expect(await within(dialog).findByText('Bitte gib einen Namen für die Liste an.')).toBeInTheDocument();
    expect(created).toEqual([]);
    // a name ActiveCampaign has already: its German message at the field, the dialog stays open
    await user.type(name, 'Presse');
    await user.click(within(dialog).getByRole('button', { name: 'Liste anlegen' }));
    expect(await within(dialog).findByText(/schon eine Liste mit diesem Namen/)).toBeInTheDocument();
    await user.clear(name);
    await user.type(name, 'Elternbrief Süd');
    await user.click(within(dialog).getByRole('button', { name: 'Liste anlegen' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Neue Liste anlegen' })).not.toBeInTheDocument());
    // sent with the account being typed (URL and key of the connection test)
    expect(created.at(-1)).toEqual({ url: 'https://konto.api-us1.com', key: 'geheim-1234', name: 'Elternbrief Süd' });
    const select = screen.getByRole('combobox', { name: /^Liste/ });
    expect(select).toHaveValue('7');
    expect(within(select).getByRole('option', { name: 'Elternbrief Süd' })).toBeInTheDocument();
  });
});
