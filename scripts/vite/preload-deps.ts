import type { Plugin } from 'vite';
import { chunksOf, loadedWith } from './chunk-graph.ts';

/**
 * What a lazy chunk (a route's page, loader or part) asks the browser to preload before it is imported: only its
 * stylesheets. Vite's helper preloads a chunk's dependencies by appending a `<link>` per file to the document, all in
 * one task: ~1 ms of main thread each on an office PC, 4× that on a phone, and a route's 40 JavaScript files made
 * the longest task before a staff page's first paint (issue 35, decision 0039). Its JavaScript the browser loads
 * anyway, through the chunk's own imports, in tasks of its own; a file found one import later costs a round trip,
 * which the bench measures (`npm run bench bundle`: the longest chain). Stylesheets keep their links: nothing else
 * loads them. index.html keeps its `<link rel="modulepreload">` for every one of the entry's static imports (hostType
 * 'html'): without them the browser found the framework chunk only after it had loaded and parsed the entry, one
 * round trip later on every first load. The plugin notes the entry's files when the bundle is written, so no list
 * names what the entry has already loaded (docs/decisions/0006-first-load-budget.md).
 */
export function preloadStylesheetsOnly() {
  let loaded = new Map<string, string | null>();
  const plugin: Plugin = {
    name: 'kita-portal:preload-stylesheets-only',
    apply: 'build',
    enforce: 'pre',
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      loaded = loadedWith(
        chunks,
        [...chunks.values()].filter((c) => c.isEntry),
      );
    },
  };
  const resolveDependencies = (_file: string, deps: string[], { hostType }: { hostType: 'html' | 'js' }) =>
    hostType === 'html' ? deps : deps.filter((d) => d.endsWith('.css') && !loaded.has(d));
  return { plugin, resolveDependencies };
}
