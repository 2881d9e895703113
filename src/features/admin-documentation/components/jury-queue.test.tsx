import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { JuryQueueItem } from '../../../shared/contracts/admin-documentation';
import { users } from '../../../testing/factories/users';
import { documentationHandlers } from '../../../testing/handlers/admin-documentation';
import { renderRoute } from '../../../testing/render';

const item = (facilityId: number, facilityLabel: string, overrides: Partial<JuryQueueItem> = {}): JuryQueueItem => ({
  facilityId,
  facilityLabel,
  city: 'Regensburg',
  state: 'submitted',
  submittedAt: '2027-05-20T12:32:00Z',
  reviewedAt: null,
  ownTotal: null,
  ...overrides,
});

// Issue 19: a jury member lands on the start page, and it is the jury's queue.
describe('the jury start page', { timeout: 90_000 }, () => {
  it('lists the forms waiting for my review and the ones I reviewed, each a link to the form', async () => {
    const { handlers } = documentationHandlers({
      queue: {
        seasonIdentifier: '2026-27',
        seasonLabel: 'KiTa-Jahr 2026/27',
        waiting: { items: [item(12, 'Kinderkrippe Zwergerlstube'), item(14, 'Kita Naabtal-Spatzen')], total: 23 },
        done: { items: [item(11, 'Waldkindergarten Isarauen', { reviewedAt: '2027-05-22T10:00:00Z', ownTotal: 3.6 })], total: 1 },
      },
    });
    await renderRoute('/', { user: users.jury(), handlers });
    const queue = await screen.findByRole('region', { name: 'Deine Bewertungen · KiTa-Jahr 2026/27' });
    const waiting = within(queue).getByRole('region', { name: 'Warten auf deine Bewertung (23)' });
    expect(within(waiting).getByRole('link', { name: 'Kinderkrippe Zwergerlstube' })).toHaveAttribute('href', '/verwaltung/dokuboegen/2026-27/12');
    expect(within(waiting).getAllByText(/Regensburg · eingereicht am 20\.05\.2027/, { selector: 'span' })).toHaveLength(2);
    // more than shown: the list, filtered
    expect(within(waiting).getByRole('link', { name: 'Alle 23 Bögen ohne deine Bewertung in der Liste' })).toHaveAttribute(
      'href',
      '/verwaltung/dokuboegen/2026-27?state=submitted&reviewedByMe=no',
    );
    const done = within(queue).getByRole('region', { name: 'Erledigt (1)' });
    expect(within(done).getByRole('link', { name: 'Waldkindergarten Isarauen' })).toHaveAttribute('href', '/verwaltung/dokuboegen/2026-27/11');
    expect(within(done).getByText(/deine Punkte: 3,6 · eingereicht/)).toBeInTheDocument();
    expect(within(queue).getByRole('link', { name: 'Zu allen Dokumentationsbögen' })).toHaveAttribute('href', '/verwaltung/dokuboegen/2026-27');
  });

  it('says when nothing waits and nothing is done yet', async () => {
    const { handlers } = documentationHandlers({
      queue: { seasonIdentifier: '2026-27', seasonLabel: 'KiTa-Jahr 2026/27', waiting: { items: [], total: 0 }, done: { items: [], total: 0 } },
    });
    await renderRoute('/', { user: users.jury(), handlers });
    expect(await screen.findByText('Alle eingereichten Bögen hast du bewertet.')).toBeInTheDocument();
    expect(screen.getByText('Du hast in diesem KiTa-Jahr noch keinen Bogen bewertet.')).toBeInTheDocument();
  });
});
