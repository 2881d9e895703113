import { Table } from '@mantine/core';
import { TableScrollRegion } from '../../../components/data-table/table-scroll-region';
import { cellText, type ReportColumn, type ReportTable as Data } from '../../../shared/season-report-tables';
import classes from './season-report.module.css';

const align = (c: ReportColumn) => (c.kind === 'number' ? 'right' : 'left');

/**
 * One table of the report: the numbers a chart shows, readable without it (charts are not accessible on their own),
 * named by the heading above its chart (`labelledBy`). The first column names the row (a row header), the sum row sits in the footer; a figure without data reads
 * "keine Daten". Wider than the screen, it scrolls sideways in its own named region. 96 px a column as its least width:
 * a two-column table fits a 320 px screen (288 px of content); a longer header can still make a table wider than that
 * (Team-Workshops' three columns: 334 px, so it scrolls).
 */
export function ReportTable({ table, labelledBy }: { table: Data; labelledBy: string }) {
  const [first, ...rest] = table.columns;
  return (
    <TableScrollRegion minWidth={table.columns.length * 96} labelledBy={labelledBy}>
      <Table className={classes.table} withTableBorder withColumnBorders striped="odd" aria-labelledby={labelledBy}>
        <Table.Thead>
          <Table.Tr>
            {table.columns.map((c) => (
              <Table.Th key={c.header} scope="col" ta={align(c)}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {table.rows.length === 0 && (
            <Table.Tr>
              <Table.Td colSpan={table.columns.length}>Keine Einträge in diesem KiTa-Jahr.</Table.Td>
            </Table.Tr>
          )}
          {table.rows.map((row, i) => (
            <Table.Tr key={i}>
              <Table.Th scope="row" fw={400}>
                {cellText(row[0] ?? null, first!)}
              </Table.Th>
              {rest.map((c, j) => (
                <Table.Td key={c.header} ta={align(c)}>
                  {cellText(row[j + 1] ?? null, c)}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {table.total && (
          <Table.Tfoot>
            <Table.Tr className={classes.total}>
              <Table.Th scope="row">{cellText(table.total[0] ?? null, first!)}</Table.Th>
              {rest.map((c, j) => (
                <Table.Td key={c.header} ta={align(c)} fw={700}>
                  {cellText(table.total![j + 1] ?? null, c)}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        )}
      </Table>
    </TableScrollRegion>
  );
}
