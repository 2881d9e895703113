import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

type Props = { name: string };
const Loaded = ({ name }: Props) => <p>Dialog {name}</p>;
const standIn = ({ name }: Props) => <p>Platzhalter {name}</p>;

describe('lazyAfterFirstPaint (dialogs and popovers after the first paint, issue 35)', () => {
  it('given a page not yet painted, asks for no chunk; once one is painted, for each defined, whether rendered or not', async () => {
    // a fresh module: no page of this worker has been painted in it yet
    vi.resetModules();
    const { lazyAfterFirstPaint, useAfterFirstPaint } = await import('./render-later');
    const load = vi.fn(() => Promise.resolve(Loaded));
    const Later = lazyAfterFirstPaint(load, standIn);
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(load).not.toHaveBeenCalled();

    function Page() {
      return <p>{useAfterFirstPaint() ? 'gemalt' : 'erste Darstellung'}</p>;
    }
    render(<Page />);
    expect(screen.getByText('erste Darstellung')).toBeInTheDocument();
    expect(load).not.toHaveBeenCalled();
    await screen.findByText('gemalt');
    expect(load).toHaveBeenCalledTimes(1);

    render(<Later name="A" />);
    await screen.findByText('Dialog A');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('renders its stand-in in its own first paint, then the component', async () => {
    const { lazyAfterFirstPaint } = await import('./render-later');
    const Later = lazyAfterFirstPaint(() => Promise.resolve(Loaded), standIn);
    render(<Later name="B" />);
    expect(screen.getByText('Platzhalter B')).toBeInTheDocument();
    await screen.findByText('Dialog B');
    expect(screen.queryByText('Platzhalter B')).not.toBeInTheDocument();
  });

  it('given a chunk that fails (offline), keeps the stand-in and shows the component once the browser is online', async () => {
    const { lazyAfterFirstPaint } = await import('./render-later');
    const load = vi
      .fn<() => Promise<typeof Loaded>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValue(Loaded);
    const Later = lazyAfterFirstPaint(load, standIn);
    render(<Later name="C" />);
    await vi.waitFor(() => expect(load).toHaveBeenCalledTimes(1));
    await act(() => new Promise((r) => setTimeout(r, 20)));
    expect(screen.getByText('Platzhalter C')).toBeInTheDocument();
    act(() => void window.dispatchEvent(new Event('online')));
    await screen.findByText('Dialog C');
    expect(load).toHaveBeenCalledTimes(2);
  });
});
