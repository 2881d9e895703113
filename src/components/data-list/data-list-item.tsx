import { DataList } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * One row of a read-only record shown as Mantine's DataList: its label and its value (the theme lets the value move
 * under its label where both do not fit, src/lib/theme.ts). The one way to write a row; eslint refuses another.
 */
export function DataListItem({ label, value }: { label: string; value: ReactNode }) {
  return (
    <DataList.Item>
      <DataList.ItemLabel>{label}</DataList.ItemLabel>
      <DataList.ItemValue>{value}</DataList.ItemValue>
    </DataList.Item>
  );
}
