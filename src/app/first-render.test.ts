import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderFirstPage } from './first-render';

describe('renderFirstPage', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('renders once, after the first page has loaded', async () => {
    let loaded!: () => void;
    const render = vi.fn();
    const done = renderFirstPage({ load: () => new Promise<void>((r) => (loaded = r)), render, waitMs: 1000 });
    await vi.advanceTimersByTimeAsync(999);
    expect(render).not.toHaveBeenCalled();
    loaded();
    await done;
    expect(render).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(5000);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('renders after waitMs when the load takes longer (the router shows its loading page), and not again when it ends', async () => {
    let loaded!: () => void;
    const render = vi.fn();
    const done = renderFirstPage({ load: () => new Promise<void>((r) => (loaded = r)), render, waitMs: 1000 });
    await vi.advanceTimersByTimeAsync(1000);
    await done;
    expect(render).toHaveBeenCalledTimes(1);
    loaded();
    await vi.advanceTimersByTimeAsync(0);
    expect(render).toHaveBeenCalledTimes(1);
  });

  it('renders when the load fails: the router shows its error page', async () => {
    const render = vi.fn();
    await renderFirstPage({ load: () => Promise.reject(new Error('chunk failed')), render, waitMs: 1000 });
    expect(render).toHaveBeenCalledTimes(1);
  });
});
