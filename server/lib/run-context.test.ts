import { EventEmitter } from 'node:events';
import zlib from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { publicRoute } from './route-builders';
import { buildTestApp } from '../testing/test-app';
import { currentContext, installCrashHandlers, runInContext, type RunContext } from './run-context';

function harness() {
  const proc = new EventEmitter();
  const logged: { obj: Record<string, unknown>; msg: string }[] = [];
  const exits: number[] = [];
  installCrashHandlers({ log: { fatal: (obj, msg) => void logged.push({ obj, msg }) }, exit: (code) => void exits.push(code), proc });
  return { proc, logged, exits };
}

describe('crash handlers and the run context (issue 18)', () => {
  it('given an exception thrown in an asynchronous zlib callback of a job, it is logged with the job and the process exits 1', async () => {
    const { proc, logged, exits } = harness();
    // what pdfkit did: an exception inside zlib's callback; handed to the handler in the callback's own context
    await new Promise<void>((resolve) =>
      runInContext({ job: 'mail-outbox', mailId: 7 }, () =>
        zlib.inflate(Buffer.from('not zlib'), (err) => {
          proc.emit('uncaughtException', err);
          resolve();
        }),
      ),
    );
    expect(exits).toEqual([1]);
    expect(logged).toHaveLength(1);
    expect(logged[0]!.msg).toBe('uncaught exception: the process exits (code 1) so its supervisor restarts it');
    expect(logged[0]!.obj).toMatchObject({
      context: { job: 'mail-outbox', mailId: 7 },
      err: { message: 'incorrect header check', code: 'Z_DATA_ERROR' },
    });
  });

  it('given an unhandled rejection outside any context, it is logged with context null and exits 1, once', () => {
    const { proc, logged, exits } = harness();
    proc.emit('unhandledRejection', new Error('vergessen'));
    proc.emit('unhandledRejection', new Error('noch eine'));
    expect(exits).toEqual([1]);
    expect(logged.map((l) => [l.msg, l.obj.context])).toEqual([
      ['unhandled promise rejection: the process exits (code 1) so its supervisor restarts it', null],
    ]);
  });

  it('given a request, its handler runs in the request context (id, method, route pattern), also after reading a body', async () => {
    const seen: (RunContext | undefined)[] = [];
    const t = await buildTestApp({
      extraRoutes: (app) => {
        publicRoute(app).get('/api/test/context/:id', {
          schema: { params: z.object({ id: z.string() }), response: { 200: z.object({}) } },
          handler: async () => {
            await new Promise((r) => setTimeout(r, 5));
            seen.push(currentContext());
            return {};
          },
        });
        publicRoute(app).post('/api/test/context', {
          schema: { body: z.object({ a: z.string() }), response: { 200: z.object({}) } },
          handler: async () => (seen.push(currentContext()), {}),
        });
      },
    });
    try {
      const get = await t.app.inject({ method: 'GET', url: '/api/test/context/geheim?q=x' });
      expect(get.statusCode).toBe(200);
      expect(seen[0]).toEqual({ reqId: expect.any(String), method: 'GET', route: '/api/test/context/:id' });
      const post = await t.app.inject({ method: 'POST', url: '/api/test/context', headers: { origin: t.config.publicUrl }, payload: { a: 'b' } });
      expect(post.statusCode).toBe(200);
      expect(seen[1]).toEqual({ reqId: expect.any(String), method: 'POST', route: '/api/test/context' });
      expect(seen[1]!.reqId).not.toBe(seen[0]!.reqId);
    } finally {
      await t.close();
    }
  });
});
