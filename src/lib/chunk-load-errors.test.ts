import { afterEach, describe, expect, it, vi } from 'vitest';
import { CHUNK_RETRY_MS, importUntilLoaded } from './chunk-load-errors';

describe('importUntilLoaded (the session chunks, the dialogs after the first paint)', () => {
  afterEach(() => vi.useRealTimers());

  it('given a chunk that fails while offline, stays pending and loads once the browser is online again', async () => {
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue('chunk');
    let settled: string | undefined;
    void importUntilLoaded(load).then((m) => (settled = m));
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await new Promise((r) => setTimeout(r, 20));
    expect(settled).toBeUndefined();
    window.dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(settled).toBe('chunk'));
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('given a chunk that fails without an online event (a server hiccup), asks for it again after CHUNK_RETRY_MS', async () => {
    vi.useFakeTimers();
    const load = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new Error('503'))
      .mockRejectedValueOnce(new Error('503'))
      .mockResolvedValue('chunk');
    let settled: string | undefined;
    void importUntilLoaded(load).then((m) => (settled = m));
    await vi.advanceTimersByTimeAsync(CHUNK_RETRY_MS - 1);
    expect(load).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(load).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(CHUNK_RETRY_MS);
    expect(load).toHaveBeenCalledTimes(3);
    expect(settled).toBe('chunk');
  });
});
