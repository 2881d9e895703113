import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';

describe('loadConfig', () => {
  it('given no environment, uses the embedded defaults of SPEC §5', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      publicUrl: 'http://localhost:3000',
      secureCookies: false,
      databaseUrl: undefined,
      dataDir: './data',
      programmeName: 'KiTa-Portal',
      supportEmail: 'kontakt@kita-portal.example',
      supportPhone: '0911 123456-0',
      adminTotp: 'required',
      sessionIdleMinutes: 120,
      sessionMaxHours: 12,
      mailRetentionDays: 90,
      totpKey: undefined,
      imprintUrl: undefined,
      privacyUrl: undefined,
      accessibilityUrl: undefined,
      accessibilityContact: 'kontakt@kita-portal.example',
    });
  });

  it('given legal page URLs and a feedback contact, passes them on; the contact defaults to SUPPORT_EMAIL', () => {
    const c = loadConfig({
      IMPRINT_URL: 'https://verband.example/impressum',
      PRIVACY_URL: 'https://verband.example/datenschutz',
      ACCESSIBILITY_URL: 'https://verband.example/barrierefreiheit',
      SUPPORT_EMAIL: 'hilfe@verband.example',
    });
    expect(c).toMatchObject({
      imprintUrl: 'https://verband.example/impressum',
      privacyUrl: 'https://verband.example/datenschutz',
      accessibilityUrl: 'https://verband.example/barrierefreiheit',
      accessibilityContact: 'hilfe@verband.example',
    });
    expect(loadConfig({ ACCESSIBILITY_CONTACT: 'barrierefrei@verband.example' }).accessibilityContact).toBe('barrierefrei@verband.example');
    expect(() => loadConfig({ IMPRINT_URL: 'javascript:alert(1)' })).toThrow(/IMPRINT_URL/);
  });

  it('given PORT only, PUBLIC_URL follows it; given an https PUBLIC_URL, cookies become Secure', () => {
    expect(loadConfig({ PORT: '4000' }).publicUrl).toBe('http://localhost:4000');
    const c = loadConfig({ PUBLIC_URL: 'https://portal.example/' });
    expect(c.publicUrl).toBe('https://portal.example');
    expect(c.publicOrigin).toBe('https://portal.example');
    expect(c.secureCookies).toBe(true);
  });

  it('given empty strings, treats them as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });

  it('given a bad value, fails naming the variable', () => {
    expect(() => loadConfig({ ADMIN_TOTP: 'maybe' })).toThrow(/ADMIN_TOTP/);
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
  });
});
