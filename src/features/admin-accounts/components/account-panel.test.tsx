import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { AdminUser } from '../../../shared/contracts/accounts';
import { adminPersonDetail, personRecord } from '../../../testing/factories/admin';
import { users } from '../../../testing/factories/users';
import { renderRoute } from '../../../testing/render';

const AT = '2026-10-01T08:00:00.000Z';
const account = (overrides: Partial<AdminUser> = {}): AdminUser => ({
  id: 7,
  email: 'jana@example.org',
  firstName: 'Jana',
  lastName: 'Jurorin',
  isAdmin: false,
  isJury: false,
  activatedAt: AT,
  deactivatedAt: null,
  lastLoginAt: AT,
  createdAt: AT,
  totpEnabled: false,
  activeSessions: 0,
  ...overrides,
});

/** the person page of a staff entry with account 7; the server keeps the jury flag it was last sent */
function handlers(initial: Partial<AdminUser> = {}, answer?: () => Response) {
  let current = account(initial);
  const writes: unknown[] = [];
  return {
    writes,
    handlers: [
      http.get('*/api/admin/persons/511', () =>
        HttpResponse.json(adminPersonDetail(511, { person: personRecord(511, { userId: 7, hasAccount: true }) })),
      ),
      http.get('*/api/admin/users/7', () => HttpResponse.json(current)),
      http.put('*/api/admin/users/7/jury', async ({ request }) => {
        const body = (await request.json()) as { isJury: boolean };
        writes.push(body);
        if (answer) return answer();
        current = { ...current, isJury: body.isJury };
        return HttpResponse.json(current);
      }),
    ],
  };
}

describe('the account panel: jury switch (issue 12)', () => {
  it('given an account outside the jury, the admin switches "Jury-Mitglied" on and off; each write is one PUT', async () => {
    const { handlers: h, writes } = handlers();
    const { user } = await renderRoute('/verwaltung/personen/511', { user: users.admin(), handlers: h });
    const jury = await screen.findByRole('switch', { name: 'Jury-Mitglied' });
    expect(jury).not.toBeChecked();
    expect(jury).toHaveAccessibleDescription('Kann in der Verwaltung nur die Dokumentationsbögen öffnen.');
    expect(screen.queryByText('Jury', { selector: '.mantine-Badge-label' })).not.toBeInTheDocument();

    await user.click(jury);
    await waitFor(() => expect(jury).toBeChecked());
    expect(writes).toEqual([{ isJury: true }]);
    expect(await screen.findByText('Das Konto gehört jetzt zur Jury.')).toBeInTheDocument();
    expect(screen.getByText('Jury', { selector: '.mantine-Badge-label' })).toBeInTheDocument();

    await user.click(jury);
    await waitFor(() => expect(jury).not.toBeChecked());
    expect(writes).toEqual([{ isJury: true }, { isJury: false }]);
    expect(await screen.findByText('Das Konto gehört nicht mehr zur Jury.')).toBeInTheDocument();
  });

  it('given the server refuses, the switch stays off and the reason is shown', async () => {
    const { handlers: h } = handlers({}, () =>
      HttpResponse.json({ reason: { code: 'forbidden', message: 'Dafür fehlen dir die Rechte.' } }, { status: 403 }),
    );
    const { user } = await renderRoute('/verwaltung/personen/511', { user: users.admin(), handlers: h });
    const jury = await screen.findByRole('switch', { name: 'Jury-Mitglied' });
    await user.click(jury);
    expect(await screen.findByText('Dafür fehlen dir die Rechte.')).toBeInTheDocument();
    expect(jury).not.toBeChecked();
  });
});
