import postcss from 'postcss';
import type { Plugin } from 'vite';

const MANTINE_CLASS = /m_[0-9a-f]{8}/g;

/**
 * Mantine ships one stylesheet for all its ~100 components, and our pages use a fraction of them. Its component
 * classes are hashed names (`m_1b7284a3`) that each component's JS names as a string, so a selector naming a
 * class that no chunk of this build mentions can never match: such selectors are dropped after bundling. The
 * whole build is the reference (lazy route chunks too), so a page loaded later still finds its styles.
 */
export function purgeUnusedMantineCss(): Plugin {
  return {
    name: 'kita-portal:purge-unused-mantine-css',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const used = new Set<string>();
      for (const file of Object.values(bundle)) {
        if (file.type === 'chunk') for (const m of file.code.matchAll(MANTINE_CLASS)) used.add(m[0]);
      }
      for (const file of Object.values(bundle)) {
        if (file.type !== 'asset' || !file.fileName.endsWith('.css')) continue;
        const root = postcss.parse(String(file.source));
        root.walkRules((rule) => {
          if (rule.parent?.type === 'atrule' && /keyframes$/i.test((rule.parent as postcss.AtRule).name)) return;
          const kept = rule.selectors.filter((sel) => [...sel.matchAll(MANTINE_CLASS)].every((m) => used.has(m[0])));
          if (kept.length === 0) rule.remove();
          else if (kept.length !== rule.selectors.length) rule.selectors = kept;
        });
        root.walkAtRules((at) => {
          if (at.nodes && at.nodes.length === 0) at.remove();
        });
        file.source = root.toString();
      }
    },
  };
}
