import { Box, Group, LoadingOverlay, Table, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { useId, type Key, type ReactNode } from 'react';
import { type ListQuery } from '../../shared/contracts/paging';
import { columnName, useColumnChoice } from './column-choice';
import { ColumnChooser } from './column-chooser';
import { DEFAULT_PAGE_SIZE_OPTIONS, DataTableFooter } from './data-table-footer';
import classes from './data-table.module.css';
import { TableScrollRegion } from './table-scroll-region';

export type SortDir = 'asc' | 'desc';
export type DataTableSort = { key: string; dir: SortDir };
/** What the parent fetches with; the paging fields of every list query (the parent adds `q` and filters). */
export type DataTableQuery = Pick<ListQuery, 'page' | 'pageSize' | 'dir'> & { sort?: string };

export type DataTableColumn<Row> = {
  /** sort key sent to the server and default field to show */
  key: string;
  header: ReactNode;
  /** German column name when `header` is not plain text (its sort button, the column chooser), or a shorter one for the chooser */
  label?: string;
  sortable?: boolean;
  /** cell content; default: the row's field `key` as text */
  render?: (row: Row) => ReactNode;
  align?: 'left' | 'center' | 'right';
  width?: number | string;
  /** with a column chooser: the column starts hidden ("Spalten" shows it); keeps a list within 1280 px */
  hiddenByDefault?: boolean;
};

export type DataTableProps<Row> = {
  /** every table has a caption (SPEC §6); hide it visually only when a heading right above says the same */
  caption: ReactNode;
  captionHidden?: boolean;
  columns: DataTableColumn<Row>[];
  rows: Row[];
  /** default: row.id, else the index */
  getRowKey?: (row: Row, index: number) => Key;
  total: number;
  page: number;
  /** 0 = "Alle" */
  pageSize: number;
  sort?: DataTableSort | null;
  /**
   * server-side paging and sorting: the parent fetches with the new query. Without it the table is a complete
   * list (all rows given, no sorting): no "Zeilen pro Seite" and no page buttons that would do nothing.
   */
  onChange?: (query: DataTableQuery) => void;
  loading?: boolean;
  emptyText?: string;
  pageSizeOptions?: readonly number[];
  /** below this width the table scrolls sideways instead of squeezing its columns */
  minWidth?: number;
  /**
   * a "Spalten" chooser above the table: every column but the first and `actions` can be hidden or shown, the
   * choice is remembered per admin under this id (docs/decisions/0025-list-columns.md)
   */
  columnChooserId?: string;
  /**
   * a table people use on a phone (the KiTa's own bookings): where it has less than 48em (768 px) of width, each row
   * becomes a card, one "column: value" line per cell and its buttons last, instead of scrolling sideways (WCAG
   * 1.4.10). The caption, the row and cell roles and the buttons' names stay.
   */
  stackWhenNarrow?: boolean;
};

/** the column that holds a row's buttons stays in view when the table scrolls sideways */
const isActions = (column: { key: string }) => column.key === 'actions';

/**
 * A stacked table's roles, given explicitly: a browser may drop a table's semantics once CSS changes its display
 * (Safari does for `display: block`), and the cards still are rows and cells of the captioned table.
 */
const roles = {
  table: { role: 'table' },
  rowgroup: { role: 'rowgroup' },
  row: { role: 'row' },
  columnheader: { role: 'columnheader' },
  cell: { role: 'cell' },
} as const;

const ARIA_SORT = { asc: 'ascending', desc: 'descending' } as const;
const SORT_ICON = { asc: '▲', desc: '▼', none: '↕' } as const;

function defaultCell(row: unknown, key: string): ReactNode {
  const value = (row as Record<string, unknown>)[key];
  return value === null || value === undefined ? '' : String(value);
}

function defaultRowKey(row: unknown, index: number): Key {
  const id = (row as { id?: unknown }).id;
  return typeof id === 'string' || typeof id === 'number' ? id : index;
}

/** One table for every admin list: server-side paging and sorting, German labels, keyboard friendly. */
export function DataTable<Row>({
  caption,
  captionHidden = false,
  columns: allColumns,
  rows,
  getRowKey = defaultRowKey,
  total,
  page,
  pageSize,
  sort,
  onChange,
  loading = false,
  emptyText = 'Keine Einträge gefunden.',
  pageSizeOptions = DEFAULT_PAGE_SIZE_OPTIONS,
  minWidth = 600,
  columnChooserId,
  stackWhenNarrow = false,
}: DataTableProps<Row>) {
  const choice = useColumnChoice(columnChooserId, allColumns);
  const columns = choice.visible;
  const query: DataTableQuery = { page, pageSize, sort: sort?.key, dir: sort?.dir ?? 'asc' };
  const captionId = useId();

  const toggleSort = (key: string) => {
    // A new column starts ascending; the same column flips. Page 1, because the old page means nothing now.
    const dir: SortDir = sort?.key === key && sort.dir === 'asc' ? 'desc' : 'asc';
    onChange?.({ ...query, page: 1, sort: key, dir });
  };

  return (
    <div className={stackWhenNarrow ? classes.stackable : undefined}>
      {columnChooserId && (
        <Group justify="flex-end" mb={4}>
          <ColumnChooser choice={choice} />
        </Group>
      )}
      <Box pos="relative">
        <LoadingOverlay visible={loading} zIndex={1} overlayProps={{ blur: 1 }} loaderProps={{ 'aria-label': 'Wird geladen' }} />
        {/* a wide table scrolls inside a named, keyboard-reachable region whose scrollbar shows whenever it is needed
            (Mantine's default shows it only on hover), never the page */}
        <TableScrollRegion minWidth={minWidth} labelledBy={captionId} innerClassName={stackWhenNarrow ? classes.stackInner : undefined}>
          <Table
            striped
            highlightOnHover
            captionSide="top"
            aria-busy={loading || undefined}
            className={stackWhenNarrow ? classes.stacked : undefined}
            {...(stackWhenNarrow ? roles.table : {})}
          >
            <Table.Caption id={captionId} className={classes.caption}>
              {captionHidden ? <VisuallyHidden>{caption}</VisuallyHidden> : <span className={classes.captionText}>{caption}</span>}
            </Table.Caption>
            <Table.Thead {...(stackWhenNarrow ? roles.rowgroup : {})}>
              <Table.Tr {...(stackWhenNarrow ? roles.row : {})}>
                {columns.map((column) => {
                  const active = sort?.key === column.key ? sort.dir : undefined;
                  // the sort button's name holds the header as shown (WCAG 2.5.3: a voice user says what they see);
                  // `label` names a header that is not plain text
                  const name = typeof column.header === 'string' ? column.header : columnName(column);
                  return (
                    <Table.Th
                      key={column.key}
                      scope="col"
                      {...(stackWhenNarrow ? roles.columnheader : {})}
                      ta={column.align}
                      w={column.width}
                      className={isActions(column) ? classes.stickyEnd : undefined}
                      aria-sort={active ? ARIA_SORT[active] : undefined}
                    >
                      {column.sortable ? (
                        <UnstyledButton
                          onClick={() => toggleSort(column.key)}
                          aria-label={`Nach ${name} sortieren`}
                          fw="inherit"
                          fz="inherit"
                          style={{ display: 'inline-flex', gap: 4, alignItems: 'center' }}
                        >
                          {column.header}
                          <span aria-hidden="true" style={{ opacity: active ? 1 : 0.4 }}>
                            {SORT_ICON[active ?? 'none']}
                          </span>
                        </UnstyledButton>
                      ) : (
                        column.header
                      )}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody {...(stackWhenNarrow ? roles.rowgroup : {})}>
              {rows.length === 0 ? (
                <Table.Tr {...(stackWhenNarrow ? roles.row : {})}>
                  <Table.Td colSpan={columns.length} className={classes.emptyCell} {...(stackWhenNarrow ? roles.cell : {})}>
                    <Text size="sm" c="dimmed" py="sm" ta="center">
                      {loading ? 'Wird geladen …' : emptyText}
                    </Text>
                  </Table.Td>
                </Table.Tr>
              ) : (
                rows.map((row, index) => (
                  <Table.Tr key={getRowKey(row, index)} {...(stackWhenNarrow ? roles.row : {})}>
                    {columns.map((column) => {
                      const content = column.render ? column.render(row) : defaultCell(row, column.key);
                      return (
                        <Table.Td
                          key={column.key}
                          ta={column.align}
                          className={isActions(column) ? classes.stickyEnd : undefined}
                          {...(stackWhenNarrow ? roles.cell : {})}
                        >
                          {stackWhenNarrow ? (
                            <>
                              {/* the card's line label; the cell's column header already names it to a screen reader */}
                              {!isActions(column) && (
                                <span className={classes.cellLabel} aria-hidden="true">
                                  {column.header}
                                </span>
                              )}
                              <div className={classes.cellValue}>{content}</div>
                            </>
                          ) : (
                            content
                          )}
                        </Table.Td>
                      );
                    })}
                  </Table.Tr>
                ))
              )}
            </Table.Tbody>
          </Table>
        </TableScrollRegion>
      </Box>
      {onChange && (
        <DataTableFooter
          page={page}
          pageSize={pageSize}
          total={total}
          pageSizeOptions={pageSizeOptions}
          onPageChange={(next) => onChange({ ...query, page: next })}
          onPageSizeChange={(next) => onChange({ ...query, page: 1, pageSize: next })}
        />
      )}
    </div>
  );
}
