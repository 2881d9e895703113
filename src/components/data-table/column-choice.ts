import { createContext, useContext, useState } from 'react';

/**
 * Whose column choice a list remembers: the signed-in admin's user id, provided by the admin layout
 * (routes/_app/verwaltung.tsx). Without it (tests, a page outside the admin area) the choice is kept under "anon".
 */
export const ColumnChoiceOwner = createContext<number | null>(null);

/** what a column needs for the chooser */
export type ChoosableColumn = { key: string; header: unknown; label?: string | undefined; hiddenByDefault?: boolean | undefined };

/**
 * The first column names the row (and links to it) and `actions` holds its buttons: both are always shown. The
 * others can be switched on and off; `hiddenByDefault` ones start off.
 */
export const isFixedColumn = (column: { key: string }, index: number) => index === 0 || column.key === 'actions';

export const columnName = (column: ChoosableColumn) => column.label ?? (typeof column.header === 'string' ? column.header : column.key);

/** the admin's deviations from the list's defaults: a column added later follows its default until chosen */
type Stored = { shown: string[]; hidden: string[] };

export const columnChoiceKey = (owner: number | null, listId: string) => `kita-portal.columns.${owner ?? 'anon'}.${listId}`;

function read(key: string): Stored {
  try {
    const raw: unknown = JSON.parse(window.localStorage.getItem(key) ?? 'null');
    const strings = (v: unknown) => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
    if (raw && typeof raw === 'object') return { shown: strings((raw as Stored).shown), hidden: strings((raw as Stored).hidden) };
  } catch {
    // a broken entry (edited by hand, an old format) is the defaults
  }
  return { shown: [], hidden: [] };
}

function write(key: string, value: Stored) {
  try {
    if (value.shown.length === 0 && value.hidden.length === 0) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // storage full or blocked (private mode): the choice holds until the page is left
  }
}

/**
 * Which columns of a list are shown: its defaults, changed by the admin in the "Spalten" chooser and remembered in
 * this browser per admin and list (docs/decisions/0025-list-columns.md). Exports always carry every column.
 */
export function useColumnChoice<C extends ChoosableColumn>(listId: string | undefined, columns: C[]) {
  const owner = useContext(ColumnChoiceOwner);
  const key = listId ? columnChoiceKey(owner, listId) : null;
  const [stored, setStored] = useState<{ key: string | null; value: Stored }>(() => ({ key, value: key ? read(key) : { shown: [], hidden: [] } }));
  // another list (or admin) on the same component: read its own choice
  const choice = stored.key === key ? stored.value : key ? read(key) : { shown: [], hidden: [] };
  if (stored.key !== key) setStored({ key, value: choice });

  const isShown = (column: C, index: number) =>
    isFixedColumn(column, index) || (column.hiddenByDefault ? choice.shown.includes(column.key) : !choice.hidden.includes(column.key));
  const change = (next: Stored) => {
    if (key) write(key, next);
    setStored({ key, value: next });
  };
  const setShown = (columnKey: string, shown: boolean) => {
    const column = columns.find((c) => c.key === columnKey);
    if (!column) return;
    const without = { shown: choice.shown.filter((k) => k !== columnKey), hidden: choice.hidden.filter((k) => k !== columnKey) };
    // only a deviation from the default is stored
    if (shown && column.hiddenByDefault) without.shown.push(columnKey);
    if (!shown && !column.hiddenByDefault) without.hidden.push(columnKey);
    change(without);
  };

  return {
    visible: listId ? columns.filter(isShown) : columns,
    /** the switchable columns with their state, in the list's order */
    choices: columns.flatMap((c, i) => (isFixedColumn(c, i) ? [] : [{ key: c.key, name: columnName(c), shown: isShown(c, i) }])),
    setShown,
    reset: () => change({ shown: [], hidden: [] }),
    isDefault: columns.every((c, i) => isShown(c, i) === (isFixedColumn(c, i) || !c.hiddenByDefault)),
  };
}
