import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AdminWorkList } from '../../../shared/contracts/admin-home';
import { users } from '../../../testing/factories/users';
import { emptyWorkList } from '../../../testing/handlers/admin';
import { renderRoute } from '../../../testing/render';

const busy: AdminWorkList = {
  currentSeason: { id: 2, identifier: '2026-27', label: 'KiTa-Jahr 2026/27' },
  joinRequests: 3,
  documentation: { submitted: 2, juryReviews: 1, juryMembers: 2 },
  teamWorkshopsToDecide: 1,
  datesWithWaitlist: { training: 1, hospitation: 2, awarding: 0 },
  datesSoonWithFreeSeats: { training: 0, hospitation: 0, awarding: 1 },
  failedMails: 4,
  activeCampaign: { lastRun: { id: 7, state: 'failed', startedAt: '2026-11-25T22:00:00Z', finishedAt: '2026-11-25T22:03:00Z' } },
  deadlines: [{ seasonIdentifier: '2026-27', seasonLabel: 'KiTa-Jahr 2026/27', kind: 'documentationDeadline', date: '2026-12-03' }],
};

const section = (name: string) => screen.getByRole('region', { name });

describe('admin home work list (issue 22)', () => {
  it('given work to do, each count links to its list with the filter set; the areas stay below', async () => {
    await renderRoute('/verwaltung', { user: users.admin(), handlers: [http.get('*/api/admin/work-list', () => HttpResponse.json(busy))] });
    expect(await screen.findByRole('link', { name: '3 offene Beitrittsanfragen' })).toHaveAttribute('href', '/verwaltung/kitas');
    expect(screen.getByRole('link', { name: '2 eingereichte Bögen warten auf die Entscheidung' })).toHaveAttribute(
      'href',
      '/verwaltung/dokuboegen/2026-27?state=submitted',
    );
    expect(within(section('Dokumentationsbögen')).getByText('Jury: 1 von 4 Bewertungen abgegeben (2 Jurymitglieder)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '1 Antrag zu entscheiden' })).toHaveAttribute(
      'href',
      '/verwaltung/team-workshops?state=submitted&seasonId=2',
    );
    expect(within(section('Wartelisten')).getByRole('link', { name: '1 Fortbildungstermin mit Warteliste' })).toHaveAttribute(
      'href',
      '/verwaltung/fortbildungen?needs=waitlist',
    );
    expect(within(section('Wartelisten')).getByRole('link', { name: '2 Hospitationen mit Warteliste' })).toHaveAttribute(
      'href',
      '/verwaltung/hospitationen?needs=waitlist',
    );
    expect(
      within(section('Freie Plätze in den nächsten 14 Tagen')).getByRole('link', { name: '1 Auszeichnungstermin mit freien Plätzen' }),
    ).toHaveAttribute('href', '/verwaltung/auszeichnungsverantaltungen/workshops?needs=freeSeatsSoon');
    expect(within(section('E-Mails')).getByText('4 E-Mails konnten in den letzten 24 Stunden nicht zugestellt werden')).toBeInTheDocument();
    expect(within(section('ActiveCampaign')).getByRole('link', { name: 'Letzter Abgleich am 25.11.2026, 23:03 Uhr fehlgeschlagen' })).toHaveAttribute(
      'href',
      '/verwaltung/active-campaign-integration',
    );
    expect(screen.getByRole('link', { name: '03.12.2026: Abgabe Dokumentationsbögen' })).toHaveAttribute('href', '/verwaltung/kita-jahre');
    expect(screen.getByRole('link', { name: 'KiTa-Jahre' })).toHaveAttribute('href', '/verwaltung/kita-jahre');
  });

  it('given nothing to do, every section reads calmly without links', async () => {
    await renderRoute('/verwaltung', {
      user: users.admin(),
      handlers: [http.get('*/api/admin/work-list', () => HttpResponse.json(emptyWorkList()))],
    });
    expect(await screen.findByText('Keine offenen Beitrittsanfragen')).toBeInTheDocument();
    expect(screen.getByText('Es gibt gerade kein aktuelles KiTa-Jahr.')).toBeInTheDocument();
    expect(screen.getByText('Keine Team-Workshop-Anträge zu entscheiden')).toBeInTheDocument();
    expect(screen.getByText('Keine Termine mit Warteliste')).toBeInTheDocument();
    expect(screen.getByText('Keine bald beginnenden Termine mit freien Plätzen')).toBeInTheDocument();
    expect(screen.getByText('Keine fehlgeschlagenen E-Mails in den letzten 24 Stunden')).toBeInTheDocument();
    expect(screen.getByText('Keine Fristen in den nächsten 30 Tagen')).toBeInTheDocument();
    expect(within(section('Beitrittsanfragen')).queryByRole('link')).toBeNull();
    // no ActiveCampaign connection: no section that would point at a sync nobody set up
    expect(screen.queryByRole('region', { name: 'ActiveCampaign' })).toBeNull();
  });

  it('given the counts fail to load, the areas stay usable', async () => {
    await renderRoute('/verwaltung', {
      user: users.admin(),
      handlers: [http.get('*/api/admin/work-list', () => HttpResponse.json({ reason: { message: 'Fehler', code: 'internal' } }, { status: 500 }))],
    });
    expect(await screen.findByText('Arbeitsliste nicht geladen')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'KiTa-Jahre' })).toHaveAttribute('href', '/verwaltung/kita-jahre');
  });
});
