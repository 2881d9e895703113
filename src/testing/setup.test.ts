import { describe, expect, it } from 'vitest';

describe('test setup', () => {
  it('given jsdom, Mantine needs matchMedia, ResizeObserver and scrollIntoView', () => {
    expect(window.matchMedia('(min-width: 1px)').matches).toBe(false);
    expect(typeof window.ResizeObserver).toBe('function');
    expect(typeof document.body.scrollIntoView).toBe('function');
  });
});
