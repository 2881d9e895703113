import { screen, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { SeasonReport } from '../../../shared/contracts/season-report';
import { importedSeasonReport, seasonReport } from '../../../testing/factories/season-report';
import { users } from '../../../testing/factories/users';
import { renderRoute, waitForPath } from '../../../testing/render';

const choices = [
  { id: 2, identifier: '2026-27', label: 'KiTa-Jahr 2026/27', isCurrent: true },
  { id: 1, identifier: '2024-25', label: 'KiTa-Jahr 2024/25', isCurrent: false },
];

function handlers(reports: Record<string, SeasonReport>) {
  return [
    http.get('*/api/admin/seasons/choices', () => HttpResponse.json({ items: choices })),
    http.get('*/api/admin/season-report/:season', ({ params }) => HttpResponse.json(reports[String(params.season)])),
  ];
}

const section = (name: string) => screen.getByRole('region', { name });
/** a table's rows as the cells' texts */
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((r) => [...r.querySelectorAll('th, td')].map((c) => c.textContent));

describe('season report page (issue 22)', () => {
  it('given a season, each section shows its chart and a table of the same numbers under it', async () => {
    await renderRoute('/verwaltung/auswertung?season=2026-27', { user: users.admin(), handlers: handlers({ '2026-27': seasonReport() }) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Auswertung KiTa-Jahr 2026/27' })).toBeInTheDocument();

    const funnel = section('Von der Anmeldung zur Auszeichnung');
    const table = within(funnel).getByRole('table', { name: 'KiTas im KiTa-Jahr 2026/27 nach Regierungsbezirk' });
    const rows = rowsOf(table);
    expect(rows[0]).toEqual(['Regierungsbezirk', 'angemeldet', 'Dokumentation eingereicht', 'genehmigt', 'ausgezeichnet']);
    expect(rows).toContainEqual(['Oberbayern', '12', '9', '7', '7']);
    expect(rows.at(-1)).toEqual(['Summe', '15', '10', '7', '8']);
    // the chart (loaded on its own) names the table that carries its numbers
    expect(await within(funnel).findByRole('img', { name: /Diagramm zu „KiTas im KiTa-Jahr 2026\/27 nach Regierungsbezirk“/ })).toBeInTheDocument();

    const kinds = within(section('Teilnehmende KiTas')).getByRole('table', { name: 'Angemeldete KiTas im KiTa-Jahr 2026/27 nach Art und Trägerart' });
    expect(rowsOf(kinds)[0]).toEqual(['Art', 'kommunal', 'kirchlich', 'frei gemeinnützig', 'privat', 'sonstige', 'Summe']);
    expect(rowsOf(kinds)).toContainEqual(['Kindergarten', '10', '0', '0', '0', '0', '10']);
    expect(rowsOf(within(section('Teilnehmende KiTas')).getByRole('table', { name: 'Neu oder wieder dabei im KiTa-Jahr 2026/27' }))).toEqual([
      ['KiTas', 'Anzahl'],
      ['neu dabei', '4'],
      ['wieder dabei', '11'],
      ['davon früher ausgezeichnet', '6'],
      ['angemeldet', '15'],
    ]);
    // thousands separated the German way; a region whose KiTas gave no number reads "keine Daten"
    const reach = rowsOf(within(section('Erreichte Kinder und Mitarbeitende')).getByRole('table'));
    expect(reach).toContainEqual(['Oberbayern', '12', '1.234', '1', '150', '0']);
    expect(reach).toContainEqual(['Schwaben', '3', 'keine Daten', '3', '20', '1']);
    expect(rowsOf(within(section('Fortbildungen und Hospitationen')).getByRole('table', { name: /Hospitationen/ }))).toContainEqual([
      'ohne Regierungsbezirk',
      '2',
      '0',
      '0',
      '6',
      '5',
      '0',
      '0',
    ]);
    expect(rowsOf(within(section('Auszeichnungsveranstaltungen')).getByRole('table'))[1]).toEqual([
      'Auszeichnung Süd',
      '03.07.2027',
      '2',
      '40',
      '31',
      '0',
      '2',
      '9',
    ]);
    expect(rowsOf(within(section('Im Vergleich mit früheren KiTa-Jahren')).getByRole('table'))).toEqual([
      ['KiTa-Jahr', 'Quelle', 'angemeldet', 'Dokumentation eingereicht', 'genehmigt', 'ausgezeichnet', 'Kinder'],
      ['KiTa-Jahr 2024/25', 'importiert', '8', 'keine Daten', 'keine Daten', '5', 'keine Daten'],
      ['KiTa-Jahr 2025/26', 'keine Daten', 'keine Daten', 'keine Daten', 'keine Daten', 'keine Daten', 'keine Daten'],
      ['KiTa-Jahr 2026/27', 'Portal', '15', '10', '7', '8', '1.234'],
    ]);
  });

  it('given the actions, the XLSX is a download of this season and "Drucken" opens the print dialog', async () => {
    const { user } = await renderRoute('/verwaltung/auswertung?season=2026-27', {
      user: users.admin(),
      handlers: handlers({ '2026-27': seasonReport() }),
    });
    expect(await screen.findByRole('link', { name: 'Als Excel (XLSX) exportieren' })).toHaveAttribute(
      'href',
      '/api/admin/season-report/2026-27/export.xlsx',
    );
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    await user.click(screen.getByRole('button', { name: 'Drucken' }));
    expect(print).toHaveBeenCalledOnce();
    print.mockRestore();
  });

  it('given the season switch, another season opens at its own address; a season before the portal reads "keine Daten"', async () => {
    const { user, router } = await renderRoute('/verwaltung/auswertung', {
      user: users.admin(),
      handlers: handlers({ '2026-27': seasonReport(), '2024-25': importedSeasonReport() }),
    });
    // without a season in the address: the current one
    expect(await screen.findByRole('heading', { level: 1, name: 'Auswertung KiTa-Jahr 2026/27' })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('KiTa-Jahr'), '2024-25');
    await waitForPath(router, '/verwaltung/auswertung');
    expect(await screen.findByRole('heading', { level: 1, name: 'Auswertung KiTa-Jahr 2024/25' })).toBeInTheDocument();
    expect(router.state.location.search).toEqual({ season: '2024-25' });
    expect(
      within(section('Von der Anmeldung zur Auszeichnung')).getByText('keine Daten: Für das KiTa-Jahr 2024/25 gibt es im Portal keine Daten.'),
    ).toBeInTheDocument();
    expect(within(section('Von der Anmeldung zur Auszeichnung')).queryByRole('table')).not.toBeInTheDocument();
    expect(within(section('Im Vergleich mit früheren KiTa-Jahren')).getByRole('table')).toBeInTheDocument();
  });

  it('given a slow answer for the next season, the page stays with the previous figures, says it is loading and the switch keeps focus', async () => {
    let answer: (() => void) | undefined;
    const slow = new Promise<void>((resolve) => (answer = resolve));
    const { user } = await renderRoute('/verwaltung/auswertung', {
      user: users.admin(),
      handlers: [
        http.get('*/api/admin/season-report/2024-25', async () => {
          await slow;
          return HttpResponse.json(importedSeasonReport());
        }),
        ...handlers({ '2026-27': seasonReport() }),
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Auswertung KiTa-Jahr 2026/27' })).toBeInTheDocument();
    const seasonSwitch = screen.getByLabelText('KiTa-Jahr');
    await user.selectOptions(seasonSwitch, '2024-25');
    expect(await screen.findByRole('status')).toHaveTextContent('Die Auswertung für das KiTa-Jahr 2024/25 wird geladen …');
    // the previous season's figures stay (no loading page in their place), and so does the focus
    expect(screen.getByRole('heading', { level: 1, name: 'Auswertung KiTa-Jahr 2026/27' })).toBeInTheDocument();
    expect(section('Von der Anmeldung zur Auszeichnung')).toBeInTheDocument();
    expect(seasonSwitch).toHaveFocus();
    answer!();
    expect(await screen.findByRole('heading', { level: 1, name: 'Auswertung KiTa-Jahr 2024/25' })).toBeInTheDocument();
    expect(screen.queryByText(/wird geladen/)).not.toBeInTheDocument();
    expect(screen.getByLabelText('KiTa-Jahr')).toHaveFocus();
  });

  it('given a season that does not exist, the page says so', async () => {
    await renderRoute('/verwaltung/auswertung?season=2030-31', { user: users.admin(), handlers: handlers({}) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Seite nicht gefunden' })).toBeInTheDocument();
    // inside the portal's frame: the navigation stays
    expect(screen.getByRole('navigation', { name: 'Hauptnavigation' })).toBeInTheDocument();
  });
});
