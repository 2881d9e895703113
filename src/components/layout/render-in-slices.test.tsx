import { act, render, screen } from '@testing-library/react';
import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it, vi } from 'vitest';

/** The module keeps whether a page rendered already: each case imports it afresh. */
async function freshModule(type: NavigationTimingType | null) {
  vi.resetModules();
  vi.spyOn(performance, 'getEntriesByType').mockReturnValue(type ? [{ type } as PerformanceNavigationTiming] : []);
  return (await import('./render-in-slices')).RenderInSlices;
}

afterEach(() => vi.restoreAllMocks());

describe('RenderInSlices: a first page body rendered after its heading', () => {
  it('given a document opened afresh, when the page mounts, then a stand-in that hides the footer shows first and the body replaces it in a transition', async () => {
    const RenderInSlices = await freshModule('navigate');
    // a root of its own, outside act(): the first commit is seen as the browser paints it, before the transition ran
    const previous = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
    (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false;
    const container = document.body.appendChild(document.createElement('div'));
    const root = createRoot(container);
    try {
      flushSync(() =>
        root.render(
          <>
            <h1>Einstellungen</h1>
            <RenderInSlices>
              <p>Einwilligungen</p>
            </RenderInSlices>
          </>,
        ),
      );
      expect(screen.getByRole('heading', { name: 'Einstellungen' })).toBeInTheDocument();
      expect(screen.queryByText('Einwilligungen')).not.toBeInTheDocument();
      expect(container.querySelector('[data-page-body-pending]')).toBeInTheDocument();
      expect(await screen.findByText('Einwilligungen')).toBeInTheDocument();
      expect(container.querySelector('[data-page-body-pending]')).toBeNull();
    } finally {
      root.unmount();
      container.remove();
      (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = previous;
    }
  });

  it('given the first page has rendered, when the next page mounts, then its body renders at once', async () => {
    const RenderInSlices = await freshModule('navigate');
    await act(async () => {
      render(<RenderInSlices>erste Seite</RenderInSlices>);
    });
    const { container } = render(<RenderInSlices>zweite Seite</RenderInSlices>);
    expect(container).toHaveTextContent('zweite Seite');
  });

  it.each(['reload', 'back_forward'] as const)(
    'given a document loaded by %s, when the page mounts, then its body renders at once (the scroll position is restored into it)',
    async (type) => {
      const RenderInSlices = await freshModule(type);
      const { container } = render(<RenderInSlices>Seite</RenderInSlices>);
      expect(container).toHaveTextContent('Seite');
    },
  );

  it('given no document load is known (jsdom, tests), when the page mounts, then its body renders at once', async () => {
    const RenderInSlices = await freshModule(null);
    const { container } = render(<RenderInSlices>Seite</RenderInSlices>);
    expect(container).toHaveTextContent('Seite');
  });
});
