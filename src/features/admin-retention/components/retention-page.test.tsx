import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { retentionRules } from '../../../shared/contracts/retention';
import { users } from '../../../testing/factories/users';
import { renderRoute } from '../../../testing/render';
import { periodText } from './retention-page';

const overview = {
  rules: retentionRules.map((r) => ({
    key: r.key,
    label: r.label,
    what: r.what,
    after: r.after,
    periodDays: r.days,
    dueNext30Days: r.key === 'sent-mails' ? 12 : 0,
    ...(r.key === 'inactive-accounts' ? { warnNext30Days: 3 } : {}),
  })),
  lastRun: {
    startedAt: '2026-11-28T02:05:00.000Z',
    finishedAt: '2026-11-28T02:05:09.000Z',
    trigger: 'job',
    failed: false,
    removed: { 'sent-mails': 40 },
  },
  running: false,
};

describe('/verwaltung/datenpflege/aufbewahrung (issue 38)', () => {
  it('shows each rule with its period and what is due, the last run as counts, and runs only after the confirm', async () => {
    let runs = 0;
    const handlers = [
      http.get('*/api/admin/retention/overview', () => HttpResponse.json(overview)),
      http.post('*/api/admin/retention/run', () => {
        runs += 1;
        return HttpResponse.json({ rules: retentionRules.map((r) => ({ key: r.key, removed: r.key === 'sent-mails' ? 12 : 0 })) });
      }),
    ];
    const { user } = await renderRoute('/verwaltung/datenpflege/aufbewahrung', { user: users.admin(), handlers });
    expect(await screen.findByRole('heading', { name: 'Aufbewahrung und Löschung', level: 1 })).toBeInTheDocument();
    const rules = screen.getByRole('table', { name: 'Regeln, Fristen und was in den nächsten 30 Tagen fällig wird' });
    const mails = within(rules).getByRole('row', { name: /Versendete E-Mails/ });
    expect(within(mails).getByText('90 Tage')).toBeInTheDocument();
    expect(within(mails).getByText('12')).toBeInTheDocument();
    expect(within(rules).getByText('0 (dazu 3 Warnungen per E-Mail)')).toBeInTheDocument();
    expect(screen.getByText('28.11.2026, 03:05 Uhr (nächtlicher Lauf)')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Jetzt ausführen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Löschung jetzt ausführen?' });
    expect(runs).toBe(0);
    await user.click(within(dialog).getByRole('button', { name: 'Ja, jetzt ausführen' }));
    expect(await screen.findByText('Die Löschung ist gelaufen: 12 Einträge gelöscht oder geleert.')).toBeInTheDocument();
    await waitFor(() => expect(runs).toBe(1));
  });

  it('says periods in words', () => {
    expect([periodText(30), periodText(365), periodText(1096), periodText(1)]).toEqual([
      '30 Tage',
      '1 Jahr (365 Tage)',
      '3 Jahre (1096 Tage)',
      '1 Tag',
    ]);
  });
});
