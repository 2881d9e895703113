import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AdminEnrolment } from '../../../shared/contracts/admin-programme';
import { adminSeason } from '../../../testing/factories/admin';
import { buildAdminEnrolment, buildAdminOffering } from '../../../testing/factories/programme';
import { users } from '../../../testing/factories/users';
import { renderRoute } from '../../../testing/render';

const page = <T,>(items: T[]) => HttpResponse.json({ items, total: items.length, page: 1, pageSize: 100 });

function enrolmentApi() {
  let rows: AdminEnrolment[] = [
    buildAdminEnrolment(),
    buildAdminEnrolment({ id: 9002, personId: 802, firstName: 'Ben', lastName: 'Birne', facilityId: 12, facilityLabel: 'KiTa Regenbogen' }),
    buildAdminEnrolment({ id: 9003, personId: 803, firstName: 'Cem', lastName: 'Chili', state: 'waitlisted', waitlistPosition: 1 }),
  ];
  const actions: unknown[] = [];
  const handlers = [
    http.get('*/api/admin/offerings/501', () => HttpResponse.json(buildAdminOffering())),
    http.get('*/api/admin/offerings', () =>
      HttpResponse.json({
        items: [
          buildAdminOffering(),
          buildAdminOffering({ id: 502, title: 'Einsteiger: zweiter Termin', seatsTaken: 0, seatsFree: 2, waitlistLength: 0 }),
        ],
        total: 2,
        page: 1,
        pageSize: 0,
      }),
    ),
    http.get('*/api/admin/offerings/501/enrolments', () => page(rows)),
    http.post('*/api/admin/offerings/501/enrolments/actions', async ({ request }) => {
      const body = (await request.json()) as { action: string; enrolmentIds: number[] };
      actions.push(body);
      rows = rows.map((r) => (body.enrolmentIds.includes(r.id) ? { ...r, state: 'attended' } : r));
      return HttpResponse.json({ changed: body.enrolmentIds.length, items: rows.filter((r) => body.enrolmentIds.includes(r.id)) });
    }),
  ];
  return { handlers, actions };
}

describe('/verwaltung/fortbildungen/{id}/anmeldungen', () => {
  it('shows the date with its seats, the participants, and marks selected ones as attended', async () => {
    const { handlers, actions } = enrolmentApi();
    const { user } = await renderRoute('/verwaltung/fortbildungen/501/anmeldungen', { user: users.admin(), handlers });
    expect(screen.getByRole('heading', { level: 1, name: 'Anmeldungen: Einsteiger: Grundlagen der BNE' })).toBeInTheDocument();
    expect(screen.getByText('2 von 2 Plätzen belegt, 0 frei, 1 auf der Warteliste')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Teilnehmende' });
    expect(within(table).getByText('Warteliste')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Als CSV (Excel) exportieren' })).toHaveAttribute(
      'href',
      '/api/admin/offerings/501/enrolments/export.csv?sort=createdAt&dir=asc',
    );
    expect(screen.getByRole('link', { name: 'Als Excel (XLSX) exportieren' })).toHaveAttribute(
      'href',
      expect.stringContaining('/api/admin/offerings/501/enrolments/export.xlsx'),
    );

    await user.click(within(table).getByRole('checkbox', { name: 'Anna Apfel (KiTa Sonnenschein) auswählen' }));
    await user.click(within(table).getByRole('checkbox', { name: 'Ben Birne (KiTa Regenbogen) auswählen' }));
    const bar = screen.getByRole('group', { name: 'Aktionen für die ausgewählten Anmeldungen' });
    expect(bar).toHaveTextContent('2 Anmeldungen ausgewählt');
    await user.click(within(bar).getByRole('button', { name: 'Als teilgenommen markieren' }));
    await waitFor(() =>
      expect(actions).toEqual([{ action: 'attended', enrolmentIds: [9001, 9002], reason: '', targetOfferingId: null, overCapacity: false }]),
    );
    expect(await screen.findByText('2 Anmeldungen als teilgenommen markiert.')).toBeInTheDocument();
    await waitFor(() => expect(within(table).getAllByText('teilgenommen')).toHaveLength(2));
    expect(bar).toHaveTextContent('Keine Anmeldung ausgewählt');
  });

  it('confirms a waiting place beyond capacity only with the explicit override', async () => {
    const { handlers, actions } = enrolmentApi();
    const { user } = await renderRoute('/verwaltung/fortbildungen/501/anmeldungen', { user: users.admin(), handlers });
    await user.click(screen.getByRole('checkbox', { name: 'Cem Chili (KiTa Sonnenschein) auswählen' }));
    await user.click(screen.getByRole('button', { name: 'Bestätigen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anmeldungen bestätigen' });
    await user.click(within(dialog).getByRole('checkbox', { name: 'Auch über die Kapazität hinaus anmelden' }));
    await user.click(within(dialog).getByRole('button', { name: 'Ja, bestätigen' }));
    await waitFor(() => expect(actions).toEqual([expect.objectContaining({ action: 'confirm', enrolmentIds: [9003], overCapacity: true })]));
  });

  it('moves a selected enrolment to another date of the module', async () => {
    const { handlers, actions } = enrolmentApi();
    const { user } = await renderRoute('/verwaltung/fortbildungen/501/anmeldungen', { user: users.admin(), handlers });
    await user.click(screen.getByRole('checkbox', { name: 'Ben Birne (KiTa Regenbogen) auswählen' }));
    await user.click(screen.getByRole('button', { name: 'Auf anderen Termin verschieben' }));
    const dialog = await screen.findByRole('dialog', { name: 'Auf anderen Termin verschieben' });
    await user.click(within(dialog).getByRole('button', { name: 'Verschieben' }));
    expect(await within(dialog).findByText('Bitte wähle den neuen Termin.')).toBeInTheDocument();
    const target = within(dialog).getByRole('combobox', { name: 'Neuer Termin' });
    // the date itself is no target
    expect(within(target).queryByRole('option', { name: /Grundlagen der BNE/ })).not.toBeInTheDocument();
    await user.selectOptions(target, '502');
    await user.click(within(dialog).getByRole('button', { name: 'Verschieben' }));
    await waitFor(() =>
      expect(actions).toEqual([expect.objectContaining({ action: 'move', enrolmentIds: [9002], targetOfferingId: 502, overCapacity: false })]),
    );
  });

  it('cancels the whole page with a reason after asking', async () => {
    const { handlers, actions } = enrolmentApi();
    const { user } = await renderRoute('/verwaltung/fortbildungen/501/anmeldungen', { user: users.admin(), handlers });
    await user.click(screen.getByRole('checkbox', { name: 'Alle Anmeldungen dieser Seite auswählen' }));
    await user.click(screen.getByRole('button', { name: 'Stornieren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anmeldungen stornieren' });
    expect(dialog).toHaveTextContent('3 Anmeldungen ausgewählt.');
    await user.type(within(dialog).getByRole('textbox', { name: /Grund/ }), 'Referentin erkrankt');
    await user.click(within(dialog).getByRole('button', { name: 'Ja, stornieren' }));
    await waitFor(() =>
      expect(actions).toEqual([expect.objectContaining({ action: 'cancel', enrolmentIds: [9001, 9002, 9003], reason: 'Referentin erkrankt' })]),
    );
  });

  it('prints the attendance list of the confirmed participants with a signature column', async () => {
    const { handlers } = enrolmentApi();
    let printed = 0;
    window.print = () => {
      printed += 1;
    };
    const { user } = await renderRoute('/verwaltung/fortbildungen/501/anmeldungen', { user: users.admin(), handlers });
    await user.click(screen.getByRole('button', { name: 'Anwesenheitsliste drucken' }));
    const sheet = await screen.findByTestId('attendance-sheet');
    await waitFor(() => expect(printed).toBe(1));
    expect(within(sheet).getByRole('heading', { name: 'Anwesenheitsliste: Einsteiger: Grundlagen der BNE' })).toBeInTheDocument();
    expect(within(sheet).getByRole('columnheader', { name: 'Unterschrift' })).toBeInTheDocument();
    expect(within(sheet).getAllByRole('row')).toHaveLength(3);
    expect(sheet).not.toHaveTextContent('Chili');
  });

  it('a training event under the hospitations’ address is not found there', async () => {
    const { handlers } = enrolmentApi();
    await renderRoute('/verwaltung/hospitationen/501/anmeldungen', { user: users.admin(), handlers });
    expect(await screen.findByRole('heading', { level: 1, name: 'Diese Hospitation gibt es nicht (mehr)' })).toBeInTheDocument();
  });

  it('a date that does not exist says so', async () => {
    const notFound = http.get('*/api/admin/offerings/999', () =>
      HttpResponse.json({ reason: { code: 'not_found', message: 'Diesen Termin gibt es nicht.' } }, { status: 404 }),
    );
    await renderRoute('/verwaltung/fortbildungen/999/anmeldungen', {
      user: users.admin(),
      handlers: [notFound, http.get('*/api/admin/offerings/999/enrolments', () => page([]))],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Diesen Fortbildungstermin gibt es nicht (mehr)' })).toBeInTheDocument();
  });
});

describe('/verwaltung/fortbildungen', () => {
  it('lists the events with seats and German states, and checks the new-event form in German before sending', async () => {
    const writes: unknown[] = [];
    const handlers = [
      http.get('*/api/admin/seasons/choices', () => HttpResponse.json({ items: [adminSeason()] })),
      http.get('*/api/admin/training-modules', () =>
        HttpResponse.json({
          items: [
            {
              id: 41,
              seasonId: 2,
              title: 'Einsteiger',
              description: '',
              targetGroup: '',
              maxPerFacilityPerEvent: 2,
              maxPerFacilityPerModule: null,
              eventCount: 1,
              updatedAt: '2026-11-01T00:00:00Z',
              version: 1,
            },
          ],
        }),
      ),
      http.get('*/api/admin/awarding-events', () => HttpResponse.json({ items: [] })),
      http.get('*/api/admin/offerings', ({ request }) => {
        expect(new URL(request.url).searchParams.get('kind')).toBe('training');
        return HttpResponse.json({ items: [buildAdminOffering({ state: 'draft' })], total: 1, page: 1, pageSize: 25 });
      }),
      http.post('*/api/admin/offerings', async ({ request }) => {
        writes.push(await request.json());
        return HttpResponse.json(buildAdminOffering({ id: 503, state: 'draft' }), { status: 201 });
      }),
    ];
    const { user } = await renderRoute('/verwaltung/fortbildungen', { user: users.admin(), handlers });
    const table = screen.getByRole('table', { name: 'Fortbildungstermine' });
    expect(within(table).getByText('Entwurf')).toBeInTheDocument();
    expect(within(table).getByText('2 / 0, 1 auf der Warteliste')).toBeInTheDocument();
    expect(within(table).getByRole('link', { name: 'Einsteiger: Grundlagen der BNE' })).toHaveAttribute(
      'href',
      '/verwaltung/fortbildungen/501/anmeldungen',
    );

    await user.click(screen.getByRole('button', { name: 'Neuer Fortbildungstermin' }));
    const dialog = await screen.findByRole('dialog', { name: 'Neuer Fortbildungstermin' });
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findByText('Bitte wähle ein Modul.')).toBeInTheDocument();
    expect(within(dialog).getByText('Bitte gib einen Titel an.')).toBeInTheDocument();
    expect(within(dialog).getAllByText('Bitte gib Datum und Uhrzeit an (TT.MM.JJJJ, HH:MM Uhr).').length).toBeGreaterThan(0);
    expect(within(dialog).getByText('Bitte gib die Zahl der Plätze an.')).toBeInTheDocument();
    expect(writes).toEqual([]);
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Titel/ }), { target: { value: 'Neu' } });
    await waitFor(() => expect(within(dialog).queryByText('Bitte gib einen Titel an.')).not.toBeInTheDocument());
  });

  it('given a date, when its "Aktionen …" menu is opened with Enter, the menu holds only menu items and the first has the focus', async () => {
    const handlers = [
      http.get('*/api/admin/seasons/choices', () => HttpResponse.json({ items: [adminSeason()] })),
      http.get('*/api/admin/offerings', () => HttpResponse.json({ items: [buildAdminOffering()], total: 1, page: 1, pageSize: 25 })),
    ];
    const { user } = await renderRoute('/verwaltung/fortbildungen', { user: users.admin(), handlers });
    screen.getByRole('button', { name: /Aktionen für Einsteiger: Grundlagen der BNE/ }).focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    // axe critical aria-required-children: Mantine's focus placeholder (a focusable zero-height div) sat first in it
    expect([...menu.children].filter((el) => el.getAttribute('role') !== 'menuitem')).toEqual([]);
    await waitFor(() => expect(within(menu).getByRole('menuitem', { name: 'Bearbeiten' })).toHaveFocus());
  });

  it('calls a date off only with a reason, which is sent with the version', async () => {
    const cancels: unknown[] = [];
    const handlers = [
      http.get('*/api/admin/seasons/choices', () => HttpResponse.json({ items: [adminSeason()] })),
      http.get('*/api/admin/offerings', () => HttpResponse.json({ items: [buildAdminOffering()], total: 1, page: 1, pageSize: 25 })),
      http.post('*/api/admin/offerings/501/cancel', async ({ request }) => {
        cancels.push(await request.json());
        return HttpResponse.json(buildAdminOffering({ state: 'cancelled', cancelReason: 'Referentin erkrankt', version: 4 }));
      }),
    ];
    const { user } = await renderRoute('/verwaltung/fortbildungen', { user: users.admin(), handlers });
    await user.click(screen.getByRole('button', { name: /Aktionen für Einsteiger: Grundlagen der BNE/ }));
    await user.click(await screen.findByRole('menuitem', { name: 'Absagen …' }));
    const dialog = await screen.findByRole('dialog', { name: 'Termin absagen?' });
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Ja, absagen' }));
    expect(await within(dialog).findByText('Bitte gib einen Grund für die Absage an.')).toBeInTheDocument();
    expect(cancels).toEqual([]);
    await user.type(within(dialog).getByRole('textbox', { name: /Grund der Absage/ }), 'Referentin erkrankt');
    await user.click(within(dialog).getByRole('button', { name: 'Ja, absagen' }));
    await waitFor(() => expect(cancels).toEqual([{ version: 3, reason: 'Referentin erkrankt' }]));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Termin absagen?' })).not.toBeInTheDocument());
  });
});
