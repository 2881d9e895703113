import type { Plugin } from 'vite';
import { chunksOf, loadedWith } from './chunk-graph.ts';

/**
 * Every lazy chunk (a route's page, its loader, a part loaded on demand) names all the chunks its static imports load,
 * not only its direct ones, so the browser asks for the whole set as soon as the chunk has arrived instead of one
 * import level per round trip: Rollup's `output.hoistTransitiveImports`, on by default there, which Rolldown does not
 * offer (it accepts only `false`).
 *
 * On a phone's slow line the levels were what a staff page waited for: Lighthouse's simulation lends the one HTTP/2
 * connection to one request at a time, and a file found only once its importer has arrived waits a 150 ms round trip
 * when nothing else is queued; /personal's first paint came six such round trips after the entry (loader → query
 * function → contract → common contract → zod; page → person form → form buttons → leave guard; decision 0039).
 *
 * The imports are appended at the end of the chunk (`import"./x.js";`): the browser collects a module's imports when
 * it parses it, wherever they stand, and evaluates them in their order, so these come last, when the direct imports
 * have evaluated each of them already; the order of evaluation does not change, nor does any line of the source map.
 * Chunks the entry loads are left out (they are there before any lazy chunk); the entry's own static imports index.html
 * preloads.
 */
export function hoistTransitiveImports(): Plugin {
  return {
    name: 'kita-portal:hoist-transitive-imports',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = chunksOf(bundle);
      const withEntry = loadedWith(
        chunks,
        [...chunks.values()].filter((c) => c.isEntry),
      );
      for (const chunk of chunks.values()) {
        if (!chunk.isDynamicEntry || withEntry.has(chunk.fileName)) continue;
        const direct = new Set(chunk.imports);
        const hoisted = [...loadedWith(chunks, [chunk]).keys()].filter(
          (file) => file !== chunk.fileName && !direct.has(file) && !withEntry.has(file),
        );
        if (hoisted.length === 0) continue;
        const from = chunk.fileName.split('/').slice(0, -1).join('/');
        const specifier = (file: string) => {
          if (!file.startsWith(`${from}/`) || file.slice(from.length + 1).includes('/')) {
            this.error(`hoist-transitive-imports: ${file} is not beside ${chunk.fileName}`);
          }
          return `./${file.slice(from.length + 1)}`;
        };
        chunk.code += `\n${hoisted.map((file) => `import"${specifier(file)}";`).join('')}\n`;
        chunk.imports.push(...hoisted);
      }
    },
  };
}
