import type { Rollup } from 'vite';

type OutputChunk = Rollup.OutputChunk;

/** the bundle's JS chunks by file name */
export const chunksOf = (bundle: Rollup.OutputBundle): Map<string, OutputChunk> =>
  new Map(Object.values(bundle).flatMap((f) => (f.type === 'chunk' ? [[f.fileName, f] as const] : [])));

/**
 * Every chunk that loading `roots` loads through static imports, each with the chunk that first imported it (null for
 * a root): the keys are the set, the values give the path to any of them.
 */
export function loadedWith(chunks: Map<string, OutputChunk>, roots: OutputChunk[]): Map<string, string | null> {
  const loaded = new Map<string, string | null>();
  const visit = (fileName: string, importer: string | null) => {
    if (loaded.has(fileName)) return;
    loaded.set(fileName, importer);
    for (const dep of chunks.get(fileName)?.imports ?? []) visit(dep, fileName);
  };
  for (const root of roots) visit(root.fileName, null);
  return loaded;
}
