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
