import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * Cache-Control of the route's answers. Absent: `no-store`, because an answer of the API is made for one
     * session (names, e-mail addresses, staff lists) and must not stay in a browser or proxy cache. A route whose
     * answer is the same for everyone may say otherwise (e.g. 'no-cache'); a handler may still set its own
     * header (downloads, the SPA's files).
     */
    cacheControl?: string;
  }
}

export const defaultCacheControl = 'no-store';

/**
 * Every route declares its caching in its own definition (config.cacheControl) or gets `no-store`; the header is
 * set in the route's first onRequest hook, so error answers (401, 404, 500) carry it as well.
 */
async function cacheControlPlugin(app: FastifyInstance) {
  app.addHook('onRoute', (route) => {
    const value = (route.config as { cacheControl?: unknown } | undefined)?.cacheControl;
    const header = typeof value === 'string' ? value : defaultCacheControl;
    const hook = (_request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) => {
      reply.header('cache-control', header);
      done();
    };
    route.onRequest = route.onRequest ? [hook, ...[route.onRequest].flat()] : hook;
  });
}

export default fp(cacheControlPlugin, { name: 'cache-control' });
