import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { users } from '../../../testing/factories/users';
import { renderRoute } from '../../../testing/render';

const member = (userId: number, firstName: string, lastName: string) => ({
  userId,
  firstName,
  lastName,
  email: `${firstName.toLowerCase()}@kita.example`,
  since: '2026-09-01T08:00:00Z',
  personId: null,
});
const request = {
  id: 3,
  facilityId: 12,
  facilityLabel: 'KiTa Regenbogen',
  user: { id: 9, name: 'Jana Neu', email: 'jana@example.org' },
  message: '',
  state: 'pending',
  createdAt: '2026-11-01T10:00:00Z',
  decidedAt: null,
  decidedBy: null,
};

describe('/personal: access to the KiTa', () => {
  it('approving a join request makes the person a member', async () => {
    let members = [member(4, 'Nina', 'Muster')];
    let pending = [request];
    const { user } = await renderRoute('/personal', {
      user: users.notEnrolled(),
      handlers: [
        http.get('*/api/facilities/12/members', () => HttpResponse.json({ items: members })),
        http.get('*/api/facilities/12/join-requests', () => HttpResponse.json({ items: pending })),
        http.post('*/api/facilities/12/join-requests/3/approve', () => {
          members = [...members, member(9, 'Jana', 'Neu')];
          pending = [];
          return HttpResponse.json({ ...request, state: 'approved', decidedAt: '2026-11-02T10:00:00Z', decidedBy: { id: 4, name: 'Nina Muster' } });
        }),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Offene Zugangsanfragen' });
    await user.click(within(table).getByRole('button', { name: 'Anfrage von Jana Neu annehmen' }));
    expect(await screen.findByText('Keine offenen Anfragen.')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('table', { name: 'Benutzerkonten mit Zugriff' })).toHaveTextContent('Jana Neu'));
  });

  it('"Zugriff entziehen" asks first, then removes the member', async () => {
    let members = [member(4, 'Nina', 'Muster'), member(8, 'Karl', 'Kollege')];
    const removed: string[] = [];
    const { user } = await renderRoute('/personal', {
      user: users.notEnrolled(),
      handlers: [
        http.get('*/api/facilities/12/members', () => HttpResponse.json({ items: members })),
        http.delete('*/api/facilities/12/members/:userId', ({ params }) => {
          removed.push(String(params.userId));
          members = members.filter((m) => String(m.userId) !== params.userId);
          return new HttpResponse(null, { status: 204 });
        }),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Benutzerkonten mit Zugriff' });
    await user.click(within(table).getByRole('button', { name: 'Zugriff entziehen: Karl Kollege' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zugriff entziehen?' });
    expect(removed).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Ja, Zugriff entziehen' }));
    await waitFor(() => expect(removed).toEqual(['8']));
    await waitFor(() => expect(screen.getByRole('table', { name: 'Benutzerkonten mit Zugriff' })).not.toHaveTextContent('Karl Kollege'));
  });
  it('removing the last member warns in the dialog and sends the confirmation the server asks for', async () => {
    const calls: string[] = [];
    const { user } = await renderRoute('/personal', {
      user: users.notEnrolled(),
      handlers: [
        http.get('*/api/facilities/12/members', () => HttpResponse.json({ items: [member(8, 'Karl', 'Kollege')] })),
        http.delete('*/api/facilities/12/members/:userId', ({ request }) => {
          calls.push(new URL(request.url).search);
          return new HttpResponse(null, { status: 204 });
        }),
      ],
    });
    const table = await screen.findByRole('table', { name: 'Benutzerkonten mit Zugriff' });
    await user.click(within(table).getByRole('button', { name: 'Zugriff entziehen: Karl Kollege' }));
    const dialog = await screen.findByRole('dialog', { name: 'Zugriff entziehen?' });
    expect(dialog).toHaveTextContent('Karl Kollege ist das letzte Mitglied dieser KiTa.');
    await user.click(within(dialog).getByRole('button', { name: 'Ja, Zugriff entziehen' }));
    await waitFor(() => expect(calls).toEqual(['?confirmLastMember=true']));
  });
});
