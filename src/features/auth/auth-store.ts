import type { LoginStatusResponse } from '../../shared/contracts/auth';
import { authReducer, initialAuthState, type AuthEvent, type AuthState } from './auth-machine';

/** Fixed key of seed §9 / docs/foundation-plan.md. */
export const ACTIVE_FACILITY_KEY = 'kita-portal.activeFacilityId';

function readStoredFacility(): number | null {
  try {
    const raw = window.localStorage.getItem(ACTIVE_FACILITY_KEY);
    const id = raw === null ? NaN : Number(raw);
    return Number.isInteger(id) ? id : null;
  } catch {
    return null; // storage blocked (privacy mode): the KiTa is then chosen per visit
  }
}

function writeStoredFacility(id: number | null) {
  try {
    if (id === null) window.localStorage.removeItem(ACTIVE_FACILITY_KEY);
    else window.localStorage.setItem(ACTIVE_FACILITY_KEY, String(id));
  } catch {
    // see readStoredFacility
  }
}

/** Only same-origin paths are ever used as a target, so a crafted URL can't send the user elsewhere. */
export function safeRedirectTarget(href: string | null | undefined): string {
  if (!href || !href.startsWith('/') || href.startsWith('//') || href.startsWith('/\\')) return '/';
  if (href === '/login' || href.startsWith('/login?')) return '/';
  return href;
}

export type AuthStore = {
  getState(): AuthState;
  dispatch(event: AuthEvent): AuthState;
  subscribe(listener: () => void): () => void;
  /** Applies a login-status answer (the same cached object only once, unless a check is running). */
  syncStatus(response: LoginStatusResponse): AuthState;
  /** Re-reads the persisted facility id (seed §4: restored on each navigation). */
  restoreFacility(): AuthState;
  setRedirectTarget(href: string): void;
  /** Returns the stored target (default '/') and forgets it. */
  takeRedirectTarget(): string;
};

/**
 * The one holder of the auth machine state for a router instance. It lives outside React so that route guards
 * (beforeLoad) read and change it synchronously; components subscribe with useSyncExternalStore.
 */
export function createAuthStore(): AuthStore {
  let state: AuthState = { ...initialAuthState, activeFacilityId: readStoredFacility() };
  let lastSynced: LoginStatusResponse | null = null;
  let redirectTarget: string | null = null;
  const listeners = new Set<() => void>();

  const dispatch = (event: AuthEvent) => {
    const next = authReducer(state, event);
    if (next === state) return state;
    const facilityChanged = next.activeFacilityId !== state.activeFacilityId;
    state = next;
    // While no user is known, an unvalidated id must not overwrite what another tab stored.
    if (facilityChanged && (next.user || event.type === 'LOGOUT_SUCCEEDED')) writeStoredFacility(next.activeFacilityId);
    listeners.forEach((listener) => listener());
    return state;
  };

  return {
    getState: () => state,
    dispatch,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    syncStatus(response) {
      // React Query hands out the same object while nothing changed; a running check must still be ended.
      if (response === lastSynced && !state.checkingStatus) return state;
      lastSynced = response;
      return dispatch({ type: 'STATUS_CHECKED', response });
    },
    restoreFacility() {
      const stored = readStoredFacility();
      if (stored === null && state.activeFacilityId !== null && state.user) {
        // Storage cleared (or another tab logged out): keep the validated choice and write it back.
        writeStoredFacility(state.activeFacilityId);
        return state;
      }
      return dispatch({ type: 'FACILITY_RESTORED', facilityId: stored });
    },
    setRedirectTarget(href) {
      redirectTarget = safeRedirectTarget(href);
    },
    takeRedirectTarget() {
      const target = redirectTarget ?? '/';
      redirectTarget = null;
      return target;
    },
  };
}
