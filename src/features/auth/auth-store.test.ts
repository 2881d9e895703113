import { beforeEach, describe, expect, it } from 'vitest';
import { currentSeason, loggedIn, users } from '../../testing/factories/users';
import { ACTIVE_FACILITY_KEY, createAuthStore, safeRedirectTarget } from './auth-store';

beforeEach(() => window.localStorage.clear());

describe('auth store', () => {
  it('restores a stored KiTa and keeps it once the user is known', () => {
    window.localStorage.setItem(ACTIVE_FACILITY_KEY, '22');
    const store = createAuthStore();
    expect(store.getState().activeFacilityId).toBe(22);
    store.syncStatus(loggedIn(users.several()));
    expect(store.getState().activeFacilityId).toBe(22);
  });

  it('drops a stale stored KiTa from localStorage', () => {
    window.localStorage.setItem(ACTIVE_FACILITY_KEY, '999');
    const store = createAuthStore();
    store.syncStatus(loggedIn(users.several()));
    expect(store.getState().activeFacilityId).toBeNull();
    expect(window.localStorage.getItem(ACTIVE_FACILITY_KEY)).toBeNull();
  });

  it('persists a selection and clears it on logout', () => {
    const store = createAuthStore();
    store.dispatch({ type: 'LOGIN_REQUESTED' });
    store.dispatch({ type: 'LOGIN_SUCCEEDED', response: { success: true, user: users.several(), curSeason: currentSeason, msg: '' } });
    store.dispatch({ type: 'FACILITY_SELECTED', facilityId: 21 });
    expect(window.localStorage.getItem(ACTIVE_FACILITY_KEY)).toBe('21');
    store.dispatch({ type: 'LOGOUT_REQUESTED' });
    store.dispatch({ type: 'LOGOUT_SUCCEEDED' });
    expect(window.localStorage.getItem(ACTIVE_FACILITY_KEY)).toBeNull();
  });

  it('picks up a KiTa another tab chose', () => {
    const store = createAuthStore();
    store.syncStatus(loggedIn(users.several()));
    window.localStorage.setItem(ACTIVE_FACILITY_KEY, '23');
    expect(store.restoreFacility().activeFacilityId).toBe(23);
  });

  it('notifies subscribers only on change', () => {
    const store = createAuthStore();
    let calls = 0;
    const unsubscribe = store.subscribe(() => (calls += 1));
    store.dispatch({ type: 'LOGOUT_REQUESTED' }); // not allowed: no change
    store.dispatch({ type: 'LOGIN_REQUESTED' });
    unsubscribe();
    store.dispatch({ type: 'LOGIN_FAILED', msg: 'x' });
    expect(calls).toBe(1);
  });

  it('the redirect target defaults to / and is used once', () => {
    const store = createAuthStore();
    expect(store.takeRedirectTarget()).toBe('/');
    store.setRedirectTarget('/fortbildungen?seite=2');
    expect(store.takeRedirectTarget()).toBe('/fortbildungen?seite=2');
    expect(store.takeRedirectTarget()).toBe('/');
  });
});

describe('safeRedirectTarget', () => {
  it('keeps same-origin paths only', () => {
    expect(safeRedirectTarget('/personal')).toBe('/personal');
    expect(safeRedirectTarget('//evil.example')).toBe('/');
    expect(safeRedirectTarget('/\\evil.example')).toBe('/');
    expect(safeRedirectTarget('https://evil.example')).toBe('/');
    expect(safeRedirectTarget('/login')).toBe('/');
    expect(safeRedirectTarget(undefined)).toBe('/');
  });
});
