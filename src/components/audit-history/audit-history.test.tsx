import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { theme } from '../../lib/theme';
import { AuditHistory } from './audit-history';

const entries = Array.from({ length: 12 }, (_, i) => ({
  id: i + 1,
  at: `2026-03-${String(i + 1).padStart(2, '0')}T10:00:00.000Z`,
  actor: { id: 1, name: 'Alex Admin' },
  action: 'person.update',
  entityType: 'person',
  entityId: String(i + 1),
  before: { phone: `${i}` },
  after: { phone: `${i + 1}` },
}));

describe('AuditHistory', () => {
  it('shows every entry at first, and the rows-per-page selector pages the history', async () => {
    const user = userEvent.setup();
    render(
      <MantineProvider theme={theme} env="test">
        <AuditHistory entries={entries} />
      </MantineProvider>,
    );
    const table = screen.getByRole('table', { name: 'Verlauf' });
    expect(within(table).getAllByRole('row')).toHaveLength(13);
    expect(screen.getByText('1–12 von 12')).toBeInTheDocument();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Zeilen pro Seite' }), '10');
    expect(within(table).getAllByRole('row')).toHaveLength(11);
    expect(screen.getByText('1–10 von 12')).toBeInTheDocument();
    await user.click(within(screen.getByRole('navigation', { name: 'Seiten' })).getByRole('button', { name: 'Nächste Seite' }));
    expect(within(table).getAllByRole('row')).toHaveLength(3);
    expect(screen.getByText('11–12 von 12')).toBeInTheDocument();
  });

  it("names each action in German from its module's catalogue, and shows an action no catalogue knows as written", () => {
    const named = [
      { ...entries[0]!, id: 1, action: 'email_list.copy', entityType: 'email_list' },
      { ...entries[0]!, id: 2, action: 'offering_enrolment.promote', entityType: 'offering_enrolment' },
      { ...entries[0]!, id: 3, action: 'facility.renamed_long_ago', entityType: 'facility' },
    ];
    render(
      <MantineProvider theme={theme} env="test">
        <AuditHistory entries={named} />
      </MantineProvider>,
    );
    const table = screen.getByRole('table', { name: 'Verlauf' });
    expect(within(table).getByText('E-Mail-Liste ins nächste KiTa-Jahr kopiert')).toBeInTheDocument();
    expect(within(table).getByText('Von der Warteliste nachgerückt')).toBeInTheDocument();
    expect(within(table).getByText('facility.renamed_long_ago')).toBeInTheDocument();
  });
});
