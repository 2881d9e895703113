import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { TeamWorkshopApplication, TeamWorkshopStatus } from '../../../shared/contracts/team-workshops';
import { users } from '../../../testing/factories/users';
import { renderRoute } from '../../../testing/render';

const url = '*/api/facilities/11/team-workshop-applications';
const season = { id: 2, label: 'KiTa-Jahr 2026/27', deadline: '2099-01-31' };
const status = (application: TeamWorkshopApplication | null, overrides: Partial<TeamWorkshopStatus> = {}): TeamWorkshopStatus => ({
  season,
  application,
  canChange: true,
  message: null,
  ...overrides,
});
const application = (overrides: Partial<TeamWorkshopApplication> = {}): TeamWorkshopApplication => ({
  id: 5,
  facilityId: 11,
  seasonId: 2,
  seasonLabel: 'KiTa-Jahr 2026/27',
  preferredDates: ['2099-03-15', '2099-04-02'],
  participantCount: 12,
  topicWishes: 'Wasser',
  address: null,
  remarks: '',
  state: 'submitted',
  scheduledAt: null,
  decisionComment: '',
  decidedAt: null,
  createdAt: '2026-11-20T09:00:00Z',
  createdBy: { id: 3, name: 'Erika Muster' },
  updatedAt: '2026-11-20T09:00:00Z',
  updatedBy: { id: 3, name: 'Erika Muster' },
  withdrawnAt: null,
  version: 1,
  ...overrides,
});

describe('/team-workshop-application', () => {
  it('given an empty form, says in German what is missing; a filled form submits and shows "eingereicht"', async () => {
    let sent: Record<string, unknown> | null = null;
    const { user } = await renderRoute('/team-workshop-application', {
      user: users.oneEnrolled(),
      handlers: [
        http.get(url, () => HttpResponse.json(status(null))),
        http.post(url, async ({ request }) => {
          sent = (await request.json()) as Record<string, unknown>;
          return HttpResponse.json(application({ address: { street: 'Am Bach 2', postalCode: '90402', city: 'Nürnberg' } }), { status: 201 });
        }),
      ],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Team-Workshop' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Team-Workshop beantragen' }));
    expect(await screen.findByText('Bitte gib mindestens einen Wunschtermin an.')).toBeInTheDocument();
    expect(screen.getByText('Bitte gib die Zahl der Teilnehmenden an.')).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: '1. Wunschtermin' }), '15.03.2099');
    await user.type(screen.getByRole('textbox', { name: '2. Wunschtermin (optional)' }), '02.04.2099');
    await user.type(screen.getByRole('textbox', { name: 'Zahl der Teilnehmenden' }), '12');
    await user.type(screen.getByRole('textbox', { name: 'Themenwünsche' }), 'Wasser');
    await user.click(screen.getByRole('checkbox', { name: /Adresse abweichend/ }));
    await user.type(screen.getByRole('textbox', { name: 'Straße und Hausnummer' }), 'Am Bach 2');
    await user.type(screen.getByRole('textbox', { name: 'Postleitzahl' }), '904');
    await user.type(screen.getByRole('textbox', { name: 'Ort' }), 'Nürnberg');
    await user.click(screen.getByRole('button', { name: 'Team-Workshop beantragen' }));
    expect(await screen.findByText('Die Postleitzahl hat genau 5 Ziffern.')).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Postleitzahl' }), '02');
    await user.click(screen.getByRole('button', { name: 'Team-Workshop beantragen' }));

    expect(await screen.findByText('Am Bach 2, 90402 Nürnberg')).toBeInTheDocument();
    expect(sent).toEqual({
      preferredDates: ['2099-03-15', '2099-04-02'],
      participantCount: 12,
      topicWishes: 'Wasser',
      addressDiffers: true,
      street: 'Am Bach 2',
      postalCode: '90402',
      city: 'Nürnberg',
      remarks: '',
    });
    expect(screen.getAllByText('eingereicht').length).toBeGreaterThan(0);
    expect(screen.getByText('15.03.2099, 02.04.2099')).toBeInTheDocument();
  });

  it('given a scheduled application, shows "terminiert am" with date and time and offers no change', async () => {
    await renderRoute('/team-workshop-application', {
      user: users.oneEnrolled(),
      handlers: [
        http.get(url, () =>
          HttpResponse.json(
            status(application({ state: 'scheduled', scheduledAt: '2099-03-15T08:30:00Z', decisionComment: 'Bis bald!' }), {
              canChange: false,
              message: 'Über euren Antrag ist schon entschieden (terminiert); ändern oder zurückziehen geht nicht mehr. Schreib uns bei Fragen.',
            }),
          ),
        ),
      ],
    });
    expect((await screen.findAllByText('terminiert am 15.03.2099, 09:30 Uhr')).length).toBeGreaterThan(0);
    expect(screen.getByText('Bis bald!')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zurückziehen' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Antrag ändern' })).not.toBeInTheDocument();
  });

  it('given a declined application, shows "abgelehnt" with the reason', async () => {
    await renderRoute('/team-workshop-application', {
      user: users.oneEnrolled(),
      handlers: [
        http.get(url, () =>
          HttpResponse.json(
            status(application({ state: 'declined', decisionComment: 'Leider ausgebucht.' }), { canChange: false, message: 'Entschieden.' }),
          ),
        ),
      ],
    });
    expect((await screen.findAllByText('abgelehnt')).length).toBeGreaterThan(0);
    expect(screen.getByText('Begründung')).toBeInTheDocument();
    expect(screen.getByText('Leider ausgebucht.')).toBeInTheDocument();
  });

  it('given a submitted application, "Zurückziehen" asks first and then withdraws with the version read', async () => {
    let version: string | null = null;
    const { user } = await renderRoute('/team-workshop-application', {
      user: users.oneEnrolled(),
      handlers: [
        http.get(url, () => HttpResponse.json(status(application({ version: 3 })))),
        http.delete(url, ({ request }) => {
          version = new URL(request.url).searchParams.get('version');
          return HttpResponse.json(status(null));
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Zurückziehen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Antrag zurückziehen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ja, zurückziehen' }));
    await waitFor(() => expect(version).toBe('3'));
    expect(await screen.findByRole('button', { name: 'Team-Workshop beantragen' })).toBeInTheDocument();
    expect(screen.getByText('noch nicht beantragt')).toBeInTheDocument();
  });
});
