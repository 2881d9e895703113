import { Title, UnstyledButton } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './disclosure.module.css';

type Props = {
  /** the button's id (the table of contents focuses it) and the base of the panel's id */
  id: string;
  open: boolean;
  onToggle: () => void;
  /** the heading level of the button's heading */
  order: 2 | 3 | 4;
  children: ReactNode;
};

/**
 * Issue 19: a disclosure (WAI-ARIA APG): a heading holding a button whose name stays the same and whose state is
 * `aria-expanded`; it controls the panel `${id}-panel` (rendered by the caller, only while open).
 */
export function DisclosureHeading({ id, open, onToggle, order, children }: Props) {
  return (
    <Title order={order} fz={order === 2 ? 'lg' : 'md'} className={classes.heading}>
      <UnstyledButton id={id} className={classes.button} aria-expanded={open} aria-controls={`${id}-panel`} onClick={onToggle}>
        <span aria-hidden="true" className={classes.chevron} data-open={open || undefined}>
          ▸
        </span>
        <span>{children}</span>
      </UnstyledButton>
    </Title>
  );
}
