import { MantineProvider } from '@mantine/core';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { theme } from '../../lib/theme';
import { listSearchParser } from '../../lib/list-search';
import { defineListContract, enumFilter, idFilter, SEARCH_MAX, yesNoFilter, type ListSearch } from '../../shared/contracts/list-contract';
import { listQuerySchemaOf } from '../../shared/contracts/list-query';
import { ListFilterSelect, ListPage } from './list-page';

// a throwaway list: contract, parser and page are all it takes
const auditList = defineListContract({
  path: 'admin/audit',
  sortKeys: ['at', 'action'],
  defaults: { sort: 'at', dir: 'desc', pageSize: 50 },
  filters: { entityType: enumFilter(['facility', 'person']), actor_id: idFilter(), mine: yesNoFilter('no') },
});
type Row = { id: number; action: string };
const texts = {
  heading: 'Protokoll',
  caption: 'Alle Einträge',
  searchHint: 'Eintrag',
  filtersLabel: 'Protokoll filtern',
  empty: 'Nichts gefunden.',
  error: 'Das Protokoll konnte nicht geladen werden.',
};

function renderList(
  search: ListSearch<typeof auditList>,
  result: {
    data?: { items: Row[]; total: number; page: number; pageSize: number };
    isFetching: boolean;
    isError: boolean;
    isPlaceholderData?: boolean;
    fetchStatus?: 'fetching' | 'paused' | 'idle';
  },
) {
  const onSearchChange = vi.fn();
  render(
    <MantineProvider theme={theme} env="test">
      <ListPage
        contract={auditList}
        search={search}
        onSearchChange={onSearchChange}
        result={result}
        texts={texts}
        exports
        columns={[{ key: 'action', header: 'Was', sortable: true }]}
        filters={
          <ListFilterSelect
            label="Art"
            width={150}
            options={{ facility: 'KiTa', person: 'Person' }}
            value={search.entityType}
            onChange={(entityType) => onSearchChange({ entityType })}
          />
        }
      />
    </MantineProvider>,
  );
  return { onSearchChange, user: userEvent.setup() };
}

describe('ListPage', () => {
  it('given KiTa-Jahre newest first with ids in another order, the filter lists them as given (issue 34)', () => {
    // the server sends newest first; the ids are the order they were created in (an import adds old years last)
    const seasons = [
      { id: 3, label: '2026/27' },
      { id: 1, label: '2025/26' },
      { id: 7, label: '2021/22' },
      { id: 5, label: '2019/20' },
    ];
    render(
      <MantineProvider theme={theme} env="test">
        <ListFilterSelect
          label="KiTa-Jahr"
          width={150}
          options={seasons.map((s) => ({ value: String(s.id), label: s.label }))}
          value="7"
          onChange={() => {}}
        />
      </MantineProvider>,
    );
    const select = screen.getByRole('combobox', { name: 'KiTa-Jahr' });
    expect([...select.querySelectorAll('option')].map((o) => [o.value, o.textContent])).toEqual([
      ['', 'alle'],
      ['3', '2026/27'],
      ['1', '2025/26'],
      ['7', '2021/22'],
      ['5', '2019/20'],
    ]);
    expect(select).toHaveValue('7');
  });

  it('parses the URL from the contract: broken fields are dropped on their own, unknown sort keys too', () => {
    const parse = listSearchParser(auditList);
    expect(parse({ page: 2, sort: '__proto__', dir: 'up', entityType: 'person', actor_id: '7', mine: 'maybe', q: '  x ' })).toEqual({
      page: 2,
      pageSize: undefined,
      sort: undefined,
      dir: undefined,
      q: 'x',
      entityType: 'person',
      actor_id: 7,
      mine: undefined,
    });
  });

  it("keeps of an address only what the server's query accepts: a page or id beyond the server's range is dropped", () => {
    const parse = listSearchParser(auditList);
    const server = listQuerySchemaOf(auditList);
    const addresses = [
      { page: 9_999_999_999, actor_id: 99_999_999_999 },
      { page: 1_000_001, actor_id: 2_147_483_648, pageSize: 1001 },
      { page: 1_000_000, actor_id: 2_147_483_647, pageSize: 1000 },
      { page: '3', actor_id: '12', q: 'ab\u0000cd' },
    ];
    for (const address of addresses) {
      const kept = Object.fromEntries(Object.entries(parse(address)).filter(([, v]) => v !== undefined));
      expect(server.safeParse(kept).success, JSON.stringify(address)).toBe(true);
    }
    expect(parse(addresses[0])).toMatchObject({ page: undefined, actor_id: undefined });
    expect(parse(addresses[2])).toMatchObject({ page: 1_000_000, actor_id: 2_147_483_647, pageSize: 1000 });
  });

  it('shows heading, rows with "von", exports of the filtered list without the page, and resets the filters', async () => {
    const { onSearchChange, user } = renderList(
      { page: 2, entityType: 'person', q: 'merge' },
      { data: { items: [{ id: 1, action: 'facility.merge' }], total: 51, page: 2, pageSize: 50 }, isFetching: false, isError: false },
    );
    expect(screen.getByRole('heading', { name: 'Protokoll' })).toBeInTheDocument();
    expect(screen.getByText('51–51 von 51')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Als CSV (Excel) exportieren' })).toHaveAttribute(
      'href',
      '/api/admin/audit/export.csv?q=merge&entityType=person&sort=at&dir=desc',
    );
    expect(screen.getByRole('link', { name: 'Als Excel (XLSX) exportieren' })).toHaveAttribute(
      'href',
      '/api/admin/audit/export.xlsx?q=merge&entityType=person&sort=at&dir=desc',
    );
    await user.click(screen.getByRole('button', { name: 'Nach Was sortieren' }));
    expect(onSearchChange).toHaveBeenLastCalledWith({ page: undefined, pageSize: undefined, sort: 'action', dir: 'asc' });
    await user.click(screen.getByRole('button', { name: 'Filter zurücksetzen' }));
    expect(onSearchChange).toHaveBeenLastCalledWith({ q: undefined, page: undefined, entityType: undefined, actor_id: undefined, mine: undefined });
    fireEvent.change(screen.getByRole('searchbox', { name: /Suche/ }), { target: { value: ' neu ' } });
    await waitFor(() => expect(onSearchChange).toHaveBeenLastCalledWith({ q: 'neu', page: undefined }));
  });

  it('given more typed than the server searches for, the box stops at its limit and sends what it shows', async () => {
    const { onSearchChange, user } = renderList({}, { data: { items: [], total: 0, page: 1, pageSize: 50 }, isFetching: false, isError: false });
    const box = screen.getByRole('searchbox', { name: /Suche/ });
    await user.click(box);
    await user.paste('ä'.repeat(SEARCH_MAX + 5));
    expect(box).toHaveValue('ä'.repeat(SEARCH_MAX));
    await waitFor(() => expect(onSearchChange).toHaveBeenLastCalledWith({ q: 'ä'.repeat(SEARCH_MAX), page: undefined }));
    expect(listQuerySchemaOf(auditList).safeParse({ q: 'ä'.repeat(SEARCH_MAX) }).success).toBe(true);
  });

  it('says when nothing matches, and when the list could not be loaded', () => {
    renderList({ mine: 'no' }, { data: { items: [], total: 0, page: 1, pageSize: 50 }, isFetching: false, isError: true });
    expect(screen.getByRole('alert')).toHaveTextContent('Das Protokoll konnte nicht geladen werden.');
    expect(screen.getByRole('cell', { name: 'Nichts gefunden.' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Filter zurücksetzen' })).not.toBeInTheDocument();
  });

  it('given offline after a change, the previous rows stay and say they are not current (issue 34)', () => {
    const rows = { items: [{ id: 1, action: 'facility.update' }], total: 1, page: 1, pageSize: 50 };
    renderList({ q: 'Sonnen' }, { data: rows, isFetching: false, isError: false, isPlaceholderData: true, fetchStatus: 'paused' });
    expect(screen.getByRole('status')).toHaveTextContent(
      /Nicht aktuell.*Keine Verbindung zum Server: Die Tabelle zeigt noch die Zeilen vor deiner letzten Änderung/,
    );
    expect(screen.getByRole('cell', { name: 'facility.update' })).toBeInTheDocument();
  });

  it('given the rows of the current query, no such notice', () => {
    const rows = { items: [{ id: 1, action: 'facility.update' }], total: 1, page: 1, pageSize: 50 };
    renderList({ q: 'Sonnen' }, { data: rows, isFetching: false, isError: false, isPlaceholderData: false, fetchStatus: 'idle' });
    expect(screen.queryByText(/Nicht aktuell/)).not.toBeInTheDocument();
  });
});
