import type { LoginResponse, LoginStatusResponse, User } from '../../shared/contracts/auth';
import type { Season } from '../../shared/contracts/season';

/**
 * Seed §4 authentication status as the bit flags agreed in docs/foundation-plan.md. "Failure" and "requesting
 * login" are never alone: they are combined with UNAUTHENTICATED; AUTHENTICATED stands alone (or with
 * REQUESTING_LOGOUT while a logout is running).
 */
export const AuthStatus = {
  UNAUTHENTICATED: 1,
  REQUESTING_LOGIN: 2,
  FAILURE: 4,
  AUTHENTICATED: 8,
  FRESH: 16,
  REQUESTING_LOGOUT: 32,
} as const;

export type AuthState = {
  status: number;
  user: User | null;
  curSeason: Season | null;
  /** German message of the last failed login or logout, for the form. */
  error: string | null;
  /** The KiTa the user works in right now; validated against user.facilities whenever the user changes. */
  activeFacilityId: number | null;
  /** True while a login-status request runs; a second start is ignored (seed §4: one at a time). */
  checkingStatus: boolean;
};

export type AuthEvent =
  | { type: 'LOGIN_REQUESTED' }
  | { type: 'LOGIN_SUCCEEDED'; response: LoginResponse }
  | { type: 'LOGIN_FAILED'; msg: string }
  | { type: 'LOGOUT_REQUESTED' }
  | { type: 'LOGOUT_SUCCEEDED' }
  | { type: 'LOGOUT_FAILED'; msg: string }
  | { type: 'STATUS_CHECK_STARTED' }
  | { type: 'STATUS_CHECKED'; response: LoginStatusResponse }
  | { type: 'STATUS_CHECK_FAILED' }
  /** The ping found the server session gone while we still thought we were logged in. */
  | { type: 'SESSION_EXPIRED' }
  | { type: 'FACILITY_SELECTED'; facilityId: number | null }
  /** The id read back from localStorage on a navigation (another tab may have changed it). */
  | { type: 'FACILITY_RESTORED'; facilityId: number | null };

export const initialAuthState: AuthState = {
  status: AuthStatus.UNAUTHENTICATED | AuthStatus.FRESH,
  user: null,
  curSeason: null,
  error: null,
  activeFacilityId: null,
  checkingStatus: false,
};

export const LOGIN_NETWORK_ERROR = 'Das Anmelden hat nicht geklappt. Bitte prüfe deine Verbindung und versuche es noch einmal.';
export const LOGIN_UNKNOWN_ERROR = 'Das Anmelden hat nicht geklappt. Bitte versuche es noch einmal.';

export const isAuthenticated = (state: AuthState) => (state.status & AuthStatus.AUTHENTICATED) !== 0;
export const isRequestingLogin = (state: AuthState) => (state.status & AuthStatus.REQUESTING_LOGIN) !== 0;
export const isRequestingLogout = (state: AuthState) => (state.status & AuthStatus.REQUESTING_LOGOUT) !== 0;
export const hasFailed = (state: AuthState) => (state.status & AuthStatus.FAILURE) !== 0;

/**
 * Keeps a facility id only if the user is a member of it; a user with exactly one KiTa gets it automatically
 * (seed §4). Without a user nothing is validated, so an id restored before the status check survives until then.
 */
export function resolveActiveFacility(user: User | null, requested: number | null): number | null {
  if (!user) return requested;
  const ids = Object.values(user.facilities).map((f) => f.id);
  if (requested !== null && ids.includes(requested)) return requested;
  if (ids.length === 1) return ids[0] ?? null;
  return null;
}

function signedIn(state: AuthState, user: User, curSeason: Season | null): AuthState {
  return {
    ...state,
    status: AuthStatus.AUTHENTICATED,
    user,
    curSeason,
    error: null,
    activeFacilityId: resolveActiveFacility(user, state.activeFacilityId),
  };
}

function signedOut(state: AuthState, keepFacility: boolean): AuthState {
  return {
    ...state,
    status: AuthStatus.UNAUTHENTICATED,
    user: null,
    curSeason: null,
    activeFacilityId: keepFacility ? state.activeFacilityId : null,
  };
}

/** Pure: the whole seed §4 machine. Events that are not allowed in a state return the same state object. */
export function authReducer(state: AuthState, event: AuthEvent): AuthState {
  switch (event.type) {
    case 'LOGIN_REQUESTED':
      if (isAuthenticated(state)) return state;
      return { ...state, status: AuthStatus.UNAUTHENTICATED | AuthStatus.REQUESTING_LOGIN, error: null };
    case 'LOGIN_SUCCEEDED': {
      if (isAuthenticated(state)) return state;
      const { response } = event;
      if (response.success && response.user) return signedIn(state, response.user, response.curSeason);
      return {
        ...state,
        status: AuthStatus.UNAUTHENTICATED | AuthStatus.FAILURE,
        error: response.msg || LOGIN_UNKNOWN_ERROR,
      };
    }
    case 'LOGIN_FAILED':
      if (isAuthenticated(state)) return state;
      return { ...state, status: AuthStatus.UNAUTHENTICATED | AuthStatus.FAILURE, error: event.msg || LOGIN_NETWORK_ERROR };
    case 'LOGOUT_REQUESTED':
      if (state.status !== AuthStatus.AUTHENTICATED) return state;
      return { ...state, status: AuthStatus.AUTHENTICATED | AuthStatus.REQUESTING_LOGOUT, error: null };
    case 'LOGOUT_SUCCEEDED':
      if (!isRequestingLogout(state)) return state;
      return { ...signedOut(state, false), error: null };
    case 'LOGOUT_FAILED':
      if (!isRequestingLogout(state)) return state;
      return { ...state, status: AuthStatus.AUTHENTICATED, error: event.msg };
    case 'STATUS_CHECK_STARTED':
      if (state.checkingStatus) return state;
      return { ...state, checkingStatus: true };
    case 'STATUS_CHECKED': {
      const { response } = event;
      const base = { ...state, checkingStatus: false };
      if (response.loggedin && response.user) return signedIn(base, response.user, response.curSeason);
      // A running login or logout owns the status; the check only drops "fresh" then.
      if (isRequestingLogin(state) || isRequestingLogout(state)) return { ...base, status: base.status & ~AuthStatus.FRESH };
      if (isAuthenticated(state)) return signedOut(base, true);
      return { ...base, status: base.status & ~AuthStatus.FRESH };
    }
    case 'STATUS_CHECK_FAILED':
      if (!state.checkingStatus) return state;
      return { ...state, checkingStatus: false };
    case 'SESSION_EXPIRED':
      if (!isAuthenticated(state)) return state;
      // The facility is kept: after logging in again the same KiTa is still active (it is re-validated then).
      return signedOut(state, true);
    case 'FACILITY_SELECTED':
    case 'FACILITY_RESTORED': {
      const next = resolveActiveFacility(state.user, event.facilityId);
      return next === state.activeFacilityId ? state : { ...state, activeFacilityId: next };
    }
  }
}
