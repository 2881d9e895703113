import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { facility, loggedIn, users } from '../../../testing/factories/users';
import { TEST_PASSWORD } from '../../../testing/handlers/session';
import { renderRoute, waitForPath } from '../../../testing/render';
import type { LoginStatusResponse } from '../../../shared/contracts/auth';
import { readInvitationToken } from '../invitation-token';

/**
 * The registration page's privacy policy, and the redemption: it records the body and logs `person` in as a member of
 * KiTa 12 (set `session` once renderRoute has returned it).
 */
function invitation(person: ReturnType<typeof users.noFacility>) {
  const state: { redeemed: unknown; session: { status: LoginStatusResponse } | null } = { redeemed: null, session: null };
  const handlers = [
    http.get('*/api/privacy-policy', () => HttpResponse.json({ version: '2026-01', publishedAt: '2026-01-01T00:00:00.000Z' })),
    http.post('*/api/me/person-invitations', async ({ request }) => {
      state.redeemed = await request.json();
      if (state.session) state.session.status = loggedIn({ ...person, facilities: { '12': facility(12, 'KiTa Regenbogen', false) } });
      return HttpResponse.json({ facilityId: 12, facilityLabel: 'KiTa Regenbogen', personId: 501 });
    }),
  ];
  return { state, handlers };
}

describe('staff invitation link', () => {
  it('is kept from /registrieren?einladung=… and redeemed after login; the KiTa becomes active without a reload', async () => {
    const token = 'invitation-token-1234';
    const olga = users.noFacility();
    const invite = invitation(olga);
    const { user, router, session, auth } = await renderRoute(`/registrieren?einladung=${token}`, { handlers: invite.handlers });
    invite.state.session = session;
    expect(readInvitationToken()).toBe(token);

    // later: the person logs in with the account the link made them register
    await router.navigate({ to: '/login' });
    await waitForPath(router, '/login');
    await user.type(screen.getByLabelText('E-Mail'), olga.email);
    await user.type(screen.getByLabelText('Passwort'), TEST_PASSWORD);
    await user.click(screen.getByRole('button', { name: 'Anmelden' }));

    await waitFor(() => expect(invite.state.redeemed).toEqual({ token }));
    await waitFor(() => expect(auth.getState().activeFacilityId).toBe(12));
    expect(await screen.findByText('Einladung angenommen')).toBeInTheDocument();
    expect(readInvitationToken()).toBeNull();
  });
  it('is redeemed when a logged-in person opens the link: the layout was there before the page kept the token', async () => {
    const token = 'invitation-token-5678';
    const olga = users.noFacility();
    const invite = invitation(olga);
    const { router, session, auth } = await renderRoute('/', { user: olga, handlers: invite.handlers });
    invite.state.session = session;

    await router.navigate({ to: '/registrieren', search: { einladung: token } });
    await waitFor(() => expect(invite.state.redeemed).toEqual({ token }));
    await waitFor(() => expect(auth.getState().activeFacilityId).toBe(12));
    expect(await screen.findByText('Einladung angenommen')).toBeInTheDocument();
    expect(readInvitationToken()).toBeNull();
    // not left on a registration form: the start page follows
    await waitForPath(router, '/');
  });
});
