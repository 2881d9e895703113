import net from 'node:net';

/**
 * Where the process stands, for `GET /api/health?ready` (a load balancer's question "send me traffic?"):
 * `starting` until the app is ready (migrations ran, jobs started), `ready`, then `stopping` from the moment a
 * SIGTERM arrives or the app closes: new traffic should go elsewhere while requests in flight are still answered.
 */
declare module 'fastify' {
  interface FastifyInstance {
    /** set ready by buildApp's last onReady hook, stopping by index.ts on SIGTERM and by close() */
    lifecycle: Lifecycle;
  }
}

export type LifecycleState = 'starting' | 'ready' | 'stopping';

export type Lifecycle = {
  readonly state: LifecycleState;
  ready: () => void;
  stopping: () => void;
};

export function createLifecycle(): Lifecycle {
  let state: LifecycleState = 'starting';
  return {
    get state() {
      return state;
    },
    ready: () => {
      if (state === 'starting') state = 'ready';
    },
    stopping: () => {
      state = 'stopping';
    },
  };
}

/** how long SIGTERM waits for the clients to close their keep-alive connections (deploy/nginx.conf closes its idle ones after 2 s) */
const DRAIN_MS = 3000;

/**
 * SIGTERM's first step, before the app closes: stop taking new connections and leave the open keep-alive ones to their
 * clients. A load balancer's next connection is refused, and nginx passes the request on to another instance, a POST
 * too, as nothing was sent. On an open connection the next request is answered with `Connection: close` (buildApp's
 * onSend hook) and the connection ends with it; an idle one the client closes itself (nginx after its upstream
 * `keepalive_timeout`). Node's http `close()` instead closes the idle ones at once, and a request nginx sends into one
 * at that moment is cut off (connection reset): nginx repeats no POST, and a booking answered 502 during a rolling
 * restart. Resolves once every connection has closed, at the latest after `maxMs` (a browser keeps its idle ones for
 * minutes; the app's close() then ends them).
 */
export function drainConnections(server: net.Server, maxMs = DRAIN_MS): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, maxMs);
    // net.Server's own close(): stops listening and calls back when the last connection has closed (http.Server's
    // override would close the idle ones first)
    net.Server.prototype.close.call(server, () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
