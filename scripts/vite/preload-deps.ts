import type { Plugin } from 'vite';
import { chunksOf, loadedWith } from './chunk-graph.ts';

/**
 * Every lazy route chunk carries the list of chunks to preload with it (`__vite__mapDeps([...])`), and those lists
 * name the chunks the entry has already loaded (the framework, Mantine's base) again and again: ~2 KB gzip of the
 * first page (docs/decisions/0006-first-load-budget.md). This plugin notes the entry's static imports when the bundle
 * is written, and `build.modulePreload.resolveDependencies` leaves them out. A list that is too short only costs a
 * round trip when a page opens (the dynamic import still loads its static imports); nothing can break.
 * index.html keeps its `<link rel="modulepreload">` for every one of the entry's static imports (hostType 'html'):
 * without them the browser found the framework chunk only after it had loaded and parsed the entry, one round trip
 * later on every first load.
 */
export function preloadWithoutEntryChunks() {
  let loaded = new Map<string, string | null>();
  const plugin: Plugin = {
    name: 'kita-portal:preload-without-entry-chunks',
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
    hostType === 'html' ? deps : deps.filter((d) => !loaded.has(d));
  return { plugin, resolveDependencies };
}
