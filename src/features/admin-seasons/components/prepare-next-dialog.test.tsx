import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminSeason } from '../../../testing/factories/admin';
import { users } from '../../../testing/factories/users';
import { renderRoute } from '../../../testing/render';

const counts = (offerings: number, awardingEvents: number, workshops: number, templates: number) => ({
  offerings,
  awardingEvents,
  workshops,
  templates,
});

function handlers(state: { prepared: boolean }) {
  const bodies: unknown[] = [];
  const seasons = [adminSeason()];
  return {
    bodies,
    handlers: [
      http.get('*/api/admin/seasons', () => HttpResponse.json({ items: seasons, total: 1, page: 1, pageSize: 25 })),
      http.get('*/api/admin/seasons/choices', () => HttpResponse.json({ items: seasons })),
      http.get('*/api/admin/seasons/:id/stats', () => HttpResponse.json({ seasonId: 2, enrolled: 0, withdrawn: 0, byRegion: [], byKind: [] })),
      http.post('*/api/admin/seasons/:id/prepare-next', async ({ request }) => {
        const body = (await request.json()) as { dryRun: boolean };
        bodies.push(body);
        const done = state.prepared;
        if (!body.dryRun) state.prepared = true;
        return HttpResponse.json({
          season: '2027-28',
          seasonCreated: !done,
          seasonStartDate: '2027-09-01',
          seasonEndDate: '2028-08-31',
          dryRun: body.dryRun,
          created: done ? counts(0, 0, 0, 0) : counts(12, 2, 6, 1),
          skipped: done ? counts(12, 2, 6, 1) : counts(0, 0, 0, 0),
          examples: done ? [] : [{ kind: 'training', title: 'Fortbildung Herbst', from: '2026-10-27T08:00:00.000Z', to: '2027-10-26T07:00:00.000Z' }],
        });
      }),
    ],
  };
}

describe('Nächstes KiTa-Jahr vorbereiten (issue 38)', () => {
  it('shows what it will create with a moved date first, creates only after "Anlegen", and says so', async () => {
    const h = handlers({ prepared: false });
    const { user } = await renderRoute('/verwaltung/kita-jahre', { user: users.admin(), handlers: h.handlers });
    await user.click(screen.getByRole('button', { name: 'Nächstes KiTa-Jahr vorbereiten (nach 2026/27)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nächstes KiTa-Jahr vorbereiten' });
    expect(await within(dialog).findByText(/Aus 2026\/27 wird 2027\/28 angelegt \(01\.09\.2027 bis 31\.08\.2028\)/)).toBeInTheDocument();
    expect(within(dialog).getByText('12 Fortbildungen und Hospitationen')).toBeInTheDocument();
    expect(within(dialog).getByText('Fortbildung „Fortbildung Herbst“: Di., 27.10.2026, 09:00 Uhr → Di., 26.10.2027, 09:00 Uhr')).toBeInTheDocument();
    expect(h.bodies).toEqual([{ dryRun: true }]);
    await user.click(within(dialog).getByRole('button', { name: 'Anlegen' }));
    expect(
      await screen.findByText(
        '2027/28 ist vorbereitet: 12 Fortbildungen und Hospitationen, 2 Auszeichnungsveranstaltungen, 6 Workshops, 1 Vorlage als Entwurf angelegt.',
      ),
    ).toBeInTheDocument();
    expect(h.bodies).toEqual([{ dryRun: true }, { dryRun: false }]);
  });

  it('given everything in place, it says a second run creates nothing and offers no "Anlegen"', async () => {
    const h = handlers({ prepared: true });
    const { user } = await renderRoute('/verwaltung/kita-jahre', { user: users.admin(), handlers: h.handlers });
    await user.click(screen.getByRole('button', { name: 'Nächstes KiTa-Jahr vorbereiten (nach 2026/27)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Nächstes KiTa-Jahr vorbereiten' });
    expect(await within(dialog).findByText('Es ist schon alles angelegt. Ein weiterer Lauf legt nichts doppelt an.')).toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: 'Anlegen' })).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Fertig' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
