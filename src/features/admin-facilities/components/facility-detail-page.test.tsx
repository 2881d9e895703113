import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { adminFacilityDetail, adminFacilityItem, adminSeason, personRecord } from '../../../testing/factories/admin';
import { users } from '../../../testing/factories/users';
import { renderRoute, waitForPath } from '../../../testing/render';

const history = [
  {
    id: 1,
    at: '2026-11-02T09:30:00.000Z',
    actor: { id: 1, name: 'Ada Admin' },
    action: 'facility.admin_update',
    entityType: 'facility',
    entityId: '11',
    before: { city: 'Muenchen' },
    after: { city: 'München' },
  },
];

function detailHandlers() {
  const writes: { method: string; url: string; body: unknown }[] = [];
  const record = async (request: Request) => {
    writes.push({
      method: request.method,
      url: new URL(request.url).pathname + new URL(request.url).search,
      body: await request.json().catch(() => null),
    });
  };
  const own = adminFacilityDetail(11, 'KiTa Sonnenschein', { history });
  const twin = adminFacilityDetail(12, 'Kita Sonnenschein e.V.', {
    persons: [personRecord(601, { facilityId: 12 }), personRecord(602, { facilityId: 12 })],
    members: [{ userId: 9, firstName: 'Uwe', lastName: 'Üblich', email: 'uwe@example.org', since: '2025-01-01T00:00:00Z', personId: null }],
  });
  const handlers = [
    http.get('*/api/admin/seasons/choices', () => HttpResponse.json({ items: [adminSeason()] })),
    http.get('*/api/admin/facilities/:id', ({ params }) => HttpResponse.json(params.id === '12' ? twin : own)),
    http.get('*/api/admin/facilities', () =>
      HttpResponse.json({
        items: [adminFacilityItem(11, 'KiTa Sonnenschein'), adminFacilityItem(12, 'Kita Sonnenschein e.V.')],
        total: 2,
        page: 1,
        pageSize: 10,
      }),
    ),
    http.put('*/api/admin/facilities/:id', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ reason: { code: 'conflict', message: 'Jemand anderes hat diese Daten inzwischen geändert.' } }, { status: 409 });
    }),
    http.post('*/api/admin/facilities/merge', async ({ request }) => {
      await record(request);
      return HttpResponse.json({ targetId: 11, moved: { members: 1, persons: 2, enrolments: 0, joinRequests: 0 } });
    }),
    http.delete('*/api/admin/facilities/:id/enrolments/:seasonId', async ({ request }) => {
      await record(request);
      return new HttpResponse(null, { status: 204 });
    }),
    http.put('*/api/admin/season-enrolments/:id/award-approval', async ({ request, params }) => {
      await record(request);
      return HttpResponse.json({ seasonEnrolmentId: Number(params.id), approvedForAwardAt: '2026-11-23T10:00:00.000Z', version: 6 });
    }),
  ];
  return { handlers, writes };
}

describe('/verwaltung/kitas/$facilityId', () => {
  it('shows master data and the history with who, when and before → after', async () => {
    const { handlers } = detailHandlers();
    const { user } = await renderRoute('/verwaltung/kitas/11', { user: users.admin(), handlers });
    expect(screen.getByRole('heading', { level: 1, name: 'KiTa Sonnenschein' })).toBeInTheDocument();
    expect(screen.getByText('Hauptstraße 1, 80331 München')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Verlauf' }));
    const table = screen.getByRole('table', { name: /Verlauf der KiTa/ });
    expect(within(table).getByText('Ada Admin')).toBeInTheDocument();
    expect(within(table).getByText('Stammdaten geändert (Verwaltung)')).toBeInTheDocument();
    expect(within(table).getByText(/Muenchen → München/)).toBeInTheDocument();
    expect(within(table).getByText('02.11.2026, 10:30 Uhr')).toBeInTheDocument();
  });

  it('given a KiTa an import created (no kind, no operator kind, no street), shows "nicht angegeben" and "90762 Fürth"', async () => {
    const imported = adminFacilityDetail(11, 'Kita Altbestand');
    imported.facility = { ...imported.facility, kind: '', operatorKind: '', operatorName: '', street: '', postalCode: '90762', city: 'Fürth' };
    const handlers = [
      http.get('*/api/admin/seasons/choices', () => HttpResponse.json({ items: [adminSeason()] })),
      http.get('*/api/admin/facilities/:id', () => HttpResponse.json(imported)),
    ];
    await renderRoute('/verwaltung/kitas/11', { user: users.admin(), handlers });
    const value = async (label: string) => (await screen.findByText(label, { selector: 'dt' })).nextElementSibling?.textContent;
    expect(await value('Art der Einrichtung')).toBe('nicht angegeben');
    expect(await value('Anschrift')).toBe('90762 Fürth');
    expect(await value('Träger')).toBe('Art: nicht angegeben');
  });

  it('given a KiTa without kind, operator kind and street, says which master data are missing and how to add them', async () => {
    const imported = adminFacilityDetail(11, 'Kita Altbestand');
    imported.facility = { ...imported.facility, kind: '', operatorKind: '', street: '', postalCode: '90762', city: 'Fürth' };
    const handlers = [
      http.get('*/api/admin/seasons/choices', () => HttpResponse.json({ items: [adminSeason()] })),
      http.get('*/api/admin/facilities/:id', () => HttpResponse.json(imported)),
    ];
    await renderRoute('/verwaltung/kitas/11', { user: users.admin(), handlers });
    const notice = (await screen.findByText('Stammdaten unvollständig')).closest('.mantine-Alert-root');
    expect(notice).toHaveTextContent(
      'Es fehlen: Art der Einrichtung, Trägerart, Straße. Fehlende Angaben trägst du mit „Stammdaten bearbeiten“ nach.',
    );
  });

  it('given a KiTa known only from imported legacy data, the enrolments tab counts its earlier KiTa-Jahre and the empty portal table points to them (issue 34)', async () => {
    const imported = adminFacilityDetail(11, 'Kita Altbestand');
    const legacy = (identifier: string, label: string, enrolled: boolean) => ({
      seasonIdentifier: identifier,
      seasonLabel: label,
      enrolled,
      awarded: false,
      importId: 3,
      importedAt: '2026-11-20T10:00:00.000Z',
    });
    const handlers = [
      http.get('*/api/admin/seasons/choices', () => HttpResponse.json({ items: [adminSeason()] })),
      http.get('*/api/admin/facilities/:id', () => HttpResponse.json(imported)),
      http.get('*/api/admin/facilities/:facilityId/legacy-history', () =>
        HttpResponse.json({
          items: [
            legacy('2018-19', 'KiTa-Jahr 2018/19', true),
            legacy('2019-20', 'KiTa-Jahr 2019/20', true),
            legacy('2020-21', 'KiTa-Jahr 2020/21', false),
          ],
        }),
      ),
    ];
    await renderRoute('/verwaltung/kitas/11', { user: users.admin(), handlers });
    const tab = await screen.findByRole('tab', { name: 'Anmeldungen (2)' });
    fireEvent.click(tab);
    expect(
      await screen.findByText('Im Portal noch nicht angemeldet. 2 frühere KiTa-Jahre stehen unten unter „Frühere KiTa-Jahre (alte Daten)“.'),
    ).toBeInTheDocument();
    expect(screen.queryByText('Noch nie angemeldet.')).toBeNull();
    expect(await screen.findByRole('table', { name: 'Frühere KiTa-Jahre aus importierten alten Daten' })).toBeInTheDocument();
  });

  it('given a KiTa with complete master data, shows no notice of missing ones', async () => {
    const { handlers } = detailHandlers();
    await renderRoute('/verwaltung/kitas/11', { user: users.admin(), handlers });
    expect(await screen.findByText('Hauptstraße 1, 80331 München')).toBeInTheDocument();
    expect(screen.queryByText('Stammdaten unvollständig')).toBeNull();
  });

  it('says a non-numeric id does not exist (the not-found page, with the way back; never the raw id)', async () => {
    await renderRoute('/verwaltung/kitas/abc', { user: users.admin() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Diese KiTa gibt es nicht (mehr)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Liste aller KiTas' })).toHaveAttribute('href', '/verwaltung/kitas');
    expect(screen.getByRole('main')).not.toHaveTextContent('abc');
  });

  it('keeps the edited master data and explains a 409 conflict in German', async () => {
    const { handlers, writes } = detailHandlers();
    const { user } = await renderRoute('/verwaltung/kitas/11', { user: users.admin(), handlers });
    await user.click(screen.getByRole('button', { name: 'Stammdaten bearbeiten' }));
    const city = screen.getByRole('textbox', { name: /^Ort/ });
    fireEvent.change(city, { target: { value: 'Fürth' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Postleitzahl/ }), { target: { value: '123' } });
    await user.click(screen.getByRole('button', { name: 'Stammdaten speichern' }));
    expect(screen.getByText('Die Postleitzahl hat genau 5 Ziffern.')).toBeInTheDocument();
    expect(writes).toEqual([]);
    fireEvent.change(screen.getByRole('textbox', { name: /Postleitzahl/ }), { target: { value: '90762' } });
    await user.click(screen.getByRole('button', { name: 'Stammdaten speichern' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Deine Eingaben sind noch da');
    expect(city).toHaveValue('Fürth');
    expect(writes[0]).toMatchObject({ method: 'PUT', url: '/api/admin/facilities/11', body: { city: 'Fürth', postalCode: '90762', version: 4 } });
  });

  it('merges a duplicate only after search, preview and confirm, then opens the KiTa that stays', async () => {
    const { handlers, writes } = detailHandlers();
    const { user, router } = await renderRoute('/verwaltung/kitas/11', { user: users.admin(), handlers });
    await user.click(screen.getByRole('button', { name: 'Mit Duplikat zusammenführen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Mit Duplikat zusammenführen' });
    fireEvent.change(within(dialog).getByRole('searchbox', { name: /Doppelte KiTa suchen/ }), { target: { value: 'Sonnen' } });
    // the KiTa itself is not offered
    await user.click(await within(dialog).findByRole('radio', { name: /Kita Sonnenschein e\.V\./ }));
    expect(within(dialog).queryByRole('radio', { name: /^KiTa Sonnenschein —/ })).not.toBeInTheDocument();
    const preview = await within(dialog).findByText('Vorschau');
    const box = preview.closest('[role="alert"], .mantine-Alert-root') as HTMLElement;
    expect(box).toHaveTextContent('Alles von „Kita Sonnenschein e.V.“ kommt zu „KiTa Sonnenschein“');
    expect(box).toHaveTextContent('1 Konten (Mitglieder)');
    expect(box).toHaveTextContent('2 Personen im Personal');

    await user.click(within(dialog).getByRole('button', { name: 'Zusammenführen …' }));
    expect(writes).toEqual([]);
    expect(within(dialog).getByText('Wirklich zusammenführen?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ja, endgültig zusammenführen' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]).toMatchObject({ method: 'POST', url: '/api/admin/facilities/merge', body: { sourceId: 12, targetId: 11 } });
    await waitForPath(router, '/verwaltung/kitas/11');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('switches "zur Auszeichnung zugelassen" for the current enrolment, sending its version', async () => {
    const { handlers, writes } = detailHandlers();
    const enrolment = {
      id: 70,
      facilityId: 11,
      seasonId: 2,
      seasonIdentifier: '2026-27',
      seasonLabel: 'KiTa-Jahr 2026/27',
      projectTopics: ['Wasser'],
      projectTitle: 'Bachforscher',
      contactPersonId: null,
      contactPersonName: null,
      groupsTakingPart: '',
      childrenTakingPart: 20,
      acceptedTermsAt: '2026-10-01T08:00:00Z',
      createdAt: '2026-10-01T08:00:00Z',
      createdBy: null,
      updatedAt: '2026-10-01T08:00:00Z',
      updatedBy: null,
      withdrawnAt: null,
      version: 5,
      approvedForAwardAt: null,
    };
    handlers.unshift(
      http.get('*/api/admin/facilities/11', () => HttpResponse.json(adminFacilityDetail(11, 'KiTa Sonnenschein', { enrolments: [enrolment] }))),
    );
    const { user } = await renderRoute('/verwaltung/kitas/11', { user: users.admin(), handlers });
    await user.click(screen.getByRole('tab', { name: /Anmeldungen/ }));
    const toggle = screen.getByRole('switch', { name: 'zur Auszeichnung zugelassen' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    await waitFor(() =>
      expect(writes).toEqual([{ method: 'PUT', url: '/api/admin/season-enrolments/70/award-approval', body: { approved: true, version: 5 } }]),
    );
    expect(await screen.findByText('KiTa Sonnenschein ist zur Auszeichnung zugelassen.')).toBeInTheDocument();
  });

  it('withdraws the current enrolment on the KiTa’s behalf after a confirm, sending its version', async () => {
    const { handlers, writes } = detailHandlers();
    const enrolment = {
      id: 70,
      facilityId: 11,
      seasonId: 2,
      seasonIdentifier: '2026-27',
      seasonLabel: 'KiTa-Jahr 2026/27',
      projectTopics: ['Wasser'],
      projectTitle: 'Bachforscher',
      contactPersonId: 511,
      contactPersonName: 'Jördis Größer',
      groupsTakingPart: '',
      childrenTakingPart: 20,
      acceptedTermsAt: '2026-10-01T08:00:00Z',
      createdAt: '2026-10-01T08:00:00Z',
      createdBy: null,
      updatedAt: '2026-10-01T08:00:00Z',
      updatedBy: null,
      withdrawnAt: null,
      version: 5,
      approvedForAwardAt: null,
    };
    handlers.unshift(
      http.get('*/api/admin/facilities/11', () => HttpResponse.json(adminFacilityDetail(11, 'KiTa Sonnenschein', { enrolments: [enrolment] }))),
    );
    const { user } = await renderRoute('/verwaltung/kitas/11', { user: users.admin(), handlers });
    await user.click(screen.getByRole('tab', { name: /Anmeldungen/ }));
    expect(screen.getByRole('table', { name: 'Anmeldungen zu den KiTa-Jahren' })).toHaveTextContent('Bachforscher');
    await user.click(screen.getByRole('button', { name: 'Von 2026/27 abmelden' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'KiTa abmelden?' })).getByRole('button', { name: 'Ja, abmelden' }));
    await waitFor(() => expect(writes).toEqual([{ method: 'DELETE', url: '/api/admin/facilities/11/enrolments/2?version=5', body: null }]));
  });

  it('enrols the KiTa on its behalf: German messages first, then the PUT to the current season', async () => {
    const { handlers, writes } = detailHandlers();
    handlers.unshift(
      http.put('*/api/admin/facilities/11/enrolments/2', async ({ request }) => {
        writes.push({ method: 'PUT', url: '/api/admin/facilities/11/enrolments/2', body: await request.json() });
        return HttpResponse.json({
          id: 71,
          facilityId: 11,
          seasonId: 2,
          projectTopics: ['Wasser'],
          projectTitle: 'Bachforscher',
          contactPersonId: 511,
          contactPersonName: 'Jördis Größer',
          groupsTakingPart: '',
          childrenTakingPart: 20,
          acceptedTermsAt: null,
          createdAt: '2026-11-02T09:30:00Z',
          createdBy: null,
          updatedAt: '2026-11-02T09:30:00Z',
          updatedBy: null,
          withdrawnAt: null,
          version: 1,
        });
      }),
    );
    const { user } = await renderRoute('/verwaltung/kitas/11', { user: users.admin(), handlers });
    await user.click(screen.getByRole('tab', { name: /Anmeldungen/ }));
    await user.click(screen.getByRole('button', { name: 'Für 2026/27 anmelden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anmeldung zu 2026/27' });
    await user.click(within(dialog).getByRole('button', { name: 'Zu 2026/27 anmelden' }));
    expect(within(dialog).getByText('Bitte wähle mindestens ein Thema.')).toBeInTheDocument();
    expect(within(dialog).getByText('Bitte akzeptiere die Teilnahmebedingungen.')).toBeInTheDocument();
    expect(writes).toEqual([]);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Wasser' }));
    fireEvent.change(within(dialog).getByRole('textbox', { name: /Arbeitstitel/ }), { target: { value: 'Bachforscher' } });
    await user.selectOptions(within(dialog).getByRole('combobox', { name: /Ansprechperson/ }), 'Jördis Größer (Leitung)');
    fireEvent.change(within(dialog).getByRole('textbox', { name: /teilnehmenden Kinder/ }), { target: { value: '20' } });
    await user.click(within(dialog).getByRole('checkbox', { name: /Teilnahmebedingungen/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Zu 2026/27 anmelden' }));
    await waitFor(() => expect(writes).toHaveLength(1));
    expect(writes[0]!.body).toEqual({
      projectTopics: ['Wasser'],
      projectTitle: 'Bachforscher',
      contactPersonId: 511,
      groupsTakingPart: '',
      childrenTakingPart: 20,
      acceptedTerms: true,
    });
  });

  it('lists the KiTa’s programme history in German, each date linked to its admin enrolment page', async () => {
    const { handlers } = detailHandlers();
    const requested: string[] = [];
    handlers.unshift(
      http.get('*/api/admin/facilities/:id/programme', ({ params }) => {
        requested.push(String(params.id));
        return HttpResponse.json({
          items: [
            {
              enrolmentId: 3,
              seasonIdentifier: '2026-27',
              kind: 'awarding',
              offeringId: 31,
              awardingEventId: 8,
              offeringTitle: 'Workshop Boden',
              startsAt: '2027-10-14T12:00:00.000Z',
              personName: 'Jördis Größer',
              state: 'waitlisted',
            },
            {
              enrolmentId: 2,
              seasonIdentifier: '2026-27',
              kind: 'hospitation',
              offeringId: 21,
              awardingEventId: null,
              offeringTitle: 'Waldtag im Kinderhaus',
              startsAt: '2027-05-03T07:00:00.000Z',
              personName: 'Uwe Üblich',
              state: 'confirmed',
            },
            {
              enrolmentId: 1,
              seasonIdentifier: '2025-26',
              kind: 'training',
              offeringId: 11,
              awardingEventId: null,
              offeringTitle: 'Wasser erleben',
              startsAt: '2026-03-10T08:30:00.000Z',
              personName: 'Jördis Größer',
              state: 'attended',
            },
          ],
        });
      }),
    );
    const { user } = await renderRoute('/verwaltung/kitas/11', { user: users.admin(), handlers });
    await user.click(screen.getByRole('tab', { name: /Anmeldungen/ }));
    expect(screen.getByRole('heading', { level: 2, name: 'Fortbildungen, Hospitationen und Auszeichnung' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: /Anmeldungen der KiTa zu Fortbildungen, Hospitationen und zur Auszeichnung/ });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(4));
    const cells = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      );
    expect(cells).toEqual([
      ['2026/27', 'Workshop der Auszeichnungsveranstaltung', 'Workshop Boden', '14.10.2027', 'Jördis Größer', 'Warteliste'],
      ['2026/27', 'Hospitation', 'Waldtag im Kinderhaus', '03.05.2027', 'Uwe Üblich', 'bestätigt'],
      ['2025/26', 'Fortbildung', 'Wasser erleben', '10.03.2026', 'Jördis Größer', 'teilgenommen'],
    ]);
    expect(within(table).getByRole('link', { name: 'Workshop Boden' })).toHaveAttribute(
      'href',
      '/verwaltung/auszeichnungsverantaltungen/8/anmeldungen',
    );
    expect(within(table).getByRole('link', { name: 'Waldtag im Kinderhaus' })).toHaveAttribute('href', '/verwaltung/hospitationen/21/anmeldungen');
    expect(within(table).getByRole('link', { name: 'Wasser erleben' })).toHaveAttribute('href', '/verwaltung/fortbildungen/11/anmeldungen');
    expect(requested).toEqual(['11']);
  });

  it('says so when the KiTa has no bookings in the programme yet', async () => {
    const { handlers } = detailHandlers();
    const { user } = await renderRoute('/verwaltung/kitas/11', { user: users.admin(), handlers });
    await user.click(screen.getByRole('tab', { name: /Anmeldungen/ }));
    const table = screen.getByRole('table', { name: /Anmeldungen der KiTa zu Fortbildungen, Hospitationen und zur Auszeichnung/ });
    expect(
      await within(table).findByText('Diese KiTa hat noch niemanden zu Fortbildungen, Hospitationen oder zur Auszeichnung angemeldet.'),
    ).toBeInTheDocument();
  });
});
