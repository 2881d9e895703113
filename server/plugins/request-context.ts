import { AsyncResource } from 'node:async_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { runInContext } from '../lib/run-context';

/**
 * Every request runs in its run context (server/lib/run-context.ts: id, method, route pattern), so a crash while it
 * is handled is logged with it. The body is read from socket events that belong to no request's context: the
 * context is entered again before validation, as @fastify/request-context does.
 */
const scopes = new WeakMap<FastifyRequest, AsyncResource>();

async function requestContextPlugin(app: FastifyInstance) {
  app.addHook('onRequest', (request, _reply, done) => {
    runInContext({ reqId: request.id, method: request.method, route: request.routeOptions.url ?? '(no route)' }, () => {
      const scope = new AsyncResource('kita-request');
      scopes.set(request, scope);
      scope.runInAsyncScope(done);
    });
  });
  app.addHook('preValidation', (request, _reply, done) => {
    const scope = scopes.get(request);
    if (scope) scope.runInAsyncScope(done);
    else done();
  });
}

export default fp(requestContextPlugin, { name: 'request-context' });
