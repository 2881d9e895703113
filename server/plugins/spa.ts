import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { publicRoute } from '../lib/route-builders';
import fastifyStatic from '@fastify/static';
import { reasonOf } from '../lib/http-error';

const apiNotFound = (reply: FastifyReply) => reply.status(404).send({ reason: reasonOf('common.not_found') });

const isSourceMap = (p: string) => /\.map(\.(br|gz))?$/.test(p);

/** /api and everything under it answers JSON, also when no route matched: never the SPA's index.html */
const isApiPath = (p: string) => p === '/api' || p.startsWith('/api/') || p.startsWith('/api?');

/**
 * The dist/ file a request path names, or undefined: not for text that is no file name (NUL and other control
 * characters, which the file system API refuses with an exception), not outside dist/, not hidden files
 * (`.vite/manifest.json`, the build manifest) and never source maps, in no start mode: maps are for `npm run dev`
 * (served by vite itself); the build moves them out of dist/ (vite.config.ts), this is the second line.
 */
export function servableFile(distDir: string, urlPath: string): string | undefined {
  // eslint-disable-next-line no-control-regex -- a control character is never part of one of our file names
  if (/[\u0000-\u001f\u007f]/.test(urlPath)) return undefined;
  const rel = path
    .normalize(urlPath)
    .replace(/^(\.\.[/\\])+/, '')
    .replace(/^[/\\]+/, '');
  if (!rel || rel.split(/[/\\]/).some((segment) => segment.startsWith('.'))) return undefined;
  if (isSourceMap(rel)) return undefined;
  const file = path.join(distDir, rel);
  if (!file.startsWith(distDir + path.sep) || !fs.statSync(file, { throwIfNoEntry: false })?.isFile()) return undefined;
  return rel;
}

function decodePath(url: string): string | undefined {
  try {
    return decodeURIComponent(url.split('?')[0] ?? '/');
  } catch {
    return undefined; // malformed percent-encoding: not a file of ours
  }
}

/**
 * Serves the built SPA from dist/ when it exists; every other non-/api GET answers index.html so deep links
 * (/stammdaten, /verwaltung/kitas/5) reach the client router. /api/* stays JSON, also when nothing matched.
 */
async function spaPlugin(app: FastifyInstance, opts: { distDir: string }) {
  const indexFile = path.join(opts.distDir, 'index.html');
  const hasSpa = fs.existsSync(indexFile);
  if (hasSpa) {
    // serve: false — we route ourselves, so the wildcard route carries an access level like every other route.
    // preCompressed: the build wrote `x.br` and `x.gz` next to every text file (scripts/vite/precompress.ts); they are
    // sent as they are to browsers that accept them, with Content-Encoding and `Vary: accept-encoding` (also on the
    // uncompressed answer), and the original's Content-Type. Files without a compressed copy go out as they are.
    await app.register(fastifyStatic, { root: opts.distDir, serve: false, preCompressed: true });
  }

  const sendIndex = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html', opts.distDir, { cacheControl: false });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    if (hasSpa && !isApiPath(request.url) && (request.method === 'GET' || request.method === 'HEAD')) return sendIndex(reply);
    return apiNotFound(reply);
  });

  if (!hasSpa) return;
  publicRoute(app).get('/*', {
    config: { cacheControl: 'no-cache' },
    schema: { hide: true },
    handler: async (request, reply) => {
      const urlPath = decodePath(request.url);
      // a source map is not found, not answered with the SPA's index.html
      if (urlPath !== undefined && (isApiPath(urlPath) || isSourceMap(urlPath))) return apiNotFound(reply);
      const rel = urlPath === undefined ? undefined : servableFile(opts.distDir, urlPath);
      if (rel) {
        // hashed file names under /assets never change, so browsers may keep them for a year
        if (rel.startsWith('assets' + path.sep)) {
          return reply.header('cache-control', 'public, max-age=31536000, immutable').sendFile(rel, opts.distDir, { cacheControl: false });
        }
        return reply.header('cache-control', 'no-cache').sendFile(rel, opts.distDir, { cacheControl: false });
      }
      return sendIndex(reply);
    },
  });
}

export default fp(spaPlugin, { name: 'spa' });
