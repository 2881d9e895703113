import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, useSyncExternalStore } from 'react';
import type { AnswerValue, DocumentationForm } from '../../../shared/contracts/documentation';
import { answerProblem } from '../../../shared/contracts/documentation';
import type { Question } from '../../../shared/contracts/documentation-template';
import { documentationQueryOptions } from '../api/get-documentation';
import { saveDocumentationAnswers } from '../api/save-documentation-answers';
import { createAutosaver, type Autosaver } from './autosaver';
import { pendingStorageKey } from './pending-answers';

type Options = { facilityId: number; userId: number; ownName: string | null; form: DocumentationForm; debounceMs?: number };

/**
 * Autosave of the documentation form (issue 12): `values` are the server's answers with the user's unconfirmed changes
 * on top; `change` stores a change at once (localStorage) and saves it ~800 ms later. Retries with backoff, at once
 * when the browser is back online; on leaving the page one last `keepalive` request and the browser's warning.
 */
export function useAutosave({ facilityId, userId, ownName, form, debounceMs }: Options) {
  const queryClient = useQueryClient();
  const queryKey = documentationQueryOptions(facilityId).queryKey;
  const [saver] = useState<Autosaver>(() => {
    const questions = new Map<string, Question>(form.sections.flatMap((s) => s.questions.map((q) => [q.key, q] as const)));
    return createAutosaver({
      storageKey: pendingStorageKey(userId, facilityId, form.seasonId),
      getForm: () => queryClient.getQueryData(queryKey) ?? form,
      setForm: (next) => queryClient.setQueryData(queryKey, next),
      knownKeys: new Set(questions.keys()),
      isSendable: (key: string, value: AnswerValue) => {
        const q = questions.get(key);
        return q !== undefined && answerProblem(q, value, 'draft') === null;
      },
      ownName,
      send: (input, options) => saveDocumentationAnswers(facilityId, input, options),
      onClosed: () => void queryClient.invalidateQueries({ queryKey }),
      debounceMs,
    });
  });
  const snapshot = useSyncExternalStore(saver.subscribe, saver.getSnapshot, saver.getSnapshot);

  useEffect(() => {
    if (!form.editable) return;
    saver.start();
    const onOnline = () => saver.retryNow();
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!saver.sendBeacon()) return;
      // the browser asks "Seite verlassen?" in its own words; browsers ignore custom texts
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('online', onOnline);
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => {
      window.removeEventListener('online', onOnline);
      window.removeEventListener('beforeunload', onBeforeUnload);
      saver.stop();
    };
  }, [saver, form.editable]);

  const values = { ...form.answers };
  for (const [key, entry] of Object.entries(snapshot.pending)) values[key] = entry.value;
  return { ...snapshot, values, saver };
}
