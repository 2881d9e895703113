import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { germanFields } from './zod-german';

const asFastify = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  if (r.success) return {};
  return germanFields(r.error.issues.map((i) => ({ keyword: i.code, instancePath: `/${i.path.join('/')}`, message: i.message, params: { ...i } })));
};

describe('germanFields', () => {
  it('given zod defaults, translates generically into German per dotted path', () => {
    const schema = z.object({
      name: z.string().min(3),
      email: z.email(),
      kind: z.enum(['a', 'b']),
      address: z.object({ street: z.string() }),
      count: z.number().max(10),
      flag: z.boolean(),
    });
    expect(asFastify(schema, { name: 'ab', email: 'nope', kind: 'c', address: {}, count: 11, flag: 'ja' })).toEqual({
      flag: 'Ungültiger Wert.',
      name: 'Zu kurz (mindestens 3 Zeichen).',
      email: 'Ungültige E-Mail-Adresse.',
      kind: 'Bitte wähle einen der vorgegebenen Werte.',
      'address.street': 'Pflichtfeld.',
      count: 'Zu groß (höchstens 10).',
    });
  });

  it("given the contract's own German message, it wins", () => {
    expect(asFastify(z.object({ x: z.string().min(1, 'Bitte gib etwas an.') }), { x: '' })).toEqual({ x: 'Bitte gib etwas an.' });
  });
});
