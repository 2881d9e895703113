import '@testing-library/jest-dom/vitest';
import { notifications } from '@mantine/notifications';
import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import { server } from './msw-server';

// findBy*/waitFor give up after 1 s by default: too short on a two-core CI runner that runs the API tests beside
// these; they still end as soon as the element is there
configure({ asyncUtilTimeout: 10_000 });

// Node 25+ has Web Storage globals of its own (without --localstorage-file `localStorage` is undefined) that hide
// jsdom's when vitest copies the window onto the global: put jsdom's back (Node 20 has none, nothing happens there)
const jsdomWindow = (globalThis as { jsdom?: { window: Window } }).jsdom?.window;
for (const key of ['localStorage', 'sessionStorage'] as const)
  if (jsdomWindow && globalThis[key] !== jsdomWindow[key])
    Object.defineProperty(globalThis, key, { value: jsdomWindow[key], configurable: true, writable: true });

// --- Browser APIs Mantine needs that jsdom lacks (see Mantine's "Testing with Vitest" guide) ---
const { getComputedStyle } = window;
// jsdom throws "Not implemented" for pseudo-element arguments; Mantine's ScrollArea passes one.
window.getComputedStyle = (element: Element) => getComputedStyle(element);

if (!window.matchMedia) {
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
if (!window.ResizeObserver) window.ResizeObserver = ResizeObserverStub;
// Textarea autosize re-measures when web fonts load (document.fonts), which jsdom lacks
if (!('fonts' in document)) Object.defineProperty(document, 'fonts', { value: new EventTarget() });
if (!window.HTMLElement.prototype.scrollIntoView) window.HTMLElement.prototype.scrollIntoView = () => {};

// --- msw: every request must be answered by a handler the test declared ---
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

afterEach(() => {
  cleanup();
  // Mantine keeps notifications in a module-level store; without this they leak into the next test.
  notifications.clean();
});

// --- Any console.error fails the test (Epic Stack habit): React warnings (act, keys, a11y props) are bugs. ---
// Collected and thrown in afterEach, because React swallows errors thrown from inside console.error.
// A test that expects an error silences it with vi.spyOn(console, 'error').mockImplementation(() => {}).
const originalConsoleError = console.error;
let consoleErrors: unknown[][] = [];
beforeEach(() => {
  consoleErrors = [];
  console.error = (...args: unknown[]) => {
    consoleErrors.push(args);
    originalConsoleError(...args);
  };
});
afterEach(() => {
  console.error = originalConsoleError;
  if (consoleErrors.length > 0) {
    const first = consoleErrors[0]?.map(String).join(' ') ?? '';
    throw new Error(`console.error was called ${consoleErrors.length}× during the test; first: ${first}`);
  }
});
