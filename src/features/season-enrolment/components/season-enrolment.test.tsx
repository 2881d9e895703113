import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { SeasonEnrolment } from '../../../shared/contracts/season-enrolment';
import { buildPerson, enrolmentStatus } from '../../../testing/factories/facilities';
import { users } from '../../../testing/factories/users';
import { renderRoute, waitForPath } from '../../../testing/render';

const persons = http.get('*/api/facilities/12/persons', () => HttpResponse.json({ items: [buildPerson()], total: 1, page: 1, pageSize: 0 }));

const enrolment: SeasonEnrolment = {
  id: 70,
  facilityId: 12,
  seasonId: 2,
  projectTopics: ['Wasser', 'Klima'],
  projectTitle: 'Wasserforscher',
  contactPersonId: 501,
  contactPersonName: 'Paula Pädagogin',
  groupsTakingPart: 'Igelgruppe',
  childrenTakingPart: 20,
  acceptedTermsAt: '2026-11-02T09:00:00Z',
  createdAt: '2026-11-02T09:00:00Z',
  createdBy: { id: 4, name: 'Nina Muster' },
  updatedAt: '2026-11-02T09:00:00Z',
  updatedBy: { id: 4, name: 'Nina Muster' },
  withdrawnAt: null,
  version: 1,
};

describe('/kita-jahr-anmeldung', () => {
  it('given an empty form, shows a German message for each required field', async () => {
    const { user } = await renderRoute('/kita-jahr-anmeldung', { user: users.notEnrolled(), handlers: [persons] });
    await user.click(await screen.findByRole('button', { name: 'KiTa verbindlich anmelden' }));
    expect(await screen.findByText('Bitte wähle mindestens ein Thema.')).toBeInTheDocument();
    expect(screen.getByText(/Bitte gib einen Arbeitstitel/)).toBeInTheDocument();
    expect(screen.getByText('Bitte wähle eine Ansprechperson aus eurem Personal.')).toBeInTheDocument();
    expect(screen.getByText('Bitte gib die Zahl der teilnehmenden Kinder an.')).toBeInTheDocument();
    expect(screen.getByText('Bitte akzeptiere die Teilnahmebedingungen.')).toBeInTheDocument();
  });

  it('tells a KiTa not yet enrolled what the programme offers, never that its built pages are "in Vorbereitung" (issue 19)', async () => {
    await renderRoute('/kita-jahr-anmeldung', { user: users.notEnrolled(), handlers: [persons] });
    expect(await screen.findByText(/Zum Programm gehören Team-Workshop, Fortbildungen/)).toBeInTheDocument();
    expect(screen.getByRole('main')).not.toHaveTextContent(/in Vorbereitung/i);
  });

  it('enrols, and guard dialog 2 is gone at once without asking the server for the login status again', async () => {
    let sent: Record<string, unknown> | null = null;
    const { user, router, session } = await renderRoute('/kita-jahr-anmeldung', {
      user: users.notEnrolled(),
      handlers: [
        persons,
        http.put('*/api/facilities/12/season-enrolment', async ({ request }) => {
          sent = (await request.json()) as Record<string, unknown>;
          return HttpResponse.json(enrolment);
        }),
      ],
    });
    // before: the trainings are refused with dialog 2
    await router.navigate({ to: '/fortbildungen' });
    const dialog = await screen.findByRole('dialog', { name: 'Deine KiTa ist noch nicht dabei!' });
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen.' }));
    await waitForPath(router, '/kita-jahr-anmeldung');

    await user.click(screen.getByRole('checkbox', { name: 'Wasser' }));
    await user.click(screen.getByRole('checkbox', { name: 'Klima' }));
    await user.type(screen.getByRole('textbox', { name: 'Arbeitstitel des Projekts' }), 'Wasserforscher');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Ansprechperson' }), 'Paula Pädagogin (Leitung)');
    await user.type(screen.getByRole('textbox', { name: 'Zahl der teilnehmenden Kinder' }), '20');
    await user.click(screen.getByRole('checkbox', { name: 'Ich akzeptiere die Teilnahmebedingungen.' }));
    const statusCalls = session.statusCalls;
    await user.click(screen.getByRole('button', { name: 'KiTa verbindlich anmelden' }));

    expect(await screen.findByText('Wasserforscher')).toBeInTheDocument();
    expect(sent).toEqual({
      projectTopics: ['Wasser', 'Klima'],
      projectTitle: 'Wasserforscher',
      contactPersonId: 501,
      groupsTakingPart: '',
      childrenTakingPart: 20,
      acceptedTerms: true,
    });
    await router.navigate({ to: '/fortbildungen' });
    await waitForPath(router, '/fortbildungen');
    expect(screen.queryByRole('dialog', { name: 'Deine KiTa ist noch nicht dabei!' })).not.toBeInTheDocument();
    expect(session.statusCalls).toBe(statusCalls);
  });

  it('given a closed season, says when enrolment opens and offers no form', async () => {
    const message = 'Die Anmeldung zum KiTa-Jahr 2026/27 ist zurzeit geschlossen. Sie öffnet voraussichtlich am 01.10.2026.';
    await renderRoute('/kita-jahr-anmeldung', {
      user: users.notEnrolled(),
      handlers: [persons, http.get('*/api/facilities/12/season-enrolment', () => HttpResponse.json(enrolmentStatus({ canChange: false, message })))],
    });
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'KiTa verbindlich anmelden' })).not.toBeInTheDocument();
  });

  it('shows the enrolment and withdraws it after the confirm dialog', async () => {
    let deleted = '';
    const oneEnrolled = users.oneEnrolled();
    const { user, auth } = await renderRoute('/kita-jahr-anmeldung', {
      user: { ...oneEnrolled, facilities: { '12': { id: 12, label: 'KiTa Regenbogen', is_enrolled_to_cur_season: true } } },
      handlers: [
        persons,
        http.get('*/api/facilities/12/season-enrolment', () => HttpResponse.json(enrolmentStatus({ enrolment }))),
        http.delete('*/api/facilities/12/season-enrolment', ({ request }) => {
          deleted = new URL(request.url).search;
          return HttpResponse.json(enrolmentStatus());
        }),
      ],
    });
    expect(await screen.findByText('Wasser, Klima')).toBeInTheDocument();
    expect(screen.getByText('Paula Pädagogin')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Anmeldung zurückziehen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Anmeldung zurückziehen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ja, Anmeldung zurückziehen' }));
    expect(await screen.findByRole('button', { name: 'KiTa verbindlich anmelden' })).toBeInTheDocument();
    expect(deleted).toBe('?version=1');
    await waitFor(() => expect(auth.getState().user?.facilities['12']?.is_enrolled_to_cur_season).toBe(false));
  });
});
