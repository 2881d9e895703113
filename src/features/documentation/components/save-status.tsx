import { Text, VisuallyHidden } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { formatDate, formatTime } from '../../../lib/locale';
import type { SaveStatus } from '../hooks/autosaver';

export const retryingText = 'Nicht gespeichert – wir versuchen es weiter';

function savedText(at: string) {
  const sameDay = formatDate(at) === formatDate(new Date());
  // SPEC §6 names the state exactly "Gespeichert um HH:MM" (QA suites match it); an older save adds its date
  return sameDay ? `Gespeichert um ${formatTime(at)}` : `Gespeichert am ${formatDate(at)} um ${formatTime(at)}`;
}

export function saveStatusText(status: SaveStatus, formSavedAt: string | null, waiting: boolean): string {
  switch (status.kind) {
    case 'saving':
      return 'Speichert …';
    case 'saved':
      return savedText(status.at);
    case 'retrying':
      return retryingText;
    case 'refused':
      return `Nicht gespeichert: ${status.message}`;
    case 'idle':
      if (waiting) return 'Noch nicht gespeichert';
      return formSavedAt ? savedText(formSavedAt) : 'Noch nichts gespeichert';
  }
}

/**
 * The save state line (SPEC §6 "Gespeichert um HH:MM"). It is seen, not announced on every keystroke: a separate polite
 * live region speaks only the first save of the visit, a failure, and the save after a failure.
 */
export function SaveStatusLine({ status, formSavedAt, waiting }: { status: SaveStatus; formSavedAt: string | null; waiting: boolean }) {
  const text = saveStatusText(status, formSavedAt, waiting);
  const [spoken, setSpoken] = useState('');
  const previous = useRef<SaveStatus['kind']>(status.kind);
  const announcedSave = useRef(false);
  useEffect(() => {
    const before = previous.current;
    previous.current = status.kind;
    if (status.kind === before) return;
    if (status.kind === 'retrying' || status.kind === 'refused') setSpoken(text);
    else if (status.kind === 'saved' && (before === 'retrying' || before === 'refused' || !announcedSave.current)) {
      announcedSave.current = true;
      setSpoken(text);
    }
  }, [status.kind, text]);
  const failing = status.kind === 'retrying' || status.kind === 'refused';
  return (
    <>
      <Text size="sm" fw={failing ? 600 : undefined} c={failing ? 'red.9' : 'dimmed'} data-save-status>
        {text}
      </Text>
      <VisuallyHidden role="status" aria-live="polite">
        {spoken}
      </VisuallyHidden>
    </>
  );
}
