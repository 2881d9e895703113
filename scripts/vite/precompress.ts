import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; source maps are never served in production (server/plugins/spa.ts). */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt)$/;
/** Below this a compressed answer saves less than its own headers cost; index.html (every page's first answer) always. */
const MIN_BYTES = 1024;

/** Every compressible file under `dir` except hidden ones (the build manifest in `.vite/`). */
function compressibleFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.name.startsWith('.')) return [];
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return compressibleFiles(full);
    return COMPRESSIBLE.test(entry.name) && (entry.name.endsWith('.html') || statSync(full).size >= MIN_BYTES) ? [full] : [];
  });
}

/**
 * Writes `file.br` (brotli, best quality) and `file.gz` (gzip -9) next to every text file of the build, once, so the
 * server sends them as they are (@fastify/static `preCompressed`) instead of compressing per request or not at all
 * (issue 19: /login was 677 KiB on the wire). A compressed copy that is not smaller is not written.
 * Returns the totals for the build log.
 */
export function precompressDir(dir: string): { files: number; raw: number; br: number; gzip: number } {
  const totals = { files: 0, raw: 0, br: 0, gzip: 0 };
  for (const file of compressibleFiles(dir)) {
    const source = readFileSync(file);
    const br = brotliCompressSync(source, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    });
    const gz = gzipSync(source, { level: 9 });
    if (br.length < source.length) writeFileSync(`${file}.br`, br);
    if (gz.length < source.length) writeFileSync(`${file}.gz`, gz);
    totals.files += 1;
    totals.raw += source.length;
    totals.br += Math.min(br.length, source.length);
    totals.gzip += Math.min(gz.length, source.length);
  }
  return totals;
}

/** Vite plugin: precompresses the written build (after every other plugin has written its files). */
export function precompressBuild(): Plugin {
  let outDir = 'dist';
  return {
    name: 'kita-portal:precompress',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      sequential: true,
      handler() {
        const t = precompressDir(outDir);
        const kb = (n: number) => `${(n / 1024).toFixed(0)} KB`;
        this.info(`precompressed ${t.files} files: ${kb(t.raw)} raw, ${kb(t.br)} brotli, ${kb(t.gzip)} gzip`);
      },
    },
  };
}
