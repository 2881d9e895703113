import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { theme } from '../../lib/theme';
import { ColumnChoiceOwner, columnChoiceKey } from './column-choice';
import { DataTable, type DataTableColumn } from './data-table';

type Kita = { id: number; label: string; city: string; operator: string };

const columns: DataTableColumn<Kita>[] = [
  { key: 'label', header: 'Name' },
  { key: 'city', header: 'Ort' },
  { key: 'operator', header: 'Träger', hiddenByDefault: true },
  { key: 'actions', header: 'Aktionen', render: (row) => <button type="button">{`${row.label} bearbeiten`}</button> },
];
const rows: Kita[] = [{ id: 1, label: 'KiTa Regenbogen', city: 'Augsburg', operator: 'Stadt Augsburg' }];

function renderTable(owner: number | null = 7) {
  return render(
    <MantineProvider theme={theme} env="test">
      <ColumnChoiceOwner value={owner}>
        <DataTable<Kita> caption="KiTas" columns={columns} rows={rows} total={1} page={1} pageSize={25} columnChooserId="admin/kitas-test" />
      </ColumnChoiceOwner>
    </MantineProvider>,
  );
}

/** the chooser's button once its popover has come (lazyAfterFirstPaint): until then an inert stand-in, which jsdom keeps in the accessibility tree */
const chooserButton = (name: string | RegExp = /^Spalten/) => screen.findByRole('button', { name, expanded: false });

const headers = () =>
  within(screen.getByRole('table', { name: 'KiTas' }))
    .getAllByRole('columnheader')
    .map((h) => h.textContent);

afterEach(() => window.localStorage.clear());

describe('the column chooser ("Spalten", issue 19)', () => {
  it('shows the default columns; a click on a checkbox shows or hides a column, and the choice outlives a remount', async () => {
    const user = userEvent.setup();
    const { unmount } = renderTable();
    expect(headers()).toEqual(['Name', 'Ort', 'Aktionen']);

    await user.click(await chooserButton('Spalten (1 ausgeblendet)'));
    const dialog = screen.getByRole('dialog', { name: 'Spalten (1 ausgeblendet)' });
    const group = within(dialog).getByRole('group', { name: 'Angezeigte Spalten' });
    // the row's name and its buttons are always shown: no checkbox for them
    expect(
      within(group)
        .getAllByRole('checkbox')
        .map((c) => (c as HTMLInputElement).labels?.[0]?.textContent),
    ).toEqual(['Ort', 'Träger']);
    expect(within(dialog).getByText('Exporte enthalten immer alle Spalten.')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Standardspalten zeigen' })).toBeDisabled();

    await user.click(within(group).getByRole('checkbox', { name: 'Träger' }));
    expect(headers()).toEqual(['Name', 'Ort', 'Träger', 'Aktionen']);
    expect(within(screen.getByRole('table')).getByRole('cell', { name: 'Stadt Augsburg' })).toBeInTheDocument();
    await user.click(within(group).getByRole('checkbox', { name: 'Ort' }));
    expect(headers()).toEqual(['Name', 'Träger', 'Aktionen']);
    expect(screen.getByRole('button', { name: 'Spalten (1 ausgeblendet)' })).toBeInTheDocument();
    // remembered for this admin and list: only the deviations from the defaults
    expect(JSON.parse(window.localStorage.getItem(columnChoiceKey(7, 'admin/kitas-test'))!)).toEqual({ shown: ['operator'], hidden: ['city'] });

    unmount();
    renderTable();
    expect(headers()).toEqual(['Name', 'Träger', 'Aktionen']);

    // back to the defaults: nothing left stored
    await user.click(await chooserButton());
    await user.click(screen.getByRole('button', { name: 'Standardspalten zeigen' }));
    expect(headers()).toEqual(['Name', 'Ort', 'Aktionen']);
    expect(window.localStorage.getItem(columnChoiceKey(7, 'admin/kitas-test'))).toBeNull();
  });

  it('is a keyboard dialog: Enter opens it with focus inside, Space toggles, Escape closes it back onto the button', async () => {
    const user = userEvent.setup();
    renderTable();
    const button = await chooserButton();
    button.focus();
    await user.keyboard('{Enter}');
    const dialog = screen.getByRole('dialog');
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    within(dialog).getByRole('checkbox', { name: 'Träger' }).focus();
    await user.keyboard(' ');
    expect(headers()).toContain('Träger');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(button).toHaveFocus();
  });

  it('keeps each admin’s choice apart, and a broken stored entry is the defaults', async () => {
    window.localStorage.setItem(columnChoiceKey(7, 'admin/kitas-test'), JSON.stringify({ shown: ['operator'], hidden: [] }));
    window.localStorage.setItem(columnChoiceKey(8, 'admin/kitas-test'), '{kaputt');
    const { unmount } = renderTable(7);
    expect(headers()).toEqual(['Name', 'Ort', 'Träger', 'Aktionen']);
    unmount();
    renderTable(8);
    expect(headers()).toEqual(['Name', 'Ort', 'Aktionen']);
  });
});
