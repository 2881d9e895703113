import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { docRow } from '../../../testing/factories/admin-documentation';
import { users } from '../../../testing/factories/users';
import { documentationHandlers } from '../../../testing/handlers/admin-documentation';
import { renderRoute, waitForPath } from '../../../testing/render';

describe('/verwaltung/dokuboegen', () => {
  it('goes to the current season of the login status', async () => {
    const { handlers } = documentationHandlers({ rows: [] });
    const { router } = await renderRoute('/verwaltung/dokuboegen', { user: users.admin(), handlers });
    await waitForPath(router, '/verwaltung/dokuboegen/2026-27');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dokumentationsbögen 2026/27' })).toBeInTheDocument();
  });

  it('lists the forms with state, reviews and the average, "–" where it is hidden, and offers the exports', async () => {
    const { handlers } = documentationHandlers({
      rows: [
        docRow(11, 'Kinderhaus Pegnitzwiese', { averageScore: null, reviewedByMe: false }),
        docRow(12, 'KiTa Regenbogen', { state: 'approved', averageScore: 3.4, reviewCount: 5, reviewedByMe: true }),
        docRow(13, 'Hort Kleine Strolche', { state: 'not_started', submittedAt: null, reviewCount: 0 }),
      ],
    });
    // an admin who also sits on the jury sees everything of both roles
    const { user } = await renderRoute('/verwaltung/dokuboegen/2026-27', { user: { ...users.admin(), isJury: true }, handlers });
    const table = await screen.findByRole('table', { name: 'Dokumentationsbögen des KiTa-Jahres 2026/27' });
    const [, first, second, third] = within(table).getAllByRole('row');
    expect(within(first!).getByRole('link', { name: 'Kinderhaus Pegnitzwiese' })).toHaveAttribute('href', '/verwaltung/dokuboegen/2026-27/11');
    expect(within(first!).getByRole('cell', { name: 'eingereicht' })).toBeInTheDocument();
    expect(within(first!).getByRole('cell', { name: '2 von 5' })).toBeInTheDocument();
    expect(within(first!).getByRole('cell', { name: '–' })).toBeInTheDocument();
    expect(within(first!).getByRole('cell', { name: 'nein' })).toBeInTheDocument();
    expect(within(second!).getByRole('cell', { name: '3,4' })).toBeInTheDocument();
    expect(within(second!).getByRole('cell', { name: 'angenommen' })).toBeInTheDocument();
    // a KiTa that has not started has no form to open
    expect(within(third!).queryByRole('link')).not.toBeInTheDocument();
    expect(within(third!).getByRole('cell', { name: 'nicht begonnen' })).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Vorlage bearbeiten' })).toHaveAttribute('href', '/verwaltung/dokuboegen/2026-27/vorlage');
    // issue 19: the five downloads are one "Exportieren …" menu, opened by keyboard
    expect(screen.queryByRole('link', { name: 'Als CSV (Excel) exportieren' })).not.toBeInTheDocument();
    const exportButton = screen.getByRole('button', { name: 'Exportieren …' });
    exportButton.focus();
    await user.keyboard('{Enter}');
    const menu = await screen.findByRole('menu');
    const item = (name: string) => within(menu).getByRole('menuitem', { name });
    expect(item('Liste als CSV (Excel)')).toHaveAttribute('href', expect.stringMatching(/^\/api\/admin\/documentation\/2026-27\/export\.csv/));
    expect(item('Liste als Excel (XLSX)')).toHaveAttribute('href', expect.stringMatching(/^\/api\/admin\/documentation\/2026-27\/export\.xlsx/));
    expect(item('Antworten als Excel (XLSX)')).toHaveAttribute('href', '/api/admin/documentation/2026-27/answers.xlsx');
    expect(item('Antworten als CSV (Excel)')).toHaveAttribute('href', '/api/admin/documentation/2026-27/answers.csv');
    expect(item('Alle eingereichten Bögen als ZIP (PDF)')).toHaveAttribute('href', '/api/admin/documentation/2026-27/forms.zip');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
    expect(exportButton).toHaveFocus();
    expect(screen.getByRole('combobox', { name: 'Von mir bewertet' })).toBeInTheDocument();
  });

  it('shows an admin outside the jury no "von mir bewertet" (only jury members review)', async () => {
    const { handlers } = documentationHandlers({ rows: [docRow(11, 'Kinderhaus Pegnitzwiese')] });
    await renderRoute('/verwaltung/dokuboegen/2026-27', { user: users.admin(), handlers });
    const table = await screen.findByRole('table', { name: 'Dokumentationsbögen des KiTa-Jahres 2026/27' });
    expect(within(table).queryByRole('columnheader', { name: /Von mir bewertet/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Von mir bewertet' })).not.toBeInTheDocument();
  });

  it('gives the jury the season switch too, and switching opens that season', async () => {
    const { handlers } = documentationHandlers({ rows: [docRow(11, 'Kinderhaus Pegnitzwiese')] });
    const { user, router } = await renderRoute('/verwaltung/dokuboegen/2026-27', { user: users.jury(), handlers });
    const season = await screen.findByRole('combobox', { name: 'KiTa-Jahr' });
    expect(season).toHaveValue('2026-27');
    await user.selectOptions(season, '2025-26');
    await waitForPath(router, '/verwaltung/dokuboegen/2025-26');
    expect(await screen.findByRole('heading', { level: 1, name: 'Dokumentationsbögen 2025/26' })).toBeInTheDocument();
  });
});
