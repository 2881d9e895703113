import { act, renderHook } from '@testing-library/react';
import type { ChangeEvent } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useListSearchBox } from './use-list-search-box';

const typed = (value: string) => ({ currentTarget: { value } }) as ChangeEvent<HTMLInputElement>;

function renderBox(initial: string | undefined) {
  const send = vi.fn();
  const view = renderHook(({ url }: { url: string | undefined }) => useListSearchBox(url, send), { initialProps: { url: initial } });
  const type = (value: string) => act(() => view.result.current.onChange(typed(value)));
  const pause = (ms: number) => act(() => vi.advanceTimersByTime(ms));
  return { view, send, type, pause };
}

describe('the search box of a list', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('given a pause after "Sonn" and "en" typed before the address says q=Sonn, keeps "Sonnen" and sends it', () => {
    const { view, send, type, pause } = renderBox(undefined);
    type('Sonn');
    pause(300);
    expect(send).toHaveBeenLastCalledWith('Sonn');
    type('Sonne');
    type('Sonnen');
    // the navigation of the pause lands now
    view.rerender({ url: 'Sonn' });
    expect(view.result.current.value).toBe('Sonnen');
    pause(300);
    expect(send).toHaveBeenLastCalledWith('Sonnen');
    view.rerender({ url: 'Sonnen' });
    expect(view.result.current.value).toBe('Sonnen');
  });

  it('given a space typed last, keeps it when the address answers with the trimmed words', () => {
    const { view, send, type, pause } = renderBox(undefined);
    type('Kinderhaus ');
    pause(300);
    expect(send).toHaveBeenLastCalledWith('Kinderhaus');
    view.rerender({ url: 'Kinderhaus' });
    expect(view.result.current.value).toBe('Kinderhaus ');
  });

  it('given the address changed from outside (back button, a shared link), shows it', () => {
    const { view, send, type, pause } = renderBox('Wald');
    expect(view.result.current.value).toBe('Wald');
    type('Waldkinder');
    pause(300);
    view.rerender({ url: 'Waldkinder' });
    view.rerender({ url: 'Wald' });
    expect(view.result.current.value).toBe('Wald');
    view.rerender({ url: undefined });
    expect(view.result.current.value).toBe('');
    expect(send).toHaveBeenCalledTimes(1);
  });

  it('given a cell pasted from a spreadsheet, shows and sends its tab as a space (the server refuses a tab)', () => {
    const { view, send, type, pause } = renderBox(undefined);
    type('Müller\tAnna');
    expect(view.result.current.value).toBe('Müller Anna');
    pause(300);
    expect(send).toHaveBeenLastCalledWith('Müller Anna');
  });
});
