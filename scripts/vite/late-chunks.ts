import type { Plugin } from 'vite';
import { chunksOf, loadedWith } from './chunk-graph.ts';

const MANTINE = /node_modules[\\/]@mantine[\\/](core|hooks)[\\/]/;
/** what /login loads besides the entry: the frame every page shows and the login form (their route components) */
const FIRST_PAGE = /[\\/]routes[\\/](_app\.tsx|_app[\\/]login\.tsx)\?tsr-split=component$/;
const LATE_MANTINE_CHUNK = 'mantine-late';

/**
 * Mantine's components that the first page does not load, in one chunk instead of one small chunk each.
 *
 * Automatic splitting gives every set of lazy chunks that shares a module its own chunk: a staff page loaded 66–79
 * scripts, 30 of them one Mantine component of 0.6–1.5 KB. On a phone each request costs more than its bytes: Chromium
 * spends most of a millisecond of main thread starting each fetch and inserting each preload link (4× that at
 * Lighthouse's CPU slowdown), and a slow line queues them (decision 0039, ledger "A KiTa's phone").
 *
 * `groups` go after the framework and first-page groups of vite.config.ts. The first one only looks: Rolldown tags
 * every module of the entry's static graph (the modules the entry actually uses, after tree-shaking) `$initial`, and its
 * `name` notes them and captures none. The second takes every other module of @mantine/core and @mantine/hooks, without
 * pulling in their dependencies (those stay in the entry's chunks, which a late chunk may import). Rolldown runs the
 * groups in the order given. What /login loads beyond the entry (the frame's and the login form's route chunks) must not
 * reach the late chunk either: their Mantine parts are in vite.config.ts's login-kit. The plugin fails the build if the
 * entry or those chunks load the late chunk, so a change that would put it on /login is noticed at build time, not in
 * a benchmark.
 */
export function lateMantine() {
  const initial = new Set<string>();
  const groups = [
    {
      name: (id: string) => {
        initial.add(id);
        return null;
      },
      tags: ['$initial' as const],
    },
    { name: LATE_MANTINE_CHUNK, test: (id: string) => MANTINE.test(id) && !initial.has(id), includeDependenciesRecursively: false },
  ];
  const plugin: Plugin = {
    name: 'kita-portal:late-mantine',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const firstPage = [...chunks.values()].filter((c) => FIRST_PAGE.test(c.facadeModuleId ?? ''));
      if (firstPage.length !== 2) this.error(`late-mantine: expected the frame's and the login form's route chunks, found ${firstPage.length}`);
      const loaded = loadedWith(
        chunks,
        [...chunks.values()].filter((c) => c.isEntry || firstPage.includes(c)),
      );
      const late = [...chunks.values()].find((c) => c.name === LATE_MANTINE_CHUNK);
      if (!late || !loaded.has(late.fileName)) return;
      const path = [late.fileName];
      for (let at = loaded.get(late.fileName); at; at = loaded.get(at)) path.unshift(at);
      this.error(`late-mantine: /login would load ${LATE_MANTINE_CHUNK} (${path.join(' → ')})`);
    },
  };
  return { groups, plugin };
}
