import postcss from 'postcss';
import type { Plugin } from 'vite';

const MANTINE_CLASS = /m_[0-9a-f]{8}/g;

type Chunk = { code: string; viteMetadata?: { importedCss?: Set<string> } };

/**
 * Mantine ships one stylesheet for all its ~100 components, and our pages use a fraction of them. Its component
 * classes are hashed names (`m_1b7284a3`) that each component's JS names as a string, so a selector naming a
 * class that no chunk of this build mentions can never match: such selectors are dropped after bundling. The
 * whole build is the reference (lazy route chunks too), so a page loaded later still finds its styles.
 *
 * One exception keeps a lazy chunk's styles out of the stylesheet every page loads: a class that only chunks
 * bringing their own CSS with it name (the season report's charts import `@mantine/core/styles/ColorSwatch.css`
 * next to `@mantine/charts/styles.css`) is dropped from the other stylesheets; those chunks load it themselves.
 */
export function purgeUnusedMantineCss(): Plugin {
  return {
    name: 'kita-portal:purge-unused-mantine-css',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const files = Object.values(bundle);
      const sheets = new Map<string, postcss.Root>();
      const classesOf = new Map<string, Set<string>>();
      for (const file of files) {
        if (file.type !== 'asset' || !file.fileName.endsWith('.css')) continue;
        const root = postcss.parse(String(file.source));
        sheets.set(file.fileName, root);
        classesOf.set(file.fileName, new Set([...root.toString().matchAll(MANTINE_CLASS)].map((m) => m[0])));
      }
      // per class: does a chunk name it, and which stylesheets may leave it out (every chunk naming it brings it along)
      const used = new Set<string>();
      const broughtAlong = new Map<string, Set<string> | null>();
      for (const file of files) {
        if (file.type !== 'chunk') continue;
        const own = [...((file as unknown as Chunk).viteMetadata?.importedCss ?? [])];
        for (const m of new Set([...file.code.matchAll(MANTINE_CLASS)].map((x) => x[0]))) {
          used.add(m);
          const carriers = own.filter((css) => classesOf.get(css)?.has(m));
          const before = broughtAlong.get(m);
          if (carriers.length === 0) broughtAlong.set(m, null);
          else if (before !== null) broughtAlong.set(m, new Set(before ? [...before].filter((c) => carriers.includes(c)) : carriers));
        }
      }
      const keep = (m: string, sheet: string) => {
        if (!used.has(m)) return false;
        const carriers = broughtAlong.get(m);
        return !carriers || carriers.size === 0 || carriers.has(sheet);
      };
      for (const [fileName, root] of sheets) {
        root.walkRules((rule) => {
          if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as postcss.AtRule).name)) return;
          const kept = rule.selectors.filter((sel) => [...sel.matchAll(MANTINE_CLASS)].every((m) => keep(m[0], fileName)));
          if (kept.length === 0) rule.remove();
          else if (kept.length !== rule.selectors.length) rule.selectors = kept;
        });
        root.walkAtRules((at) => {
          if (at.nodes && at.nodes.length === 0) at.remove();
        });
        (bundle[fileName] as { source: string | Uint8Array }).source = root.toString();
      }
    },
  };
}
