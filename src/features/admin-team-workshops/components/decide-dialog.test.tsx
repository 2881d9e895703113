import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TeamWorkshopApplication, TeamWorkshopDetail, TeamWorkshopListItem } from '../../../shared/contracts/team-workshops';
import { users } from '../../../testing/factories/users';
import { renderRoute } from '../../../testing/render';

const application: TeamWorkshopApplication = {
  id: 9,
  facilityId: 11,
  seasonId: 2,
  seasonLabel: 'KiTa-Jahr 2026/27',
  preferredDates: ['2099-03-15'],
  participantCount: 12,
  topicWishes: 'Wasser',
  address: null,
  remarks: 'Bitte vormittags.',
  state: 'submitted',
  scheduledAt: null,
  decisionComment: '',
  decidedAt: null,
  createdAt: '2026-11-20T09:00:00Z',
  createdBy: { id: 3, name: 'Erika Muster' },
  updatedAt: '2026-11-20T09:00:00Z',
  updatedBy: null,
  withdrawnAt: null,
  version: 4,
};
const facility = {
  id: 11,
  label: 'Kinderhaus Pegnitzwiese',
  street: 'Wöhrder Hauptstraße 20',
  postalCode: '90489',
  city: 'Nürnberg',
  region: 'Mittelfranken',
};
const row: TeamWorkshopListItem = {
  id: 9,
  seasonId: 2,
  seasonLabel: 'KiTa-Jahr 2026/27',
  preferredDates: ['2099-03-15'],
  participantCount: 12,
  state: 'submitted',
  scheduledAt: null,
  createdAt: '2026-11-20T09:00:00Z',
  version: 4,
  facility: { id: 11, label: facility.label, city: facility.city, region: facility.region },
};

describe('/verwaltung/team-workshops', () => {
  it('lists the applications; the dialog shows one and declines it only with a comment, sending the version read', async () => {
    let sent: Record<string, unknown> | null = null;
    const declined: TeamWorkshopDetail = {
      application: { ...application, state: 'declined', decisionComment: 'Leider voll.', version: 5 },
      facility,
      history: [],
    };
    const { user } = await renderRoute('/verwaltung/team-workshops', {
      user: users.admin(),
      handlers: [
        http.get('*/api/admin/team-workshop-applications', () =>
          HttpResponse.json({ items: [sent ? { ...row, state: 'declined' } : row], total: 1, page: 1, pageSize: 25 }),
        ),
        http.get('*/api/admin/team-workshop-applications/9', () => HttpResponse.json(sent ? declined : { application, facility, history: [] })),
        http.post('*/api/admin/team-workshop-applications/9/decision', async ({ request }) => {
          sent = (await request.json()) as Record<string, unknown>;
          return HttpResponse.json(declined);
        }),
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Team-Workshops' })).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Anträge auf einen Team-Workshop' });
    expect(within(table).getByRole('cell', { name: 'eingereicht' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Als CSV (Excel) exportieren' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/api\/admin\/team-workshop-applications\/export\.csv/),
    );

    // WCAG 2.5.3: the button is named by what it shows (a string name matches exactly); the row's KiTa and KiTa-Jahr describe it
    const decide = within(table).getByRole('button', { name: 'Entscheiden' });
    expect(decide).toHaveAccessibleDescription('Kinderhaus Pegnitzwiese KiTa-Jahr 2026/27');
    await user.click(decide);
    const dialog = await screen.findByRole('dialog', { name: 'Team-Workshop: Kinderhaus Pegnitzwiese' });
    expect(within(dialog).getByText('Wöhrder Hauptstraße 20, 90489 Nürnberg')).toBeInTheDocument();
    expect(within(dialog).getByText('Bitte vormittags.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Ablehnen' }));
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    expect(await within(dialog).findByText('Bitte begründe die Ablehnung; die KiTa liest den Kommentar.')).toBeInTheDocument();
    expect(sent).toBeNull();

    await user.type(within(dialog).getByRole('textbox', { name: /Kommentar für die KiTa/ }), 'Leider voll.');
    await user.click(within(dialog).getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(sent).toEqual({ decision: 'decline', comment: 'Leider voll.', version: 4 }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await within(table).findByRole('cell', { name: 'abgelehnt' })).toBeInTheDocument();
  });
});
