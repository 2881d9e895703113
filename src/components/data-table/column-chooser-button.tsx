import { Button } from '@mantine/core';
import { forwardRef } from 'react';
import type { useColumnChoice } from './column-choice';

export type ColumnChoice = ReturnType<typeof useColumnChoice>;

/**
 * The "Spalten" button: the chooser's target, and until the chooser's code is there (it comes after the table, with
 * Mantine's Popover: data-table.tsx) its stand-in of the same size, `inert` so no focus lands on it to be lost.
 */
export const ColumnChooserButton = forwardRef<HTMLButtonElement, { choice: ColumnChoice; inert?: boolean }>(function ColumnChooserButton(
  { choice, inert, ...rest },
  ref,
) {
  const hidden = choice.choices.filter((c) => !c.shown).length;
  return (
    <Button ref={ref} variant="default" size="xs" inert={inert} {...rest}>
      {hidden > 0 ? `Spalten (${hidden} ausgeblendet)` : 'Spalten'}
    </Button>
  );
});
