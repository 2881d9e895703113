import { Table } from '@mantine/core';
import type { ReactNode } from 'react';

type Props = {
  /** below this width the table scrolls sideways instead of squeezing its columns */
  minWidth: number;
  children: ReactNode;
  /** a class on the element that carries the min-width (a table that stacks when narrow drops it there) */
  innerClassName?: string;
} & ({ label: string; labelledBy?: never } | { labelledBy: string; label?: never });

/**
 * A wide table's horizontal scroll region (WCAG 1.4.10 at 320 px, 2.1.1): named (a group labelled by the table's
 * caption or a label), reachable with the keyboard (axe: scrollable-region-focusable), its scrollbar shown whenever
 * it is needed (Mantine's default shows it only on hover). Every table that may scroll sideways sits in one.
 */
export function TableScrollRegion({ minWidth, label, labelledBy, innerClassName, children }: Props) {
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      classNames={innerClassName ? { scrollContainerInner: innerClassName } : undefined}
      scrollAreaProps={{
        type: 'auto',
        scrollbars: 'x',
        offsetScrollbars: 'x',
        viewportProps: { tabIndex: 0, role: 'group', ...(labelledBy ? { 'aria-labelledby': labelledBy } : { 'aria-label': label }) },
      }}
    >
      {children}
    </Table.ScrollContainer>
  );
}
