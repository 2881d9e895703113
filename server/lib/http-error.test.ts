import { describe, expect, it } from 'vitest';
import { errorCatalogue } from '../../src/shared/contracts/error-codes';
import { fail } from './http-error';

describe('error catalogue', () => {
  it('given every entry, it has a 4xx/5xx status, a snake_case code and a German message', () => {
    for (const [module, entries] of Object.entries(errorCatalogue)) {
      for (const [name, entry] of Object.entries(entries)) {
        expect(entry.status, `${module}.${name}`).toBeGreaterThanOrEqual(400);
        expect(entry.code).toMatch(/^[a-z]+(_[a-z]+)*$/);
        expect(typeof entry.message === 'function' || entry.message.length > 0).toBe(true);
      }
    }
  });

  it('given an entry with fields, arguments and options, fail() builds the SPEC §3 error from it', () => {
    const e = fail('me.wrong_password', { field: 'currentPassword' });
    expect(e).toMatchObject({
      statusCode: 400,
      code: 'wrong_password',
      message: 'Das Passwort ist falsch.',
      fields: { currentPassword: 'Das Passwort ist falsch.' },
    });
    expect(fail('auth.too_many_attempts', ['12:30'], { headers: { 'retry-after': '5' } })).toMatchObject({
      statusCode: 429,
      message: 'Zu viele Anmeldeversuche. Bitte versuche es um 12:30 Uhr wieder.',
      headers: { 'retry-after': '5' },
    });
    expect(fail('common.not_found').fields).toBeUndefined();
  });

  it('given an id no catalogue declares, fail() does not compile (the catalogue stays typed)', () => {
    // @ts-expect-error: the facility catalogue has no such entry
    const unknownEntry = () => fail('facility.no_such_error');
    // @ts-expect-error: no module declares this group
    const unknownGroup = () => fail('spaceship.not_found');
    expect([typeof unknownEntry, typeof unknownGroup]).toEqual(['function', 'function']);
  });
});
