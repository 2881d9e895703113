import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('given no environment, uses the embedded defaults of SPEC §5', () => {
    const c = loadConfig({});
    expect(c).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
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
      retention: {
        days: {
          'unactivated-accounts': 30,
          'inactive-accounts': 1096,
          'documentation-files': 1096,
          'removed-persons': 365,
          'sent-mails': 90,
          'audit-log': 1096,
          'legacy-import-files': 30,
        },
        inactiveGraceDays: 60,
      },
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

  it('given no FILE_STORAGE, keeps uploads on the local disk', () => {
    expect(loadConfig({}).fileStorage).toEqual({ kind: 'local' });
  });

  it('given FILE_STORAGE=s3 with every S3 value, passes the store on; path style only when asked', () => {
    const s3 = {
      FILE_STORAGE: 's3',
      S3_ENDPOINT: 'https://s3.eu-central-1.amazonaws.com',
      S3_REGION: 'eu-central-1',
      S3_BUCKET: 'kita-uploads',
      S3_ACCESS_KEY_ID: 'AKID',
      S3_SECRET_ACCESS_KEY: 'geheim',
    };
    expect(loadConfig(s3).fileStorage).toEqual({
      kind: 's3',
      endpoint: 'https://s3.eu-central-1.amazonaws.com',
      region: 'eu-central-1',
      bucket: 'kita-uploads',
      accessKeyId: 'AKID',
      secretAccessKey: 'geheim',
      forcePathStyle: false,
    });
    expect(loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'true' }).fileStorage).toMatchObject({ forcePathStyle: true });
  });

  it('given FILE_STORAGE=s3 without the S3 values, fails in German naming each missing one', () => {
    const run = () => loadConfig({ FILE_STORAGE: 's3', S3_BUCKET: 'kita-uploads', S3_SECRET_ACCESS_KEY: '' });
    expect(run).toThrow(
      /S3_ENDPOINT: fehlt – mit FILE_STORAGE=s3 sind S3_ENDPOINT, S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID und S3_SECRET_ACCESS_KEY nötig/,
    );
    expect(run).toThrow(/S3_REGION: fehlt/);
    expect(run).toThrow(/S3_ACCESS_KEY_ID: fehlt/);
    expect(run).toThrow(/S3_SECRET_ACCESS_KEY: fehlt/);
    expect(run).not.toThrow(/S3_BUCKET: fehlt/);
    expect(() => loadConfig({ FILE_STORAGE: 'ftp' })).toThrow(/FILE_STORAGE/);
    expect(() => loadConfig({ FILE_STORAGE: 's3', S3_ENDPOINT: 'ftp://x' })).toThrow(/S3_ENDPOINT muss eine http\(s\)-Adresse sein/);
  });

  it('given malformed variables (a DATABASE_URL password with an unescaped /, PORT, PUBLIC_URL, SMTP_URL), fails in German naming each, never repeating a value', () => {
    const env = {
      DATABASE_URL: 'postgres://kita:Xy7/geheim+Q@db:5432/kita',
      PORT: 'dreitausend',
      PUBLIC_URL: 'kita.example.org',
      SMTP_URL: 'smtp://portal:pa/ss@mail.example.org:587',
    };
    let error: unknown;
    try {
      loadConfig(env);
    } catch (err) {
      error = err;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const { problems, message } = error as ConfigError;
    expect(problems.map((p) => p.variable).sort()).toEqual(['DATABASE_URL', 'PORT', 'PUBLIC_URL', 'SMTP_URL']);
    expect(message).toMatch(/^Die Konfiguration ist ungültig, das Portal startet nicht\. /);
    expect(message).toContain('DATABASE_URL: ungültig – erwartet: eine PostgreSQL-Adresse');
    expect(message).toContain('/ als %2F');
    expect(message).toContain('PORT: ungültig – erwartet: eine ganze Zahl von 0 bis 65535');
    expect(message).not.toMatch(/geheim|pa\/ss|dreitausend|Invalid|expected/);
    // one line: a log line of its own
    expect(message).not.toContain('\n');
    // the same password percent-encoded is fine, and so is a socket address without host
    expect(loadConfig({ DATABASE_URL: 'postgres://kita:Xy7%2Fgeheim%2BQ@db:5432/kita' }).databaseUrl).toBe(
      'postgres://kita:Xy7%2Fgeheim%2BQ@db:5432/kita',
    );
    expect(loadConfig({ DATABASE_URL: 'postgres:///kita?host=/var/run/postgresql' }).databaseUrl).toBeDefined();
    expect(loadConfig({ SMTP_URL: 'smtps://portal:pa%40ss@mail.example.org:465' }).smtpUrl).toBeDefined();
  });

  it('given METRICS_TOKEN, passes it on; a short one is refused', () => {
    expect(loadConfig({}).metricsToken).toBeUndefined();
    expect(loadConfig({ METRICS_TOKEN: 'a'.repeat(32) }).metricsToken).toBe('a'.repeat(32));
    expect(() => loadConfig({ METRICS_TOKEN: 'kurz' })).toThrow(/METRICS_TOKEN: ungültig – erwartet: mindestens 24 zufällige Zeichen/);
  });
});
