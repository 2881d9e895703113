import { MantineProvider } from '@mantine/core';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../../lib/theme';
import { DataTable, type DataTableColumn, type DataTableProps } from './data-table';
import { rangeText } from './data-table-footer';

type Kita = { id: number; label: string; city: string };

const columns: DataTableColumn<Kita>[] = [
  { key: 'label', header: 'Name', sortable: true },
  { key: 'city', header: 'Ort', sortable: true },
  { key: 'actions', header: 'Aktionen', render: (row) => <button type="button">{`${row.label} bearbeiten`}</button> },
];

const rows: Kita[] = Array.from({ length: 25 }, (_, i) => ({ id: i + 1, label: `KiTa ${i + 1}`, city: 'Nürnberg' }));

function renderTable(props: Partial<DataTableProps<Kita>> = {}) {
  const onChange = vi.fn();
  render(
    <MantineProvider theme={theme} env="test">
      <DataTable<Kita>
        caption="KiTas"
        columns={columns}
        rows={rows}
        total={240}
        page={1}
        pageSize={25}
        sort={{ key: 'label', dir: 'asc' }}
        onChange={onChange}
        {...props}
      />
    </MantineProvider>,
  );
  return { onChange, user: userEvent.setup() };
}

describe('DataTable', () => {
  it('renders the caption, the rows and "1–25 von 240"', () => {
    renderTable();
    const table = screen.getByRole('table', { name: 'KiTas' });
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    expect(within(table).getByRole('cell', { name: 'KiTa 7' })).toBeInTheDocument();
    expect(screen.getByText('1–25 von 240')).toBeInTheDocument();
  });

  it('keeps a visually hidden caption as the table name', () => {
    renderTable({ caption: 'Personen', captionHidden: true });
    expect(screen.getByRole('table', { name: 'Personen' })).toBeInTheDocument();
  });

  it('given no rows, says "Keine Einträge gefunden."', () => {
    renderTable({ rows: [], total: 0 });
    expect(screen.getByRole('cell', { name: 'Keine Einträge gefunden.' })).toBeInTheDocument();
    expect(screen.getByText('0 von 0')).toBeInTheDocument();
  });

  it('marks the sorted column with aria-sort and offers German sort buttons', async () => {
    const { onChange, user } = renderTable();
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'ascending');
    expect(screen.getByRole('columnheader', { name: /Ort/ })).not.toHaveAttribute('aria-sort');
    expect(screen.queryByRole('button', { name: 'Nach Aktionen sortieren' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Nach Name sortieren' }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 1, pageSize: 25, sort: 'label', dir: 'desc' });

    // keyboard: Tab to the next sort button, Enter
    screen.getByRole('button', { name: 'Nach Name sortieren' }).focus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Nach Ort sortieren' })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ page: 1, pageSize: 25, sort: 'city', dir: 'asc' });
  });

  it('pages with German control labels', async () => {
    const { onChange, user } = renderTable({ page: 2 });
    expect(screen.getByText('26–50 von 240')).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Seiten' });

    await user.click(within(nav).getByRole('button', { name: 'Nächste Seite' }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 3, pageSize: 25, sort: 'label', dir: 'asc' });
    await user.click(within(nav).getByRole('button', { name: 'Vorherige Seite' }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 1, pageSize: 25, sort: 'label', dir: 'asc' });
    await user.click(within(nav).getByRole('button', { name: 'Seite 10' }));
    expect(onChange).toHaveBeenLastCalledWith({ page: 10, pageSize: 25, sort: 'label', dir: 'asc' });
    expect(within(nav).getByRole('button', { name: 'Seite 2' })).toHaveAttribute('aria-current', 'page');
  });

  it('offers 10, 25, 50, 100 and "Alle" rows per page and goes back to page 1 on change', async () => {
    const { onChange, user } = renderTable({ page: 4 });
    const select = screen.getByRole('combobox', { name: 'Zeilen pro Seite' });
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['10', '25', '50', '100', 'Alle']);

    await user.selectOptions(select, 'Alle');
    expect(onChange).toHaveBeenLastCalledWith({ page: 1, pageSize: 0, sort: 'label', dir: 'asc' });
  });

  it('given "Alle", shows the whole range and no page buttons', () => {
    renderTable({ pageSize: 0, total: 25 });
    expect(screen.getByText('1–25 von 25')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Seiten' })).not.toBeInTheDocument();
  });

  it('without onChange (a complete list), offers no page size and no page buttons that would do nothing', () => {
    renderTable({ pageSize: 0, total: 25, onChange: undefined, sort: null });
    expect(screen.getAllByRole('row')).toHaveLength(26);
    expect(screen.queryByRole('combobox', { name: 'Zeilen pro Seite' })).not.toBeInTheDocument();
    expect(screen.queryByText('1–25 von 25')).not.toBeInTheDocument();
  });

  it('while loading, marks the table busy', () => {
    renderTable({ loading: true, rows: [] });
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('cell', { name: 'Wird geladen …' })).toBeInTheDocument();
  });
});

describe('rangeText', () => {
  it('clips the last page', () => {
    expect(rangeText(10, 25, 240)).toBe('226–240 von 240');
  });
});
