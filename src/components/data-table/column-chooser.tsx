import { Button } from '@mantine/core';
import { cloneElement } from 'react';
import { lazyAfterFirstPaint } from '../layout/render-later';
import type { useColumnChoice } from './column-choice';

type Props = { choice: ReturnType<typeof useColumnChoice> };

// the popover (with floating-ui) comes after the page's first paint; until then its button stands there inert (issue 35)
const Chooser = lazyAfterFirstPaint(
  () => import('./column-chooser-popover').then((m) => m.ColumnChooserPopover),
  ({ button }) => cloneElement(button, { inert: true }),
);

/**
 * "Spalten": a button above the table that opens a small dialog of checkboxes, one per switchable column. Keyboard:
 * Enter/Space open it, focus moves into it and stays there (Tab), Escape closes it and returns to the button.
 */
export function ColumnChooser({ choice }: Props) {
  const hidden = choice.choices.filter((c) => !c.shown).length;
  if (choice.choices.length === 0) return null;
  const button = (
    <Button variant="default" size="xs">
      {hidden > 0 ? `Spalten (${hidden} ausgeblendet)` : 'Spalten'}
    </Button>
  );
  return <Chooser choice={choice} button={button} />;
}
