import { describe, expect, it } from 'vitest';
import { anonymous, currentSeason, loggedIn, users } from '../../testing/factories/users';
import { AuthStatus as S, authReducer, initialAuthState, type AuthState } from './auth-machine';

const authenticated = (user = users.oneEnrolled()): AuthState => authReducer(initialAuthState, { type: 'STATUS_CHECKED', response: loggedIn(user) });
const loginOk = (user = users.oneEnrolled()) => ({ success: true, user, curSeason: currentSeason, msg: 'Willkommen zurück!' });

describe('auth machine (seed §4)', () => {
  it('starts unauthenticated and fresh', () => {
    expect(initialAuthState.status).toBe(S.UNAUTHENTICATED | S.FRESH);
    expect(initialAuthState.user).toBeNull();
  });

  describe('LOGIN_REQUESTED', () => {
    it('becomes unauthenticated + requesting login', () => {
      const next = authReducer(initialAuthState, { type: 'LOGIN_REQUESTED' });
      expect(next.status).toBe(S.UNAUTHENTICATED | S.REQUESTING_LOGIN);
    });
    it('does nothing when already authenticated', () => {
      const state = authenticated();
      expect(authReducer(state, { type: 'LOGIN_REQUESTED' })).toBe(state);
    });
    it('clears an earlier error', () => {
      const failed = authReducer(initialAuthState, { type: 'LOGIN_FAILED', msg: 'falsch' });
      expect(authReducer(failed, { type: 'LOGIN_REQUESTED' }).error).toBeNull();
    });
  });

  describe('LOGIN_SUCCEEDED', () => {
    const requesting = authReducer(initialAuthState, { type: 'LOGIN_REQUESTED' });
    it('with a user: authenticated alone, user and season stored', () => {
      const next = authReducer(requesting, { type: 'LOGIN_SUCCEEDED', response: loginOk() });
      expect(next.status).toBe(S.AUTHENTICATED);
      expect(next.user?.id).toBe(3);
      expect(next.curSeason?.identifier).toBe('2026-27');
      expect(next.activeFacilityId).toBe(11); // exactly one KiTa → auto-selected
    });
    it('without a user: failure with the msg', () => {
      const next = authReducer(requesting, {
        type: 'LOGIN_SUCCEEDED',
        response: { success: true, user: null, curSeason: null, msg: 'Komisch.' },
      });
      expect(next.status).toBe(S.UNAUTHENTICATED | S.FAILURE);
      expect(next.error).toBe('Komisch.');
    });
    it('success false: failure with the msg', () => {
      const next = authReducer(requesting, {
        type: 'LOGIN_SUCCEEDED',
        response: { success: false, user: null, curSeason: null, msg: 'E-Mail-Adresse oder Passwort ist falsch.' },
      });
      expect(next.status).toBe(S.UNAUTHENTICATED | S.FAILURE);
      expect(next.error).toBe('E-Mail-Adresse oder Passwort ist falsch.');
    });
    it('is ignored when already authenticated', () => {
      const state = authenticated();
      expect(authReducer(state, { type: 'LOGIN_SUCCEEDED', response: loginOk(users.admin()) })).toBe(state);
    });
  });

  describe('LOGIN_FAILED (network or HTTP error)', () => {
    it('gives failure with the message', () => {
      const next = authReducer(authReducer(initialAuthState, { type: 'LOGIN_REQUESTED' }), { type: 'LOGIN_FAILED', msg: 'Offline?' });
      expect(next.status).toBe(S.UNAUTHENTICATED | S.FAILURE);
      expect(next.error).toBe('Offline?');
    });
    it('falls back to a German message', () => {
      expect(authReducer(initialAuthState, { type: 'LOGIN_FAILED', msg: '' }).error).toMatch(/Anmelden hat nicht geklappt/);
    });
    it('is ignored when authenticated', () => {
      const state = authenticated();
      expect(authReducer(state, { type: 'LOGIN_FAILED', msg: 'x' })).toBe(state);
    });
  });

  describe('LOGOUT_REQUESTED', () => {
    it('is allowed only when authenticated', () => {
      expect(authReducer(initialAuthState, { type: 'LOGOUT_REQUESTED' })).toBe(initialAuthState);
      expect(authReducer(authenticated(), { type: 'LOGOUT_REQUESTED' }).status).toBe(S.AUTHENTICATED | S.REQUESTING_LOGOUT);
    });
    it('is not started twice', () => {
      const requesting = authReducer(authenticated(), { type: 'LOGOUT_REQUESTED' });
      expect(authReducer(requesting, { type: 'LOGOUT_REQUESTED' })).toBe(requesting);
    });
  });

  describe('LOGOUT_SUCCEEDED', () => {
    it('clears user, season and the active facility', () => {
      const next = authReducer(authReducer(authenticated(), { type: 'LOGOUT_REQUESTED' }), { type: 'LOGOUT_SUCCEEDED' });
      expect(next.status).toBe(S.UNAUTHENTICATED);
      expect(next.user).toBeNull();
      expect(next.curSeason).toBeNull();
      expect(next.activeFacilityId).toBeNull();
    });
    it('is ignored without a running logout', () => {
      const state = authenticated();
      expect(authReducer(state, { type: 'LOGOUT_SUCCEEDED' })).toBe(state);
    });
  });

  describe('LOGOUT_FAILED', () => {
    it('sets the error and stays authenticated', () => {
      const next = authReducer(authReducer(authenticated(), { type: 'LOGOUT_REQUESTED' }), { type: 'LOGOUT_FAILED', msg: 'Nope' });
      expect(next.status).toBe(S.AUTHENTICATED);
      expect(next.error).toBe('Nope');
      expect(next.user).not.toBeNull();
    });
    it('is ignored without a running logout', () => {
      expect(authReducer(initialAuthState, { type: 'LOGOUT_FAILED', msg: 'x' })).toBe(initialAuthState);
    });
  });

  describe('status check', () => {
    it('runs one at a time: a second start is ignored', () => {
      const running = authReducer(initialAuthState, { type: 'STATUS_CHECK_STARTED' });
      expect(running.checkingStatus).toBe(true);
      expect(authReducer(running, { type: 'STATUS_CHECK_STARTED' })).toBe(running);
    });
    it('loggedin → authenticated with user and season', () => {
      const running = authReducer(initialAuthState, { type: 'STATUS_CHECK_STARTED' });
      const next = authReducer(running, { type: 'STATUS_CHECKED', response: loggedIn(users.several()) });
      expect(next.status).toBe(S.AUTHENTICATED);
      expect(next.user?.id).toBe(5);
      expect(next.curSeason?.id).toBe(currentSeason.id);
      expect(next.checkingStatus).toBe(false);
      expect(next.activeFacilityId).toBeNull(); // several KiTas: the user chooses
    });
    it('not logged in → stays unauthenticated, no longer fresh', () => {
      const next = authReducer(initialAuthState, { type: 'STATUS_CHECKED', response: anonymous() });
      expect(next.status).toBe(S.UNAUTHENTICATED);
    });
    it('not logged in while authenticated → user dropped', () => {
      const next = authReducer(authenticated(), { type: 'STATUS_CHECKED', response: anonymous() });
      expect(next.status).toBe(S.UNAUTHENTICATED);
      expect(next.user).toBeNull();
    });
    it('not logged in during a login request keeps the request running', () => {
      const requesting = authReducer(initialAuthState, { type: 'LOGIN_REQUESTED' });
      const next = authReducer(requesting, { type: 'STATUS_CHECKED', response: anonymous() });
      expect(next.status).toBe(S.UNAUTHENTICATED | S.REQUESTING_LOGIN);
    });
    it('a failed check ends the running check only', () => {
      const running = authReducer(initialAuthState, { type: 'STATUS_CHECK_STARTED' });
      expect(authReducer(running, { type: 'STATUS_CHECK_FAILED' })).toEqual(initialAuthState);
      expect(authReducer(initialAuthState, { type: 'STATUS_CHECK_FAILED' })).toBe(initialAuthState);
    });
  });

  describe('SESSION_EXPIRED', () => {
    it('drops the user but keeps the KiTa for the next login', () => {
      const next = authReducer(authenticated(), { type: 'SESSION_EXPIRED' });
      expect(next.status).toBe(S.UNAUTHENTICATED);
      expect(next.user).toBeNull();
      expect(next.activeFacilityId).toBe(11);
    });
    it('is ignored when not authenticated', () => {
      expect(authReducer(initialAuthState, { type: 'SESSION_EXPIRED' })).toBe(initialAuthState);
    });
  });

  describe('active facility', () => {
    const several = authenticated(users.several());
    it('selecting one of the user’s KiTas makes it active', () => {
      expect(authReducer(several, { type: 'FACILITY_SELECTED', facilityId: 22 }).activeFacilityId).toBe(22);
    });
    it('a stale id is dropped', () => {
      expect(authReducer(several, { type: 'FACILITY_RESTORED', facilityId: 999 }).activeFacilityId).toBeNull();
    });
    it('a stale stored id is replaced on login', () => {
      const restored = authReducer(initialAuthState, { type: 'FACILITY_RESTORED', facilityId: 999 });
      expect(restored.activeFacilityId).toBe(999); // no user yet: not validated
      const next = authReducer(restored, { type: 'STATUS_CHECKED', response: loggedIn(users.several()) });
      expect(next.activeFacilityId).toBeNull();
    });
    it('an unchanged selection returns the same state', () => {
      const state = authReducer(several, { type: 'FACILITY_SELECTED', facilityId: 21 });
      expect(authReducer(state, { type: 'FACILITY_SELECTED', facilityId: 21 })).toBe(state);
    });
  });
});
