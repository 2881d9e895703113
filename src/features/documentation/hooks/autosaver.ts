import { isHTTPError } from 'ky';
import { getErrorReason } from '../../../lib/api-client';
import {
  applyAutosave,
  type AnswerValue,
  type AutosaveInput,
  type AutosaveResult,
  type DocumentationForm,
} from '../../../shared/contracts/documentation';
import { readPending, sameValue, writePending, type PendingAnswers, type PendingEntry } from './pending-answers';

export type SaveStatus =
  | { kind: 'idle' }
  | { kind: 'saving' }
  | { kind: 'saved'; at: string }
  /** no answer or a passing server failure: kept locally, tried again with backoff and when the browser is online */
  | { kind: 'retrying' }
  /** the server refused (400, 409 closed …): `message` is its German reason */
  | { kind: 'refused'; message: string };

export type AutosaveSnapshot = {
  pending: PendingAnswers;
  status: SaveStatus;
  /** pending answers of an earlier visit were found on this device at start */
  restored: boolean;
  /** localStorage refused to keep the answers (quota, private mode) */
  storageFailed: boolean;
};

export type AutosaverDeps = {
  storageKey: string;
  getForm: () => DocumentationForm;
  setForm: (form: DocumentationForm) => void;
  /** false while the value has a draft problem (the server would refuse the whole batch) */
  isSendable: (key: string, value: AnswerValue) => boolean;
  /** the question keys of the template: stored answers of removed questions are dropped */
  knownKeys: ReadonlySet<string>;
  /** the user's own name as the server writes `savedBy`, to not call oneself a colleague */
  ownName: string | null;
  send: (input: AutosaveInput, options: { keepalive?: boolean }) => Promise<AutosaveResult>;
  /** the server said the form can't change now (409): the page reloads it and turns read-only */
  onClosed: () => void;
  debounceMs?: number;
  retryDelaysMs?: readonly number[];
};

const RETRY_DELAYS_MS = [2000, 5000, 10_000, 20_000, 30_000];
const passing = (error: unknown) => !isHTTPError(error) || [408, 425, 429, 500, 502, 503, 504].includes(error.response.status);

/**
 * The autosave engine of the documentation form, without React (the hook subscribes to it). Every change is written to
 * localStorage at once and stays there until the server confirmed exactly that value; the server gets only changed
 * keys, ~800 ms after the last change, with the version each key was seen at.
 */
export function createAutosaver(deps: AutosaverDeps) {
  const debounceMs = deps.debounceMs ?? 800;
  const retryDelays = deps.retryDelaysMs ?? RETRY_DELAYS_MS;
  const listeners = new Set<() => void>();
  let debounceTimer: ReturnType<typeof setTimeout> | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let attempt = 0;
  let inFlight = false;
  let again = false;
  let stopped = true;
  let lastSavedAt: string | null = null;

  // what an earlier visit left: answers the server has meanwhile (a keepalive save that arrived) are dropped
  const form = deps.getForm();
  const stored = readPending(deps.storageKey);
  const initial: PendingAnswers = {};
  for (const [key, entry] of Object.entries(stored))
    if (deps.knownKeys.has(key) && (entry.conflict || !sameValue(entry.value, form.answers[key]))) initial[key] = entry;
  let snapshot: AutosaveSnapshot = {
    pending: initial,
    status: { kind: 'idle' },
    restored: Object.keys(initial).length > 0,
    storageFailed: false,
  };
  if (Object.keys(initial).length !== Object.keys(stored).length) writePending(deps.storageKey, initial);

  const emit = () => listeners.forEach((l) => l());
  function update(next: Partial<AutosaveSnapshot>) {
    snapshot = { ...snapshot, ...next };
    emit();
  }
  function setPending(pending: PendingAnswers) {
    const ok = writePending(deps.storageKey, pending);
    update({ pending, storageFailed: !ok });
  }

  const sendable = (pending: PendingAnswers) =>
    Object.entries(pending).filter(([key, e]) => !e.conflict && e.rejected === undefined && deps.isSendable(key, e.value));

  /** one request: the keys seen at the oldest version go first (they must be checked against that version) */
  function nextBatch(): AutosaveInput | null {
    const ready = sendable(snapshot.pending);
    if (ready.length === 0) return null;
    const base = Math.min(...ready.map(([, e]) => e.base));
    const batch = ready.filter(([, e]) => e.base === base);
    return {
      baseVersion: base,
      answers: Object.fromEntries(batch.map(([key, e]) => [key, e.value])),
      overwrite: batch.filter(([, e]) => e.overwrite).map(([key]) => key),
    };
  }

  async function flush(): Promise<void> {
    clearTimeout(debounceTimer);
    clearTimeout(retryTimer);
    debounceTimer = retryTimer = undefined;
    if (stopped) return;
    if (inFlight) {
      again = true;
      return;
    }
    const input = nextBatch();
    if (!input) {
      if (snapshot.status.kind === 'saving' || snapshot.status.kind === 'retrying') update({ status: { kind: 'idle' } });
      return;
    }
    inFlight = true;
    update({ status: { kind: 'saving' } });
    try {
      const result = await deps.send(input, {});
      inFlight = false;
      // after the page left, the stored answers stay: the next visit drops those the server has
      if (stopped) return;
      attempt = 0;
      applyResult(input, result);
      const more = again || nextBatch() !== null;
      again = false;
      if (more) void flush();
    } catch (error) {
      inFlight = false;
      if (stopped) return;
      again = false;
      handleFailure(input, error);
    }
  }

  function applyResult(input: AutosaveInput, result: AutosaveResult) {
    // the answer carries only what changed after the batch's base version: merged into the form held here
    const form = applyAutosave(deps.getForm(), result);
    const conflicts = result.conflicts;
    deps.setForm(form);
    const pending = { ...snapshot.pending };
    const conflicted = new Set(conflicts);
    // savedBy is the form's last writer: when that is the user (other keys of this very request), the colleague is unnamed
    const colleague = form.savedBy && form.savedBy !== deps.ownName ? form.savedBy : null;
    for (const [key, sent] of Object.entries(input.answers)) {
      const entry = pending[key];
      if (!entry) continue;
      if (conflicted.has(key)) {
        pending[key] = {
          value: entry.value,
          base: entry.base,
          conflict: { ...(key in form.answers ? { theirs: form.answers[key] } : {}), savedBy: colleague, savedAt: colleague ? form.savedAt : null },
        };
      } else if (sameValue(entry.value, sent)) {
        delete pending[key];
      } else {
        // typed on while the request ran: the server has our earlier value now, so the key is ours up to this version
        pending[key] = { value: entry.value, base: form.version };
      }
    }
    setPending(pending);
    if (conflicted.size < Object.keys(input.answers).length) lastSavedAt = form.savedAt ?? new Date().toISOString();
    update({ status: lastSavedAt ? { kind: 'saved', at: lastSavedAt } : { kind: 'idle' } });
  }

  function handleFailure(input: AutosaveInput, error: unknown) {
    if (passing(error)) {
      const delay = retryDelays[Math.min(attempt, retryDelays.length - 1)] ?? 30_000;
      attempt += 1;
      update({ status: { kind: 'retrying' } });
      retryTimer = setTimeout(() => void flush(), delay);
      return;
    }
    const reason = getErrorReason(error);
    const message = reason?.message ?? 'Der Server hat die Änderung nicht angenommen.';
    const status = isHTTPError(error) ? error.response.status : 0;
    if (status === 400) {
      // the keys the server named wait until the user changes them; the others go again
      const fields = reason?.fields ?? {};
      const pending = { ...snapshot.pending };
      const named = Object.keys(input.answers).filter((k) => fields[k]);
      for (const key of named.length > 0 ? named : Object.keys(input.answers)) {
        const entry = pending[key];
        if (entry) pending[key] = { ...entry, rejected: fields[key] ?? message };
      }
      setPending(pending);
      update({ status: { kind: 'refused', message } });
      if (nextBatch()) debounceTimer = setTimeout(() => void flush(), debounceMs);
      return;
    }
    update({ status: { kind: 'refused', message } });
    if (status === 409 || status === 403 || status === 404) deps.onClosed();
  }

  function change(key: string, value: AnswerValue) {
    const entry: PendingEntry | undefined = snapshot.pending[key];
    const next: PendingEntry = entry?.conflict
      ? { ...entry, value }
      : { value, base: entry?.base ?? deps.getForm().version, ...(entry?.overwrite ? { overwrite: true } : {}) };
    setPending({ ...snapshot.pending, [key]: next });
    clearTimeout(debounceTimer);
    debounceTimer = setTimeout(() => void flush(), debounceMs);
  }

  /** "Neuere Fassung übernehmen": the colleague's answer stays, ours is dropped */
  function acceptTheirs(key: string) {
    const pending = { ...snapshot.pending };
    delete pending[key];
    setPending(pending);
  }

  /** "Meine Fassung behalten": sent again, overwriting the colleague's answer on purpose */
  function keepMine(key: string) {
    const entry = snapshot.pending[key];
    if (!entry) return;
    setPending({ ...snapshot.pending, [key]: { value: entry.value, base: deps.getForm().version, overwrite: true } });
    void flush();
  }

  /** the page unloads: one last try that outlives the page (fetch keepalive); the answers stay stored either way */
  function sendBeacon(): boolean {
    const input = nextBatch();
    if (input) deps.send(input, { keepalive: true }).catch(() => {});
    return Object.keys(snapshot.pending).length > 0;
  }

  return {
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    change,
    flush,
    acceptTheirs,
    keepMine,
    sendBeacon,
    /** the browser is back online: try at once instead of waiting for the backoff */
    retryNow() {
      if (snapshot.status.kind === 'retrying') {
        attempt = 0;
        void flush();
      }
    },
    /** waits until nothing sendable is pending or in flight (before "Einreichen"); false when something stays unsaved */
    async settle(): Promise<boolean> {
      for (let i = 0; i < 50 && !stopped; i++) {
        if (!inFlight && nextBatch() === null) break;
        if (!inFlight) await flush();
        else await new Promise((resolve) => setTimeout(resolve, 100));
        if (snapshot.status.kind === 'retrying' || snapshot.status.kind === 'refused') return false;
      }
      return Object.keys(snapshot.pending).length === 0;
    },
    /** the form version the server last told (for "Einreichen") */
    version: () => deps.getForm().version,
    /** mounted: sends what an earlier visit left at once */
    start() {
      stopped = false;
      if (nextBatch()) void flush();
    },
    /** unmounted (another page of the app): what waits for the debounce goes now, the answers stay stored */
    stop() {
      const waiting = debounceTimer !== undefined || retryTimer !== undefined;
      clearTimeout(debounceTimer);
      clearTimeout(retryTimer);
      debounceTimer = retryTimer = undefined;
      if (waiting && !inFlight) sendBeacon();
      stopped = true;
    },
  };
}

export type Autosaver = ReturnType<typeof createAutosaver>;
