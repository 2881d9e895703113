import { dirname, resolve } from 'node:path';
import type { Plugin } from 'vite';
import { chunksOf, loadedWith } from './chunk-graph.ts';

const MANTINE = /node_modules[\\/]@mantine[\\/](core|hooks)[\\/]/;
/** the package barrels the portal imports Mantine through (`import { Modal } from '@mantine/core'`) */
const BARREL = /node_modules[\\/](@mantine[\\/](?:core|hooks))[\\/]esm[\\/]index\.mjs$/;
/** a page people who are not admins open: a route module of routes/_app/ outside verwaltung/ (its page or its loader) */
const PAGE = /[\\/]routes[\\/]_app[\\/](?!verwaltung[\\/])([^?]*)\?tsr-split=(?:component|loader)$/;
/** what /login loads besides the entry: the frame every page shows and the login form (their route components) */
const FIRST_PAGE = /[\\/]routes[\\/](_app\.tsx|_app[\\/]login\.tsx)\?tsr-split=component$/;
const PAGES_CHUNK = 'mantine-pages';
const LATE_CHUNK = 'mantine-late';
/** a quarter of the pages: a module fewer pages use is left to Rolldown's own splitting, shared by just those pages */
const SHARED_BY = 6;

type ModuleInfo = { code: string | null; importers: readonly string[] };
type ChunkingContext = { getModuleInfo(id: string): ModuleInfo | null };

const namesIn = (list: string) =>
  list
    .split(',')
    .map((name) => name.trim().split(/\s+as\s+/)[0]!)
    .filter(Boolean);

/** the names a module imports from `from` (a package name, or a path relative to the module) */
function importedNames(code: string, matches: (from: string) => boolean): string[] {
  const names: string[] = [];
  for (const m of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g)) if (matches(m[2]!)) names.push(...namesIn(m[1]!));
  return names;
}

/**
 * The pages whose static imports reach a module: its importers, up to the route modules. Through a package barrel only
 * the importers that import one of the names the barrel takes from this module, so a page that imports `Modal` counts
 * for Modal's modules and not for the other 400 of the barrel. Memoised for one build (a module imported in a cycle
 * sees the pages found so far).
 */
function pagesUsing(ctx: ChunkingContext, seen: Map<string, Set<string>>) {
  const using = (id: string): Set<string> => {
    const known = seen.get(id);
    if (known) return known;
    const pages = new Set<string>();
    seen.set(id, pages);
    const page = PAGE.exec(id);
    if (page) pages.add(page[1]!);
    for (const importer of page ? [] : (ctx.getModuleInfo(id)?.importers ?? [])) {
      const barrel = BARREL.exec(importer);
      const names = barrel ? importedNames(ctx.getModuleInfo(importer)?.code ?? '', (from) => resolve(dirname(importer), from) === id) : [];
      const through = barrel
        ? (ctx.getModuleInfo(importer)?.importers ?? []).filter((user) =>
            importedNames(ctx.getModuleInfo(user)?.code ?? '', (from) => from === barrel[1]!.replace(/\\/g, '/')).some((n) => names.includes(n)),
          )
        : [importer];
      for (const user of through) for (const p of using(user)) pages.add(p);
    }
    return pages;
  };
  return using;
}

/**
 * Mantine's components that the first page does not load, in two chunks by who uses them, instead of one small chunk
 * each.
 *
 * Automatic splitting gives every set of lazy chunks that shares a module its own chunk: a staff page loaded 66–79
 * scripts, 30 of them one Mantine component of 0.6–1.5 KB. On a phone each request costs more than its bytes: Chromium
 * spends most of a millisecond of main thread starting each fetch (4× that at Lighthouse's CPU slowdown), and a slow
 * line queues them. But one chunk for all of them cost bytes: the admin's Menu, Combobox, Select, Tabs and the
 * documentation form's NumberInput came with every staff page, 27–28 KB gzip before its first paint, bytes a slow line
 * carries before the page shows (decision 0039, ledger "A KiTa's phone").
 *
 * So a module goes by the pages that use it (`pagesUsing`: the route modules of routes/_app/ outside verwaltung/ its
 * static imports reach): used by a quarter of them or more, to `mantine-pages`; by none (the admin's pages, and parts a
 * page loads on demand such as the user menu), to `mantine-late`; by a few, to Rolldown's own splitting, shared by just
 * those pages (the documentation form's NumberInput with react-number-format).
 *
 * `groups` go after the framework and first-page groups of vite.config.ts. The first one only looks: Rolldown tags
 * every module of the entry's static graph (the modules the entry actually uses, after tree-shaking) `$initial`, and its
 * `name` notes them and captures none. The second sorts the other modules of @mantine/core and @mantine/hooks, without
 * pulling in their dependencies (those stay in the entry's chunks, which a late chunk may import). Rolldown runs the
 * groups in the order given. What /login loads beyond the entry (the frame's and the login form's route chunks) must not
 * reach either chunk: their Mantine parts are in vite.config.ts's login-kit. The plugin fails the build if the entry or
 * those chunks load one, so a change that would put it on /login is noticed at build time, not in a benchmark.
 */
export function lateMantine() {
  const initial = new Set<string>();
  const seen = new Map<string, Set<string>>();
  const groups = [
    {
      name: (id: string) => {
        initial.add(id);
        return null;
      },
      tags: ['$initial' as const],
      debugName: 'the entry (looks only)',
    },
    {
      name: (id: string, ctx: ChunkingContext) => {
        if (!MANTINE.test(id) || initial.has(id)) return null;
        const pages = pagesUsing(ctx, seen)(id).size;
        return pages >= SHARED_BY ? PAGES_CHUNK : pages === 0 ? LATE_CHUNK : null;
      },
      includeDependenciesRecursively: false,
      debugName: 'Mantine by the pages using it',
    },
  ];
  const plugin: Plugin = {
    name: 'kita-portal:late-mantine',
    apply: 'build',
    buildStart() {
      initial.clear();
      seen.clear();
    },
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const firstPage = [...chunks.values()].filter((c) => FIRST_PAGE.test(c.facadeModuleId ?? ''));
      if (firstPage.length !== 2) this.error(`late-mantine: expected the frame's and the login form's route chunks, found ${firstPage.length}`);
      const loaded = loadedWith(
        chunks,
        [...chunks.values()].filter((c) => c.isEntry || firstPage.includes(c)),
      );
      for (const name of [PAGES_CHUNK, LATE_CHUNK]) {
        const chunk = [...chunks.values()].find((c) => c.name === name);
        if (!chunk) this.error(`late-mantine: the build has no ${name} chunk`);
        if (!loaded.has(chunk.fileName)) continue;
        const path = [chunk.fileName];
        for (let at = loaded.get(chunk.fileName); at; at = loaded.get(at)) path.unshift(at);
        this.error(`late-mantine: /login would load ${name} (${path.join(' → ')})`);
      }
    },
  };
  return { groups, plugin };
}
