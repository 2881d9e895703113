import { Group, NativeSelect, Pagination, Text } from '@mantine/core';

/** 0 stands for "Alle" (the list contracts use the same convention). */
export const ALL_ROWS = 0;
export const DEFAULT_PAGE_SIZE_OPTIONS = [10, 25, 50, 100] as const;

/** "1–25 von 240" (seed §9: the pagination text uses 'von'). */
export function rangeText(page: number, pageSize: number, total: number): string {
  if (total <= 0) return '0 von 0';
  if (pageSize === ALL_ROWS) return `1–${total} von ${total}`;
  const first = Math.min((page - 1) * pageSize + 1, total);
  const last = Math.min(page * pageSize, total);
  return `${first}–${last} von ${total}`;
}

export function pageCount(pageSize: number, total: number): number {
  return pageSize === ALL_ROWS ? 1 : Math.max(1, Math.ceil(total / pageSize));
}

const CONTROL_LABELS = {
  first: 'Erste Seite',
  previous: 'Vorherige Seite',
  next: 'Nächste Seite',
  last: 'Letzte Seite',
} as const;

type DataTableFooterProps = {
  page: number;
  pageSize: number;
  total: number;
  pageSizeOptions: readonly number[];
  onPageChange: (page: number) => void;
  onPageSizeChange: (pageSize: number) => void;
};

export function DataTableFooter({ page, pageSize, total, pageSizeOptions, onPageChange, onPageSizeChange }: DataTableFooterProps) {
  const pages = pageCount(pageSize, total);
  // A page size the parent chose outside the offered list (e.g. from an old link) is still shown correctly.
  const sizes = pageSizeOptions.includes(pageSize) || pageSize === ALL_ROWS ? pageSizeOptions : [...pageSizeOptions, pageSize];
  const options = [
    ...[...sizes].sort((a, b) => a - b).map((size) => ({ value: String(size), label: String(size) })),
    { value: String(ALL_ROWS), label: 'Alle' },
  ];

  return (
    <Group justify="space-between" gap="sm" mt="sm" wrap="wrap">
      <Group gap="md" wrap="wrap">
        {/* Native select on purpose: real <option>s work with every keyboard and screen reader, also on phones. */}
        <NativeSelect
          label="Zeilen pro Seite"
          size="xs"
          w={110}
          data={options}
          value={String(pageSize)}
          onChange={(event) => onPageSizeChange(Number(event.currentTarget.value))}
        />
        {/* Polite live region: after paging or sorting, screen readers hear the new range. */}
        <Text size="sm" aria-live="polite" aria-atomic="true" mt={22}>
          {rangeText(page, pageSize, total)}
        </Text>
      </Group>
      {pages > 1 && (
        <nav aria-label="Seiten">
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onPageChange}
            withEdges
            size="sm"
            getControlProps={(control) => ({ 'aria-label': CONTROL_LABELS[control] })}
            getItemProps={(item) => ({ 'aria-label': `Seite ${item}` })}
          />
        </nav>
      )}
    </Group>
  );
}
