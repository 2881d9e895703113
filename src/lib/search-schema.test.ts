import { describe, expect, it } from 'vitest';
import { searchEnum, searchInt, searchSchema, searchText } from './search-schema';

describe('searchSchema (validateSearch without zod)', () => {
  const schema = searchSchema({
    page: searchInt(1),
    size: searchInt(0, 1000),
    dir: searchEnum(['asc', 'desc']),
    q: searchText(10),
    code: searchText(20, 3),
  });

  it('keeps valid fields, numbers given as numbers or digit strings', () => {
    expect(schema.parse({ page: 3, size: '25', dir: 'desc', q: '  Bamberg ', code: 'abcd' })).toEqual({
      page: 3,
      size: 25,
      dir: 'desc',
      q: 'Bamberg',
      code: 'abcd',
    });
  });

  it('drops each broken field on its own (set to undefined, so it overrides the raw search)', () => {
    const parsed = schema.parse({ page: 0, size: 1001, dir: 'up', q: 'x'.repeat(11), code: 'ab', extra: 1 });
    expect(parsed).toEqual({ page: undefined, size: undefined, dir: undefined, q: undefined, code: undefined });
    expect(Object.keys(parsed)).toEqual(['page', 'size', 'dir', 'q', 'code']);
    expect(schema.parse({ page: 1.5, size: '1e3', dir: 7 })).toMatchObject({ page: undefined, size: undefined, dir: undefined });
  });

  it('drops a text with a control character, a bidi override or a lone surrogate, as the server would refuse it', () => {
    for (const q of ['ab\u0000cd', 'a\tb', 'ab\u202Ecd', 'ab\uD800']) expect(schema.parse({ q }).q, JSON.stringify(q)).toBeUndefined();
    expect(schema.parse({ q: 'Grünwald' }).q).toBe('Grünwald');
  });

  it('a number typed into a text field stays text; anything that is not an object parses as empty', () => {
    expect(schema.parse({ q: 12345 }).q).toBe('12345');
    expect(schema.parse(null)).toEqual({ page: undefined, size: undefined, dir: undefined, q: undefined, code: undefined });
  });
});
