import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { messages } from '../lib/http-error';

const apiNotFound = (reply: FastifyReply) => reply.status(404).send({ reason: { message: messages.notFound, code: 'not_found' } });

/**
 * Serves the built SPA from dist/ when it exists; every other non-/api GET answers index.html so deep links
 * (/stammdaten, /verwaltung/kitas/5) reach the client router. /api/* stays JSON, also when nothing matched.
 */
async function spaPlugin(app: FastifyInstance, opts: { distDir: string }) {
  const indexFile = path.join(opts.distDir, 'index.html');
  const hasSpa = fs.existsSync(indexFile);
  if (hasSpa) {
    // serve: false — we route ourselves, so the wildcard route carries an access level like every other route
    await app.register(fastifyStatic, { root: opts.distDir, serve: false });
  }

  const sendIndex = (reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').sendFile('index.html', opts.distDir, { cacheControl: false });

  app.setNotFoundHandler((request: FastifyRequest, reply: FastifyReply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?');
    if (hasSpa && !isApi && (request.method === 'GET' || request.method === 'HEAD')) return sendIndex(reply);
    return apiNotFound(reply);
  });

  if (!hasSpa) return;
  app.get('/*', { config: { access: 'public' }, schema: { hide: true } }, async (request, reply) => {
    const urlPath = decodeURIComponent(request.url.split('?')[0] ?? '/');
    if (urlPath.startsWith('/api/')) return apiNotFound(reply);
    const rel = path.normalize(urlPath).replace(/^(\.\.[/\\])+/, '').replace(/^[/\\]+/, '');
    const file = path.join(opts.distDir, rel);
    const inside = file.startsWith(opts.distDir + path.sep);
    if (rel && inside && fs.statSync(file, { throwIfNoEntry: false })?.isFile()) {
      // hashed file names under /assets never change, so browsers may keep them for a year
      if (rel.startsWith('assets' + path.sep)) {
        return reply.header('cache-control', 'public, max-age=31536000, immutable').sendFile(rel, opts.distDir, { cacheControl: false });
      }
      return reply.header('cache-control', 'no-cache').sendFile(rel, opts.distDir, { cacheControl: false });
    }
    return sendIndex(reply);
  });
}

export default fp(spaPlugin, { name: 'spa' });
