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
    });
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
