import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { BookingInput, FacilityEnrolment, Offering } from '../../../shared/contracts/programme';
import { buildPerson } from '../../../testing/factories/facilities';
import { buildFacilityEnrolment, buildOffering, einsteigerModule } from '../../../testing/factories/programme';
import { users } from '../../../testing/factories/users';
import { renderRoute } from '../../../testing/render';

const anna = buildPerson({ id: 801, facilityId: 11, firstName: 'Anna', lastName: 'Apfel' });
const ben = buildPerson({ id: 802, facilityId: 11, firstName: 'Ben', lastName: 'Birne' });
const cem = buildPerson({ id: 803, facilityId: 11, firstName: 'Cem', lastName: 'Chili' });

/** a tiny fake of the staff programme API of KiTa 11: books confirmed while seats last, then waitlisted */
function programmeApi(options: { offerings?: Offering[]; enrolments?: FacilityEnrolment[] } = {}) {
  let offerings = options.offerings ?? [
    buildOffering({ seatsLeft: 1 }),
    buildOffering({ id: 502, title: 'Einsteiger: Praxis draußen', region: 'Schwaben', seatsLeft: 0, waitlistLength: 2 }),
  ];
  let enrolments = options.enrolments ?? [];
  const calls = { bookings: [] as BookingInput[], cancelled: [] as number[] };
  const handlers = [
    http.get('*/api/facilities/11/offerings', () => HttpResponse.json({ offerings, modules: [einsteigerModule] })),
    http.get('*/api/facilities/11/enrolments', () => HttpResponse.json({ enrolments })),
    http.get('*/api/facilities/11/persons', () => HttpResponse.json({ items: [anna, ben, cem], total: 3, page: 1, pageSize: 0 })),
    http.post('*/api/facilities/11/enrolments', async ({ request }) => {
      const input = (await request.json()) as BookingInput;
      calls.bookings.push(input);
      const offering = offerings.find((o) => o.id === input.offeringId)!;
      let left = offering.seatsLeft;
      let waiting = offering.waitlistLength;
      const results = input.personIds.map((personId, i) => {
        const confirmed = left > 0;
        if (confirmed) left -= 1;
        else waiting += 1;
        return {
          personId,
          enrolmentId: 7100 + i,
          state: confirmed ? ('confirmed' as const) : ('waitlisted' as const),
          waitlistPosition: confirmed ? null : waiting,
        };
      });
      const name = (id: number) => [anna, ben, cem].find((p) => p.id === id)!;
      offerings = offerings.map((o) =>
        o.id === offering.id
          ? {
              ...o,
              seatsLeft: left,
              waitlistLength: waiting,
              enrolments: [
                ...o.enrolments,
                ...results.map((r) => ({ ...r, personName: `${name(r.personId).firstName} ${name(r.personId).lastName}` })),
              ],
            }
          : o,
      );
      enrolments = [
        ...enrolments,
        ...results.map((r) =>
          buildFacilityEnrolment({
            enrolmentId: r.enrolmentId,
            offeringId: offering.id,
            offeringTitle: offering.title,
            personId: r.personId,
            personName: `${name(r.personId).firstName} ${name(r.personId).lastName}`,
            state: r.state,
            waitlistPosition: r.waitlistPosition,
          }),
        ),
      ];
      return HttpResponse.json({ results }, { status: 201 });
    }),
    http.delete('*/api/facilities/11/enrolments/:id', ({ params }) => {
      const id = Number(params.id);
      calls.cancelled.push(id);
      const e = enrolments.find((x) => x.enrolmentId === id)!;
      enrolments = enrolments.map((x) => (x.enrolmentId === id ? { ...x, state: 'cancelled', canCancel: false } : x));
      return HttpResponse.json({ enrolment: { ...e, state: 'cancelled', canCancel: false } });
    }),
  ];
  return { handlers, calls };
}

describe('/fortbildungen', () => {
  it('shows the season’s dates grouped by module with date, place, seats and limits', async () => {
    const { handlers } = programmeApi();
    await renderRoute('/fortbildungen', { user: users.oneEnrolled(), handlers });
    expect(screen.getByRole('heading', { level: 2, name: 'Einsteiger' })).toBeInTheDocument();
    expect(screen.getByText('Je KiTa höchstens 2 Personen pro Termin und 3 im ganzen Modul.')).toBeInTheDocument();
    const card = screen.getByRole('article', { name: 'Einsteiger: Grundlagen der BNE' });
    // a date's heading follows its module's h2 as h3 (an h4 skipped a level: Lighthouse's heading-order, issue 35)
    expect(within(card).getByRole('heading', { level: 3, name: 'Einsteiger: Grundlagen der BNE' })).toBeInTheDocument();
    expect(within(card).getByText('Mi., 03.02.2027, 09:00–16:00 Uhr')).toBeInTheDocument();
    expect(within(card).getByText('noch 1 Platz frei')).toBeInTheDocument();
    expect(within(card).getByText('Anmeldung vom 01.11.2026, 09:00 Uhr bis 27.01.2027, 23:59 Uhr')).toBeInTheDocument();
    const full = screen.getByRole('article', { name: 'Einsteiger: Praxis draußen' });
    expect(within(full).getByText('ausgebucht – Warteliste (2 Personen warten)')).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Unsere Anmeldungen' })).toHaveTextContent(
      'Ihr habt noch niemanden zu einer Fortbildung angemeldet.',
    );
  });

  it('given two dates of one title, each "Anmelden" and "Stornieren" keeps its exact name and is described by its title and date', async () => {
    const second = { startsAt: '2027-03-10T08:00:00.000Z', endsAt: '2027-03-10T15:00:00.000Z' };
    const { handlers } = programmeApi({
      offerings: [buildOffering({ seatsLeft: 3 }), buildOffering({ id: 503, seatsLeft: 3, ...second })],
      enrolments: [
        buildFacilityEnrolment(),
        buildFacilityEnrolment({ enrolmentId: 7002, offeringId: 503, personId: 802, personName: 'Ben Birne', ...second }),
      ],
    });
    await renderRoute('/fortbildungen', { user: users.oneEnrolled(), handlers });
    const book = screen.getAllByRole('button', { name: 'Anmelden' });
    expect(book).toHaveLength(2);
    expect(book[0]).toHaveAccessibleDescription('Einsteiger: Grundlagen der BNE Mi., 03.02.2027, 09:00–16:00 Uhr');
    expect(book[1]).toHaveAccessibleDescription('Einsteiger: Grundlagen der BNE Mi., 10.03.2027, 09:00–16:00 Uhr');
    const table = await screen.findByRole('table', { name: 'Unsere Anmeldungen' });
    const cancel = within(table).getAllByRole('button', { name: 'Stornieren' });
    expect(cancel).toHaveLength(2);
    expect(cancel[0]).toHaveAccessibleDescription('Einsteiger: Grundlagen der BNE 03.02.2027, 09:00 Uhr Anna Apfel');
    expect(cancel[1]).toHaveAccessibleDescription('Einsteiger: Grundlagen der BNE 10.03.2027, 09:00 Uhr Ben Birne');
  });

  it('filters by region through the URL', async () => {
    const { handlers } = programmeApi();
    const { user, router } = await renderRoute('/fortbildungen', { user: users.oneEnrolled(), handlers });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Regierungsbezirk' }), 'Schwaben');
    await waitFor(() => expect(router.state.location.search).toEqual({ region: 'Schwaben' }));
    expect(screen.queryByRole('article', { name: 'Einsteiger: Grundlagen der BNE' })).not.toBeInTheDocument();
    expect(screen.getByRole('article', { name: 'Einsteiger: Praxis draußen' })).toBeInTheDocument();
  });

  it('books two persons: one gets the last seat, one a waiting place, both shown at once', async () => {
    const { handlers, calls } = programmeApi();
    const { user } = await renderRoute('/fortbildungen', { user: users.oneEnrolled(), handlers });
    const card = screen.getByRole('article', { name: 'Einsteiger: Grundlagen der BNE' });
    await user.click(within(card).getByRole('button', { name: 'Anmelden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anmelden: Einsteiger: Grundlagen der BNE' });

    // nobody chosen: a German message, nothing sent
    await user.click(within(dialog).getByRole('button', { name: 'Verbindlich anmelden' }));
    expect(await within(dialog).findByText('Bitte wähle mindestens eine Person.')).toBeInTheDocument();
    expect(calls.bookings).toEqual([]);

    await user.click(await within(dialog).findByRole('checkbox', { name: 'Anna Apfel' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ben Birne' }));
    await user.click(within(dialog).getByRole('button', { name: 'Verbindlich anmelden' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.bookings).toEqual([{ offeringId: 501, personIds: [801, 802] }]);
    expect(within(card).getByText('Anna Apfel: bestätigt')).toBeInTheDocument();
    expect(within(card).getByText('Ben Birne: Warteliste Platz 1')).toBeInTheDocument();
    expect(await screen.findByText('Anna Apfel: bestätigt · Ben Birne: Warteliste Platz 1')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Unsere Anmeldungen' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(within(table).getByRole('link', { name: 'Kalendereintrag (.ics)' })).toHaveAttribute(
      'href',
      '/api/facilities/11/enrolments/7100/calendar.ics',
    );

    // booked persons are shown, disabled, with their state the next time
    await user.click(within(card).getByRole('button', { name: 'Anmelden' }));
    const again = await screen.findByRole('dialog');
    expect(await within(again).findByRole('checkbox', { name: 'Anna Apfel (schon angemeldet: bestätigt)' })).toBeDisabled();
    expect(within(again).getByRole('checkbox', { name: 'Cem Chili' })).toBeEnabled();
  });

  it('shows the server’s German reason when a limit refuses the booking', async () => {
    const { handlers } = programmeApi();
    const refuse = http.post('*/api/facilities/11/enrolments', () =>
      HttpResponse.json(
        { reason: { code: 'limit_per_event', message: 'Eure KiTa darf zu diesem Termin höchstens 2 Personen anmelden.' } },
        { status: 409 },
      ),
    );
    const { user } = await renderRoute('/fortbildungen', { user: users.oneEnrolled(), handlers: [refuse, ...handlers] });
    await user.click(within(screen.getByRole('article', { name: 'Einsteiger: Grundlagen der BNE' })).getByRole('button', { name: 'Anmelden' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Cem Chili' }));
    await user.click(within(dialog).getByRole('button', { name: 'Verbindlich anmelden' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Eure KiTa darf zu diesem Termin höchstens 2 Personen anmelden.');
  });

  it('cancels a booking only after “Ja, stornieren”', async () => {
    const { handlers, calls } = programmeApi({ enrolments: [buildFacilityEnrolment()] });
    const { user } = await renderRoute('/fortbildungen', { user: users.oneEnrolled(), handlers });
    const table = await screen.findByRole('table', { name: 'Unsere Anmeldungen' });
    await user.click(within(table).getByRole('button', { name: 'Stornieren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anmeldung stornieren?' });
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(calls.cancelled).toEqual([]);
    await user.click(within(table).getByRole('button', { name: 'Stornieren' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ja, stornieren' }));
    await waitFor(() => expect(calls.cancelled).toEqual([7001]));
    expect(await within(table).findByText('storniert')).toBeInTheDocument();
    expect(within(table).queryByRole('button', { name: 'Stornieren' })).not.toBeInTheDocument();
  });

  it('says what is true when nothing is published yet', async () => {
    const { handlers } = programmeApi({ offerings: [] });
    await renderRoute('/fortbildungen', { user: users.oneEnrolled(), handlers });
    expect(screen.getByText('Für dieses KiTa-Jahr sind noch keine Fortbildungstermine veröffentlicht.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Anmelden' })).not.toBeInTheDocument();
  });
});

describe('/hospitationen and /auszeichnungsverantaltung', () => {
  it('shows the host KiTa of a hospitation and, for a host, who visits', async () => {
    const visit = buildOffering({
      id: 601,
      kind: 'hospitation',
      title: 'Garten und Kompost',
      moduleId: null,
      moduleTitle: null,
      place: '',
      hostFacility: { id: 31, label: 'KiTa Löwenzahn', street: 'Wiesenweg 3', postalCode: '90402', city: 'Nürnberg' },
    });
    const { handlers } = programmeApi({ offerings: [visit] });
    const visits = http.get('*/api/facilities/11/hospitation-visits', () =>
      HttpResponse.json({
        hospitations: [
          {
            offeringId: 602,
            title: 'Unser Wasserprojekt',
            startsAt: '2027-03-03T08:00:00Z',
            endsAt: '2027-03-03T11:00:00Z',
            state: 'published',
            capacity: 4,
            visitors: [{ facilityLabel: 'KiTa Am Bach', personName: 'Max Muster', state: 'confirmed', waitlistPosition: null }],
          },
        ],
      }),
    );
    await renderRoute('/hospitationen', { user: users.oneEnrolled(), handlers: [visits, ...handlers] });
    expect(
      within(screen.getByRole('article', { name: 'Garten und Kompost' })).getByText('Zu Gast bei: KiTa Löwenzahn, Wiesenweg 3, 90402 Nürnberg'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Bei uns zu Gast' })).toBeInTheDocument();
    expect(screen.getByText('KiTa Am Bach')).toBeInTheDocument();
  });

  it('shows the API’s German message and no booking when the KiTa is not approved', async () => {
    const { handlers } = programmeApi();
    const awarding = http.get('*/api/facilities/11/awarding', () =>
      HttpResponse.json({
        eligible: false,
        message: 'Die Auszeichnungsveranstaltung steht KiTas offen, deren Dokumentation angenommen ist.',
        chosenEventId: null,
        events: [],
      }),
    );
    await renderRoute('/auszeichnungsverantaltung', { user: users.oneEnrolled(), handlers: [awarding, ...handlers] });
    expect(screen.getByText('Die Auszeichnungsveranstaltung steht KiTas offen, deren Dokumentation angenommen ist.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Anmelden' })).not.toBeInTheDocument();
  });

  it('an approved KiTa names attendees with a workshop each; the other event is closed once chosen', async () => {
    const { handlers, calls } = programmeApi();
    const workshop = (id: number, title: string, eventId: number) =>
      buildOffering({ id, kind: 'awarding', title, moduleId: null, moduleTitle: null, awardingEventId: eventId });
    const event = (id: number, title: string, workshops: Offering[]) => ({
      id,
      title,
      description: '',
      startsAt: '2027-10-08T07:00:00Z',
      endsAt: '2027-10-08T14:00:00Z',
      place: title.includes('Nord') ? 'Nürnberg' : 'München',
      region: null,
      maxAttendeesPerFacility: 3,
      state: 'published',
      registrationOpensAt: null,
      registrationClosesAt: null,
      workshops,
    });
    const nord = event(71, 'Auszeichnung Nord', [workshop(711, 'Workshop Wasser', 71), workshop(712, 'Workshop Boden', 71)]);
    const sued = event(72, 'Auszeichnung Süd', [workshop(721, 'Workshop Luft', 72)]);
    let chosen: number | null = null;
    const awarding = http.get('*/api/facilities/11/awarding', () =>
      HttpResponse.json({ eligible: true, message: null, chosenEventId: chosen, events: [nord, sued] }),
    );
    const offeringsOf = http.get('*/api/facilities/11/offerings', () =>
      HttpResponse.json({ offerings: [...nord.workshops, ...sued.workshops], modules: [] }),
    );
    const book = http.post('*/api/facilities/11/enrolments', async ({ request }) => {
      const input = (await request.json()) as BookingInput;
      calls.bookings.push(input);
      chosen = 71;
      return HttpResponse.json(
        { results: input.personIds.map((personId, i) => ({ personId, enrolmentId: 7200 + i, state: 'confirmed', waitlistPosition: null })) },
        { status: 201 },
      );
    });
    const { user } = await renderRoute('/auszeichnungsverantaltung', {
      user: users.oneEnrolled(),
      handlers: [awarding, offeringsOf, book, ...handlers],
    });
    const nordSection = screen.getByRole('region', { name: 'Auszeichnung Nord' });
    expect(within(nordSection).getByText('Je KiTa höchstens 3 Personen.')).toBeInTheDocument();
    await user.click(within(nordSection).getByRole('button', { name: 'Anmelden' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anmelden: Auszeichnung Nord' });
    await user.click(await within(dialog).findByRole('checkbox', { name: 'Anna Apfel' }));
    await user.click(within(dialog).getByRole('checkbox', { name: 'Ben Birne' }));
    await user.click(within(dialog).getByRole('button', { name: 'Verbindlich anmelden' }));
    expect(await within(dialog).findAllByText('Bitte wähle einen Workshop.')).toHaveLength(2);
    expect(calls.bookings).toEqual([]);
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Workshop für Anna Apfel' }), '711');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Workshop für Ben Birne' }), '712');
    await user.click(within(dialog).getByRole('button', { name: 'Verbindlich anmelden' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.bookings).toEqual([
      { offeringId: 711, personIds: [801] },
      { offeringId: 712, personIds: [802] },
    ]);
    const sued2 = await screen.findByRole('region', { name: 'Auszeichnung Süd' });
    await waitFor(() => expect(within(sued2).getByRole('button', { name: 'Anmelden' })).toBeDisabled());
    expect(within(sued2).getByText(/Ihr seid schon zu „Auszeichnung Nord“ angemeldet/)).toBeInTheDocument();
  });
});
