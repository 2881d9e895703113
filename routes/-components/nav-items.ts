import { adminEntryPathFor, decideAccess, type Access } from '../../src/features/access/access-rules';
import type { AuthState } from '../../src/features/auth/auth-machine';
import type { NavItem } from '../../src/components/layout/main-nav';

/** SPEC §6: the navigation names each page exactly as its heading does. */
const PAGES: Array<NavItem & { access: Access }> = [
  { to: '/', label: 'Start', access: 'login' },
  { to: '/stammdaten', label: 'Stammdaten', access: 'facility' },
  { to: '/personal', label: 'Personal', access: 'facility' },
  { to: '/kita-jahr-anmeldung', label: 'KiTa-Jahr-Anmeldung', access: 'facility' },
  { to: '/team-workshop-application', label: 'Team-Workshop', access: 'enrolled' },
  { to: '/fortbildungen', label: 'Fortbildungen', access: 'enrolled' },
  { to: '/hospitationen', label: 'Hospitationen', access: 'enrolled' },
  { to: '/dokumentationsbogen', label: 'Dokumentationsbogen', access: 'enrolled' },
  { to: '/auszeichnungsverantaltung', label: 'Auszeichnungsveranstaltung', access: 'enrolled' },
  { to: '/einstellungen', label: 'Einstellungen', access: 'login' },
  { to: '/verwaltung', label: 'Verwaltung', access: 'admin' },
];

/**
 * Only what the user may open right now. KiTa pages need an active KiTa also for admins (who may open them
 * without one, but would find nothing there). "Verwaltung" leads a jury member to the documentation forms (issue 12).
 */
export function navItemsFor({ user, curSeason, activeFacilityId }: AuthState): NavItem[] {
  const adminEntry = adminEntryPathFor(user);
  const pages = PAGES.map((page) => (page.to === '/verwaltung' && adminEntry ? { ...page, to: adminEntry } : page));
  return pages
    .filter(({ access, to }) => {
      if ((access === 'facility' || access === 'enrolled') && activeFacilityId === null) return false;
      return decideAccess({ access, pathname: to, user, curSeason, activeFacilityId }).kind === 'allow';
    })
    .map(({ to, label }) => ({ to, label }));
}
