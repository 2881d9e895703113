import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * An edit mode whose form takes the place of the button that opened it ("Stammdaten bearbeiten", "Anmeldung ändern"):
 * when the form closes (Abbrechen, or saved), the focus goes back to that button (WCAG 2.4.3), where the person
 * left off, instead of the page heading the focus keeper would fall back to (focused there without a visible ring).
 * Put `ref={openerRef}` on the button.
 */
export function useEditMode() {
  const [editing, setEditingState] = useState(false);
  const openerRef = useRef<HTMLButtonElement>(null);
  const returnFocus = useRef(false);

  useEffect(() => {
    if (editing || !returnFocus.current) return;
    returnFocus.current = false;
    openerRef.current?.focus();
  }, [editing]);

  const setEditing = useCallback((next: boolean) => {
    returnFocus.current = !next;
    setEditingState(next);
  }, []);

  return { editing, setEditing, openerRef };
}
