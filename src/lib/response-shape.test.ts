import { describe, expect, it } from 'vitest';
import { asLoginStatus, asPing, asPublicConfig, errorReasonOf, UnexpectedResponseError } from './response-shape';

describe('first-page answers checked without zod', () => {
  it('passes our own answers through unchanged', () => {
    const status = { loggedin: true, user: { id: 1 }, curSeason: null };
    expect(asLoginStatus(status)).toBe(status);
    expect(asPing({ loggedin: false, version: '1' })).toEqual({ loggedin: false, version: '1' });
    expect(asPublicConfig({ programmeName: 'P', supportEmail: 'a@b.de', supportPhone: '0', version: '1' })).toMatchObject({ programmeName: 'P' });
  });

  it('refuses foreign answers (a proxy page, an old server) with a clear error', () => {
    for (const bad of ['<html>', null, [], { loggedin: 'yes', user: null, curSeason: null }, { loggedin: true, user: null, curSeason: null }]) {
      expect(() => asLoginStatus(bad)).toThrow(UnexpectedResponseError);
    }
    expect(() => asPing({ loggedin: true })).toThrow('Unerwartete Antwort des Servers (ping).');
    expect(() => asPublicConfig({ programmeName: 'P' })).toThrow(UnexpectedResponseError);
  });

  it('reads the SPEC §3 reason, or nothing for other bodies', () => {
    expect(errorReasonOf({ reason: { message: 'Nein', code: 'forbidden' } })).toEqual({ message: 'Nein', code: 'forbidden' });
    expect(errorReasonOf({ reason: { message: 'Fehler', code: 'validation', fields: { email: 'Ungültig' } } })?.fields).toEqual({
      email: 'Ungültig',
    });
    for (const other of [
      undefined,
      'text',
      { reason: 'x' },
      { reason: { message: 1, code: 'x' } },
      { reason: { message: 'm', code: 'c', fields: { a: 1 } } },
    ]) {
      expect(errorReasonOf(other)).toBeUndefined();
    }
  });
});
