import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { globalConfig } from 'zod/v4/core';
import { makeZodJitless } from './zod-jitless';

describe('makeZodJitless', () => {
  afterEach(() => {
    delete globalConfig.jitless;
  });

  it('writes the settings object zod reads (z.config), without importing zod', () => {
    expect((globalThis as { __zod_globalConfig?: object }).__zod_globalConfig).toBe(globalConfig);
    makeZodJitless();
    expect(z.config().jitless).toBe(true);
  });

  it('creates the settings object when zod has not loaded yet', () => {
    const target: { __zod_globalConfig?: { jitless?: boolean } } = {};
    makeZodJitless(target);
    expect(target.__zod_globalConfig).toEqual({ jitless: true });
  });

  it('object schemas built afterwards still parse and report errors', () => {
    makeZodJitless();
    const schema = z.object({ name: z.string(), count: z.number().int() });
    expect(schema.parse({ name: 'KiTa', count: 2, extra: 1 })).toEqual({ name: 'KiTa', count: 2 });
    expect(schema.safeParse({ name: 1, count: 2 }).success).toBe(false);
  });
});
