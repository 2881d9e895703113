import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { JoinRequest, Member } from '../../../shared/contracts/facilities';
import { adminFacilityDetail, adminSeason } from '../../../testing/factories/admin';
import { users } from '../../../testing/factories/users';
import { renderRoute } from '../../../testing/render';

const joinRequest = (id: number, name: string, overrides: Partial<JoinRequest> = {}): JoinRequest => ({
  id,
  facilityId: 11,
  facilityLabel: 'KiTa Sonnenschein',
  user: { id: 100 + id, name, email: `${name.split(' ')[0]!.toLowerCase()}@example.org` },
  message: '',
  state: 'pending',
  createdAt: '2026-11-01T10:00:00Z',
  decidedAt: null,
  decidedBy: null,
  ...overrides,
});
const member = (r: JoinRequest): Member => {
  const [firstName = '', lastName = ''] = r.user.name.split(' ');
  return { userId: r.user.id, firstName, lastName, email: r.user.email, since: '2026-11-02T10:00:00Z', personId: null };
};

/** A KiTa with two open requests; the fake server decides them the way the real one does (approve → member). */
function kitaWithRequests() {
  const decisions: string[] = [];
  let requests = [joinRequest(3, 'Jana Neu', { message: 'Ich bin die neue Leitung.' }), joinRequest(4, 'Tom Fremd')];
  let members: Member[] = [];
  const handlers = [
    http.get('*/api/admin/seasons/choices', () => HttpResponse.json({ items: [adminSeason()] })),
    http.get('*/api/admin/facilities/11', () => HttpResponse.json(adminFacilityDetail(11, 'KiTa Sonnenschein', { members, joinRequests: requests }))),
    http.post('*/api/facilities/11/join-requests/:rid/:decision', ({ params }) => {
      decisions.push(`${String(params.rid)} ${String(params.decision)}`);
      const approve = params.decision === 'approve';
      const decided = { ...requests.find((r) => String(r.id) === params.rid)!, state: approve ? ('approved' as const) : ('declined' as const) };
      requests = requests.map((r) => (r.id === decided.id ? decided : r));
      if (approve) members = [...members, member(decided)];
      return HttpResponse.json({ ...decided, decidedAt: '2026-11-02T10:00:00Z', decidedBy: { id: 1, name: 'Ada Admin' } });
    }),
  ];
  return { handlers, decisions };
}

describe('/verwaltung/kitas/$facilityId: open join requests', () => {
  it('an admin approves one and declines the other; members and the box follow', async () => {
    const { handlers, decisions } = kitaWithRequests();
    const { user } = await renderRoute('/verwaltung/kitas/11', { user: users.admin(), handlers });
    const box = screen.getByRole('region', { name: 'Offene Zugangsanfragen' });
    const table = within(box).getByRole('table', { name: 'Offene Zugangsanfragen' });
    expect(table).toHaveTextContent('Jana Neu');
    expect(table).toHaveTextContent('jana@example.org');
    expect(table).toHaveTextContent('Ich bin die neue Leitung.');
    expect(table).toHaveTextContent('01.11.2026, 11:00 Uhr');
    expect(screen.getByRole('tab', { name: 'Mitglieder und Personal (0/1)' })).toBeInTheDocument();

    await user.click(within(table).getByRole('button', { name: 'Anfrage von Jana Neu annehmen' }));
    expect(await screen.findByText('Jana Neu hat jetzt Zugriff auf die KiTa.')).toBeInTheDocument();
    // the admin detail is read again: the new member is counted and listed, the request is gone
    expect(await screen.findByRole('tab', { name: 'Mitglieder und Personal (1/1)' })).toBeInTheDocument();
    await waitFor(() => expect(table).not.toHaveTextContent('Jana Neu'));
    await user.click(screen.getByRole('tab', { name: /Mitglieder und Personal/ }));
    expect(screen.getByRole('table', { name: /Benutzerkonten/ })).toHaveTextContent('jana@example.org');

    await user.click(within(table).getByRole('button', { name: 'Anfrage von Tom Fremd ablehnen' }));
    expect(await within(box).findByText('Keine offenen Anfragen mehr.')).toBeInTheDocument();
    expect(decisions).toEqual(['3 approve', '4 decline']);
    expect(screen.getByRole('tab', { name: 'Mitglieder und Personal (1/1)' })).toBeInTheDocument();
  });

  it('a KiTa without open requests shows no box', async () => {
    const handlers = [
      http.get('*/api/admin/seasons/choices', () => HttpResponse.json({ items: [adminSeason()] })),
      http.get('*/api/admin/facilities/11', () =>
        HttpResponse.json(adminFacilityDetail(11, 'KiTa Sonnenschein', { joinRequests: [joinRequest(3, 'Jana Neu', { state: 'declined' })] })),
      ),
    ];
    await renderRoute('/verwaltung/kitas/11', { user: users.admin(), handlers });
    expect(screen.getByRole('heading', { level: 1, name: 'KiTa Sonnenschein' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Offene Zugangsanfragen' })).not.toBeInTheDocument();
  });
});

describe('/verwaltung/kitas: open join requests of all KiTas', () => {
  it('lists KiTa (linking to its page), who, when and the message', async () => {
    const handlers = [
      http.get('*/api/admin/join-requests', () =>
        HttpResponse.json({
          items: [
            joinRequest(3, 'Jana Neu', { message: 'Ich bin die neue Leitung.' }),
            joinRequest(7, 'Tom Fremd', { facilityId: 12, facilityLabel: 'Kita Regenbogen', createdAt: '2026-10-30T15:45:00Z' }),
          ],
        }),
      ),
    ];
    await renderRoute('/verwaltung/kitas', { user: users.admin(), handlers });
    const box = await screen.findByRole('region', { name: 'Offene Zugangsanfragen (2)' });
    const rows = within(within(box).getByRole('table', { name: 'Offene Zugangsanfragen aller KiTas' })).getAllByRole('row');
    expect(within(rows[1]!).getByRole('link', { name: 'KiTa Sonnenschein' })).toHaveAttribute('href', '/verwaltung/kitas/11');
    expect(rows[1]).toHaveTextContent(/Jana Neu.*jana@example\.org.*01\.11\.2026, 11:00 Uhr.*Ich bin die neue Leitung\./);
    expect(within(rows[2]!).getByRole('link', { name: 'Kita Regenbogen' })).toHaveAttribute('href', '/verwaltung/kitas/12');
    expect(rows[2]).toHaveTextContent(/Tom Fremd.*30\.10\.2026, 16:45 Uhr.*—/);
  });

  it('shows the first five and folds the rest behind a button', async () => {
    const items = [1, 2, 3, 4, 5, 6, 7].map((id) => joinRequest(id, `Person${id} Test`));
    const { user } = await renderRoute('/verwaltung/kitas', {
      user: users.admin(),
      handlers: [http.get('*/api/admin/join-requests', () => HttpResponse.json({ items }))],
    });
    const table = await screen.findByRole('table', { name: 'Offene Zugangsanfragen aller KiTas' });
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 5);
    await user.click(screen.getByRole('button', { name: 'Alle 7 anzeigen' }));
    expect(within(table).getAllByRole('row')).toHaveLength(1 + 7);
    expect(screen.getByRole('button', { name: 'Weniger anzeigen' })).toHaveAttribute('aria-expanded', 'true');
  });

  it('shows nothing while no request is open', async () => {
    await renderRoute('/verwaltung/kitas', { user: users.admin() });
    expect(screen.getByRole('table', { name: 'Alle KiTas' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Offene Zugangsanfragen/ })).not.toBeInTheDocument();
  });
});
