import type { FastifyReply } from 'fastify';

/**
 * Aborts when the person's request is gone: its connection closed before the answer was sent (the browser tab closed,
 * the fetch aborted). Work done for that request (calls to another server) stops with it.
 */
export function untilRequestGone(reply: FastifyReply): AbortSignal {
  const gone = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) gone.abort();
  });
  return gone.signal;
}
