import type { User } from '../../shared/contracts/auth';
import type { Season } from '../../shared/contracts/season';

/**
 * What a route needs (seed §2/§6), declared per route as `staticData.access`:
 * public — anyone; login — any logged-in user; facility — an active KiTa; enrolled — an active KiTa enrolled to
 * the current season; admin — administrators only (jury members too below `JURY_AREA_PATH`, issue 12).
 */
export type Access = 'public' | 'login' | 'facility' | 'enrolled' | 'admin';

export type GuardDialog =
  | { kind: 'no-facility' }
  | { kind: 'not-enrolled'; seasonIdentifier: string }
  | { kind: 'missing-settings'; firstName: string; labels: string[] }
  | { kind: 'select-facility' };

export type AccessDecision =
  | { kind: 'allow'; dialog?: GuardDialog }
  /** anonymous on a protected page: remember the target, go to /login */
  | { kind: 'login' }
  /** go to the home page (logged in on /login, non-admin on /verwaltung) */
  | { kind: 'home' }
  /** stay where the user was (or go home on a first load) and show the dialog */
  | { kind: 'cancel'; dialog: GuardDialog };

export type AccessInput = {
  access: Access;
  pathname: string;
  user: User | null;
  curSeason: Season | null;
  activeFacilityId: number | null;
};

export const HOME_PATH = '/';
export const LOGIN_PATH = '/login';
export const SETTINGS_PATH = '/einstellungen';

const needsFacility = (access: Access) => access === 'facility' || access === 'enrolled';

/**
 * Issue 12: jury members review the documentation forms: this page of the administration and everything below it
 * is open to them, nothing else (the server's jury routes live under /api/admin/documentation alike).
 */
export const JURY_AREA_PATH = '/verwaltung/dokuboegen';
export const isJuryPath = (pathname: string) => pathname === JURY_AREA_PATH || pathname.startsWith(`${JURY_AREA_PATH}/`);

/** May this user open this page under /verwaltung? Admins every one, jury members the documentation forms. */
export const mayOpenAdminPath = (user: User, pathname: string) => user.is_admin || (user.isJury && isJuryPath(pathname));

/** Where "Verwaltung" leads this user: the overview for admins, the documentation forms for the jury, nowhere else. */
export function adminEntryPathFor(user: User | null): string | null {
  if (!user) return null;
  if (user.is_admin) return '/verwaltung';
  return user.isJury ? JURY_AREA_PATH : null;
}

function missingSettingsDialog(user: User, pathname: string): GuardDialog | undefined {
  const labels = Object.values(user.missingSettings);
  if (labels.length === 0 || pathname === SETTINGS_PATH) return undefined;
  return { kind: 'missing-settings', firstName: user.firstName, labels };
}

/** Pure decision of every seed §6/§8 rule for one navigation; the route guard carries it out. */
export function decideAccess({ access, pathname, user, curSeason, activeFacilityId }: AccessInput): AccessDecision {
  if (access === 'public') {
    if (pathname === LOGIN_PATH && user) return { kind: 'home' };
    return { kind: 'allow' };
  }
  if (!user) return { kind: 'login' };
  if (access === 'admin' && !mayOpenAdminPath(user, pathname)) return { kind: 'home' };

  // Dialog 3 takes precedence over 1 and 2 (and over choosing a KiTa), but never opens a page the user may not see.
  const settings = missingSettingsDialog(user, pathname);
  const withPrecedence = (dialog: GuardDialog) => settings ?? dialog;
  const isHome = pathname === HOME_PATH;

  if (user.is_admin) return { kind: 'allow', dialog: settings };

  const facilities = Object.values(user.facilities);
  if (facilities.length === 0) {
    // a jury member without a KiTa is not here for one (like admins): no dialog 1; a KiTa page has nothing for them
    if (user.isJury) return needsFacility(access) ? { kind: 'home' } : { kind: 'allow', dialog: settings };
    if (needsFacility(access)) return { kind: 'cancel', dialog: withPrecedence({ kind: 'no-facility' }) };
    if (isHome) return { kind: 'allow', dialog: withPrecedence({ kind: 'no-facility' }) };
    return { kind: 'allow', dialog: settings };
  }

  const active = facilities.find((f) => f.id === activeFacilityId);
  if (!active) {
    if (needsFacility(access)) return { kind: 'cancel', dialog: withPrecedence({ kind: 'select-facility' }) };
    if (isHome) return { kind: 'allow', dialog: withPrecedence({ kind: 'select-facility' }) };
    return { kind: 'allow', dialog: settings };
  }

  if (access === 'enrolled' && !active.is_enrolled_to_cur_season) {
    return { kind: 'cancel', dialog: withPrecedence({ kind: 'not-enrolled', seasonIdentifier: curSeason?.identifier ?? '' }) };
  }
  return { kind: 'allow', dialog: settings };
}
