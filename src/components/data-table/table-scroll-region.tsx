import { Table } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './table-scroll-region.module.css';

type Props = {
  /** below this width the table scrolls sideways instead of squeezing its columns */
  minWidth: number;
  children: ReactNode;
  /** a class on the element that carries the min-width (a table that stacks when narrow drops it there) */
  innerClassName?: string;
  /** the id of the table's caption, which names the region: the name is written once, in the caption */
  labelledBy: string;
};

/**
 * A wide table's horizontal scroll region (WCAG 1.4.10 at 320 px, 2.1.1): named (a group labelled by the table's
 * caption: one text, so the name cannot drift from what the caption shows), reachable with the keyboard (axe:
 * scrollable-region-focusable), its scrollbar shown whenever it is needed. Every table that may scroll sideways sits in one.
 *
 * The browser's own scrolling (`type="native"`), not Mantine's ScrollArea: the ScrollArea measured its thumb in a
 * layout effect, a forced layout in the commit of every page with a table (issue 35: /personal's two tables, 15 ms
 * of its 150 ms first render on an office PC, four times that on a phone). The scrollbar keeps its room and is drawn
 * whenever the table is wider than the region, also where the system hides scrollbars until one scrolls
 * (`table-scroll-region.module.css`).
 */
export function TableScrollRegion({ minWidth, labelledBy, innerClassName, children }: Props) {
  return (
    <Table.ScrollContainer
      type="native"
      minWidth={minWidth}
      className={classes.region}
      classNames={innerClassName ? { scrollContainerInner: innerClassName } : undefined}
      tabIndex={0}
      role="group"
      aria-labelledby={labelledBy}
    >
      {children}
    </Table.ScrollContainer>
  );
}
