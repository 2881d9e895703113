import { Alert, Button, Group, NativeSelect, Text, TextInput, Title } from '@mantine/core';
import { type Key, type ReactNode } from 'react';
import { exportUrlOf, hasFilters, resetFilters } from '../../lib/list-search';
import { useIsOnline } from '../../lib/use-online';
import { listQueryOf, SEARCH_MAX, type ListContract, type ListSearch } from '../../shared/contracts/list-contract';
import type { Page } from '../../shared/contracts/paging';
import { DataTable, type DataTableColumn } from '../data-table/data-table';
import { ExportButtons } from '../data-table/export-buttons';
import { tableSearchOf } from '../data-table/table-search';
import { useListSearchBox } from '../data-table/use-list-search-box';
import { PageHeading } from '../layout/page-heading';

export type ListPageProps<C extends ListContract, Row> = {
  contract: C;
  /** the list's state (from the URL) and how to change it */
  search: ListSearch<C>;
  onSearchChange: (next: Partial<ListSearch<C>>) => void;
  /** the page query's state (`useListQuery`) */
  /** the list's query (useListQuery): rows, and whether they are the previous query's while the next one waits */
  result: {
    data?: Page<Row> | undefined;
    isFetching: boolean;
    isError: boolean;
    isPlaceholderData?: boolean;
    fetchStatus?: 'fetching' | 'paused' | 'idle';
  };
  /**
   * heading, table caption, the search box's description ("Name, Ort oder Postleitzahl"), the filter row's name
   * ("KiTas filtern"), the empty state and the load error
   */
  texts: { heading: string; caption: string; searchHint: string; filtersLabel: string; empty: string; error: string };
  /** next to the heading, before the export buttons (e.g. "Neues …") */
  actions?: ReactNode;
  /** offer "Als CSV (Excel) exportieren" / "Als Excel (XLSX) exportieren" of the filtered list */
  exports?: boolean;
  /** the path parameters of a nested list (`admin/offerings/:offeringId/enrolments`), for its export addresses */
  params?: Record<string, string | number>;
  /** the list is one part of a page that has its h1 already (e.g. a tab): its heading becomes an h2 */
  section?: boolean;
  /** between the filters and the table (e.g. the actions on the selected rows) */
  toolbar?: ReactNode;
  /** between the heading and the filters (e.g. open requests) */
  children?: ReactNode;
  /** the list's own filters (use `ListFilterSelect`), after the search box */
  filters?: ReactNode;
  columns: DataTableColumn<Row>[];
  getRowKey?: (row: Row, index: number) => Key;
  minWidth?: number;
};

/**
 * An admin list: heading (with exports), search box and filters, the server-paged DataTable ("von", "Alle"),
 * empty state and load error. Every change of a filter or the search starts again at page 1.
 */
export function ListPage<C extends ListContract, Row>(props: ListPageProps<C, Row>) {
  const { contract, search, onSearchChange, result, texts } = props;
  const query = listQueryOf(contract, search);
  const online = useIsOnline();
  // the rows on screen belong to the query before the last change, and the new one waits for the network
  const stale = !!result.isPlaceholderData && (result.fetchStatus === 'paused' || !online);
  const searchBox = useListSearchBox(search.q, (q) => onSearchChange({ q, page: undefined } as Partial<ListSearch<C>>));
  return (
    <>
      <Group justify="space-between" align="flex-start">
        {props.section ? (
          <Title order={2} fz="h3">
            {texts.heading}
          </Title>
        ) : (
          <PageHeading>{texts.heading}</PageHeading>
        )}
        <Group gap="xs">
          {props.actions}
          {props.exports && <ExportButtons urlOf={(format) => exportUrlOf(contract, format, search, props.params)} />}
        </Group>
      </Group>
      {props.children}
      <Group align="flex-end" gap="sm" mb="sm" wrap="wrap" role="search" aria-label={texts.filtersLabel}>
        <TextInput
          label="Suche"
          description={texts.searchHint}
          type="search"
          w={280}
          // the server's limit: a longer text was refused, and the box emptied at the 201st character
          maxLength={SEARCH_MAX}
          value={searchBox.value}
          onChange={searchBox.onChange}
        />
        {props.filters}
        {hasFilters(contract, search) && (
          <Button
            variant="subtle"
            onClick={() => {
              searchBox.clear();
              onSearchChange(resetFilters(contract));
            }}
          >
            Filter zurücksetzen
          </Button>
        )}
      </Group>
      {props.toolbar}
      {stale && (
        <Alert color="yellow" role="status" mb="sm" title="Nicht aktuell">
          Keine Verbindung zum Server: Die Tabelle zeigt noch die Zeilen vor deiner letzten Änderung (Suche, Filter, Sortierung oder Seite). Sobald du
          wieder online bist, lädt sie die passenden.
        </Alert>
      )}
      {result.isError && (
        <Text c="red" role="alert" mb="sm">
          {texts.error}
        </Text>
      )}
      <DataTable
        caption={texts.caption}
        columns={props.columns}
        rows={result.data?.items ?? []}
        getRowKey={props.getRowKey}
        total={result.data?.total ?? 0}
        page={query.page}
        pageSize={query.pageSize}
        sort={{ key: query.sort, dir: query.dir }}
        loading={result.isFetching || !!result.isPlaceholderData}
        minWidth={props.minWidth ?? 720}
        columnChooserId={contract.path}
        emptyText={texts.empty}
        onChange={(next) => onSearchChange(tableSearchOf(next, { page: 1, ...contract.defaults }) as Partial<ListSearch<C>>)}
      />
    </>
  );
}

const ALL = '';

/** a filter as a native select with "alle" first; choosing one starts again at page 1 */
/** one choice of a filter: its value in the address and what the select shows */
type Choice<V extends string = string> = { value: V; label: string };

function choicesOf<V extends string>(options: readonly V[] | Record<V, string> | readonly Choice<V>[]): Choice<V>[] {
  if (!Array.isArray(options)) return (Object.entries(options) as [V, string][]).map(([value, label]) => ({ value, label }));
  return (options as readonly (V | Choice<V>)[]).map((o) => (typeof o === 'string' ? { value: o, label: o } : o));
}

export function ListFilterSelect<V extends string>(props: {
  label: string;
  width: number;
  /**
   * the values (shown as they are), a label per value, or choices in the order given (ids from the server: a Record
   * with numeric keys would list them by ascending id, whatever order the server chose; eslint refuses building one)
   */
  options: readonly V[] | Record<V, string> | readonly Choice<V>[];
  value: V | undefined;
  onChange: (value: V | undefined) => void;
}) {
  return (
    <NativeSelect
      label={props.label}
      w={props.width}
      data={[{ value: ALL, label: 'alle' }, ...choicesOf(props.options)]}
      value={props.value ?? ALL}
      onChange={(e) => props.onChange((e.currentTarget.value || undefined) as V | undefined)}
    />
  );
}
