import { describe, expect, it } from 'vitest';
import { currentSeason, users } from '../../testing/factories/users';
import type { User } from '../../shared/contracts/auth';
import { adminEntryPathFor, decideAccess, isJuryPath, type Access } from './access-rules';

const decide = (access: Access, pathname: string, user: User | null, activeFacilityId: number | null = null) =>
  decideAccess({ access, pathname, user, curSeason: currentSeason, activeFacilityId });

describe('decideAccess (seed §6/§8)', () => {
  it('anonymous: public pages yes, everything else → login', () => {
    expect(decide('public', '/registrieren', null)).toEqual({ kind: 'allow' });
    expect(decide('login', '/', null)).toEqual({ kind: 'login' });
    expect(decide('enrolled', '/fortbildungen', null)).toEqual({ kind: 'login' });
    expect(decide('admin', '/verwaltung', null)).toEqual({ kind: 'login' });
  });

  it('logged in on /login → home', () => {
    expect(decide('public', '/login', users.oneEnrolled(), 11)).toEqual({ kind: 'home' });
  });

  it('admin pages: non-admins → home, admins without KiTa allowed everywhere', () => {
    expect(decide('admin', '/verwaltung/kitas', users.oneEnrolled(), 11)).toEqual({ kind: 'home' });
    expect(decide('admin', '/verwaltung/kitas', users.admin())).toEqual({ kind: 'allow' });
    expect(decide('enrolled', '/fortbildungen', users.admin())).toEqual({ kind: 'allow' });
  });

  it('no KiTa: dialog 1 cancels KiTa pages, shows at home, other pages open', () => {
    const u = users.noFacility();
    expect(decide('facility', '/stammdaten', u)).toEqual({ kind: 'cancel', dialog: { kind: 'no-facility' } });
    expect(decide('login', '/', u)).toEqual({ kind: 'allow', dialog: { kind: 'no-facility' } });
    expect(decide('login', '/einstellungen', u)).toEqual({ kind: 'allow' });
  });

  it('several KiTas, none active: selection dialog before KiTa pages', () => {
    const u = users.several();
    expect(decide('facility', '/personal', u)).toEqual({ kind: 'cancel', dialog: { kind: 'select-facility' } });
    expect(decide('login', '/', u)).toEqual({ kind: 'allow', dialog: { kind: 'select-facility' } });
    expect(decide('enrolled', '/fortbildungen', u, 21)).toEqual({ kind: 'allow' });
    expect(decide('enrolled', '/fortbildungen', u, 23)).toEqual({
      kind: 'cancel',
      dialog: { kind: 'not-enrolled', seasonIdentifier: '2026-27' },
    });
    expect(decide('facility', '/stammdaten', u, 23)).toEqual({ kind: 'allow' });
  });

  it('missing settings: dialog 3 everywhere but /einstellungen, over dialogs 1 and 2', () => {
    const u = users.missingSettings();
    const dialog = { kind: 'missing-settings', firstName: 'Emil', labels: ['Datenschutzerklärung (neue Fassung)', 'Newsletter'] };
    expect(decide('login', '/', u, 31)).toEqual({ kind: 'allow', dialog });
    expect(decide('login', '/einstellungen', u, 31)).toEqual({ kind: 'allow' });
    const notEnrolled = { ...u, facilities: { '31': { id: 31, label: 'KiTa Löwenzahn', is_enrolled_to_cur_season: false } } };
    expect(decide('enrolled', '/fortbildungen', notEnrolled, 31)).toEqual({ kind: 'cancel', dialog });
  });

  it('jury (issue 12): the documentation forms of /verwaltung and below, no other admin page; no dialog 1 without a KiTa', () => {
    const u = users.jury();
    for (const path of ['/verwaltung/dokuboegen', '/verwaltung/dokuboegen/', '/verwaltung/dokuboegen/2026-27', '/verwaltung/dokuboegen/2026-27/11']) {
      expect(decide('admin', path, u)).toEqual({ kind: 'allow' });
    }
    for (const path of ['/verwaltung', '/verwaltung/kitas', '/verwaltung/personen/5', '/verwaltung/dokuboegenx', '/verwaltung/kita-jahre']) {
      expect(decide('admin', path, u)).toEqual({ kind: 'home' });
    }
    expect(decide('login', '/', u)).toEqual({ kind: 'allow' });
    expect(decide('login', '/einstellungen', u)).toEqual({ kind: 'allow' });
    expect(decide('facility', '/stammdaten', u)).toEqual({ kind: 'home' });
    expect(decide('enrolled', '/fortbildungen', u)).toEqual({ kind: 'home' });
    // dialog 3 still asks a jury member
    const undecided = { ...u, missingSettings: { newsletter: 'Newsletter' } };
    expect(decide('login', '/', undecided)).toEqual({
      kind: 'allow',
      dialog: { kind: 'missing-settings', firstName: 'Julia', labels: ['Newsletter'] },
    });
  });

  it('jury (issue 12) who is also a KiTa member: the KiTa rules apply to KiTa pages, the documentation forms stay open', () => {
    const u = { ...users.several(), isJury: true };
    expect(decide('login', '/', u)).toEqual({ kind: 'allow', dialog: { kind: 'select-facility' } });
    expect(decide('admin', '/verwaltung/dokuboegen', u)).toEqual({ kind: 'allow' });
    expect(decide('admin', '/verwaltung/kitas', u, 21)).toEqual({ kind: 'home' });
    expect(decide('enrolled', '/fortbildungen', u, 21)).toEqual({ kind: 'allow' });
  });

  it('"Verwaltung" leads admins to the overview, jury members to the documentation forms, others nowhere', () => {
    expect(adminEntryPathFor(users.admin())).toBe('/verwaltung');
    expect(adminEntryPathFor({ ...users.admin(), isJury: true })).toBe('/verwaltung');
    expect(adminEntryPathFor(users.jury())).toBe('/verwaltung/dokuboegen');
    expect(adminEntryPathFor(users.oneEnrolled())).toBeNull();
    expect(adminEntryPathFor(null)).toBeNull();
    expect(isJuryPath('/verwaltung/dokuboegen-alt')).toBe(false);
  });
});
