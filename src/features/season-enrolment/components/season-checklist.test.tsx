import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { currentSeason, users } from '../../../testing/factories/users';
import { renderRoute } from '../../../testing/render';

const step = (key: string, label: string, state: string, deadline: string | null, path: string | null, detail: string | null = null) => ({
  key,
  label,
  state,
  deadline,
  path,
  detail,
});

describe('home page', () => {
  it('shows the season checklist of the active KiTa: state, deadline, a link only where the page exists', async () => {
    await renderRoute('/', {
      user: users.notEnrolled(),
      handlers: [
        http.get('*/api/facilities/12/season-checklist', () =>
          HttpResponse.json({
            season: currentSeason,
            steps: [
              step('enrolment', 'Anmeldung zum KiTa-Jahr', 'open', '2027-02-01', '/kita-jahr-anmeldung', 'Anmeldung bis 01.02.2027 möglich'),
              step('team_workshop', 'Team-Workshop beantragen', 'upcoming', '2027-03-15', null, 'bis 15.03.2027'),
              step('trainings', 'Fortbildungen besuchen', 'upcoming', null, null, 'Termin folgt'),
              step('hospitation', 'Hospitation', 'upcoming', null, null, 'Termin folgt'),
              step('documentation', 'Dokumentationsbogen einreichen', 'upcoming', '2027-06-30', null, 'bis 30.06.2027'),
              step('jury', 'Bewertung durch die Jury', 'upcoming', null, null, 'Termin folgt'),
              step('award', 'Auszeichnungsveranstaltung', 'upcoming', null, null, 'Termin folgt'),
            ],
          }),
        ),
      ],
    });
    const list = await screen.findByRole('list', { name: 'Eure Schritte im KiTa-Jahr 2026/27' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(7);
    expect(within(items[0]!).getByRole('link', { name: 'Anmeldung zum KiTa-Jahr' })).toHaveAttribute('href', '/kita-jahr-anmeldung');
    expect(items[0]).toHaveTextContent('Jetzt möglich');
    expect(items[0]).toHaveTextContent('Frist: 01.02.2027');
    expect(within(items[1]!).queryByRole('link')).not.toBeInTheDocument();
    expect(items[4]).toHaveTextContent('Frist: 30.06.2027');
  });

  it('reads the real state: a booked training with its day, a submitted form, the jury reviewing; steps 3-7 are links (issue 19)', async () => {
    await renderRoute('/', {
      user: users.oneEnrolled(),
      handlers: [
        http.get('*/api/facilities/11/season-checklist', () =>
          HttpResponse.json({
            season: currentSeason,
            steps: [
              step('enrolment', 'Anmeldung zum KiTa-Jahr', 'done', '2027-02-01', '/kita-jahr-anmeldung', 'Angemeldet am 03.11.2026'),
              step('team_workshop', 'Team-Workshop beantragen', 'done', '2027-03-15', '/team-workshop-application', 'Antrag eingereicht'),
              step('trainings', 'Fortbildungen besuchen', 'booked', null, '/fortbildungen', 'Gebucht: Mi., 10.02.2027, 09:00 Uhr'),
              step('hospitation', 'Hospitation', 'waitlisted', null, '/hospitationen', 'Auf der Warteliste: Di., 02.03.2027, 09:30 Uhr'),
              step('documentation', 'Dokumentationsbogen einreichen', 'done', '2027-06-30', '/dokumentationsbogen', 'Eingereicht am 12.05.2027'),
              step('jury', 'Bewertung durch die Jury', 'inReview', '2027-07-15', '/dokumentationsbogen', 'Jurysitzung am 15.07.2027'),
              step(
                'award',
                'Auszeichnungsveranstaltung',
                'booked',
                null,
                '/auszeichnungsverantaltung',
                'Gebucht: Auszeichnung Nord, Di., 12.10.2027, 10:00 Uhr',
              ),
            ],
          }),
        ),
      ],
    });
    const list = await screen.findByRole('list', { name: 'Eure Schritte im KiTa-Jahr 2026/27' });
    const items = within(list).getAllByRole('listitem');
    const paths = ['/fortbildungen', '/hospitationen', '/dokumentationsbogen', '/dokumentationsbogen', '/auszeichnungsverantaltung'];
    items.slice(2).forEach((item, i) => expect(within(item).getByRole('link')).toHaveAttribute('href', paths[i]));
    expect(items[2]).toHaveTextContent('Gebucht: Mi., 10.02.2027, 09:00 Uhr');
    expect(items[2]).toHaveTextContent('Gebucht');
    expect(items[2]).not.toHaveTextContent('Termin folgt');
    expect(items[3]).toHaveTextContent('Warteliste');
    expect(items[4]).toHaveTextContent('Erledigt');
    expect(items[4]).not.toHaveTextContent('Jetzt möglich');
    expect(items[5]).toHaveTextContent('Bei der Jury');
    expect(items[6]).toHaveTextContent('Auszeichnung Nord');
  });

  it('admins land on their work list instead (issue 34), the areas one link away', async () => {
    await renderRoute('/', { user: users.admin() });
    expect(await screen.findByRole('heading', { level: 2, name: 'Was ansteht' })).toBeInTheDocument();
    expect(await screen.findByRole('region', { name: 'Wartelisten' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Alle Bereiche der Verwaltung' })).toHaveAttribute('href', '/verwaltung');
  });
});
