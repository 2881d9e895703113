import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildServer, startBuiltServer, waitForOutput } from './testing/built-server';

/**
 * Issue 39, rolling restart: nginx keeps its connections to an instance open and sends the next request into one of
 * them. An instance that answers while stopping with `Connection: keep-alive` and then closes the connection itself
 * races nginx: a request nginx sends into it at that moment is cut off, and nginx repeats no POST (a booking): 502.
 * So every answer given while stopping says `Connection: close`, and the client closes the connection itself.
 */
let outDir: string;
let dataDir: string;
beforeAll(() => {
  outDir = buildServer('test-shutdown-keepalive');
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kita-shutdown-'));
}, 120_000);
afterAll(() => {
  fs.rmSync(outDir, { recursive: true, force: true });
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** GET /api/health?ready through `agent` (its one connection), read to the end: the connection is idle again after it */
async function readyOver(agent: http.Agent, url: string): Promise<http.IncomingMessage> {
  const res = await new Promise<http.IncomingMessage>((resolve, reject) =>
    http.get(`${url}/api/health?ready`, { agent }, resolve).on('error', reject),
  );
  res.resume();
  await new Promise((r) => res.on('end', r));
  return res;
}

describe('SIGTERM and keep-alive connections (nginx upstream)', () => {
  it('given a request in flight on a keep-alive connection when the signal comes, answers it with Connection: close and exits 0', async () => {
    const s = await startBuiltServer(outDir, { DATA_DIR: dataDir });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      // warm: the connection is a kept-alive one, as nginx's are
      const first = await readyOver(agent, s.url);
      expect(first.headers.connection).toBe('keep-alive');

      // a booking-like POST in flight for sure: headers sent (the server logged it), half its body still to come
      const body = JSON.stringify({ email: 'niemand@test.example', password: 'falsch-falsch-falsch' });
      let finish = () => {};
      const answer = new Promise<http.IncomingMessage>((resolve, reject) => {
        const req = http.request(`${s.url}/api/login`, {
          method: 'POST',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        });
        req.on('response', resolve);
        req.on('error', reject);
        req.write(body.slice(0, 10));
        finish = () => req.end(body.slice(10));
      });
      await waitForOutput(s, /"url":"\/api\/login"\},"msg":"incoming request"/);
      s.child.kill('SIGTERM');
      await waitForOutput(s, /"msg":"shutting down"/);
      finish();
      const res = await answer;
      res.resume();
      expect(res.statusCode).toBe(401);
      expect(res.headers.connection).toBe('close');
      expect(await s.exited, s.output().slice(-2000)).toBe(0);
    } finally {
      agent.destroy();
      s.child.kill('SIGKILL');
    }
  }, 120_000);

  it('given an idle keep-alive connection when the signal comes, leaves it to the client: new connections are refused, a request sent into it is answered with Connection: close, exit 0', async () => {
    // nginx holds idle connections to each instance and sends its next request into one of them; an instance that
    // closed its idle ones on SIGTERM cut off the request nginx was sending at that moment (a booking answered 502,
    // one rolling restart in three on a loaded machine)
    const s = await startBuiltServer(outDir, { DATA_DIR: dataDir });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    try {
      const first = await readyOver(agent, s.url);
      expect(first.headers.connection).toBe('keep-alive');

      s.child.kill('SIGTERM');
      await waitForOutput(s, /"msg":"shutting down"/);
      // a new connection is refused: nginx passes the request on to another instance, a POST too (nothing was sent)
      const refused = await new Promise<string>((resolve) => {
        const socket = net.connect(Number(new URL(s.url).port), '127.0.0.1');
        socket.on('connect', () => {
          socket.destroy();
          resolve('connected');
        });
        socket.on('error', (err: NodeJS.ErrnoException) => resolve(err.code ?? err.message));
      });
      expect(refused).toBe('ECONNREFUSED');
      // the idle one is still open: the next request goes into it and is answered, and the connection ends with it
      const second = await readyOver(agent, s.url);
      expect(second.statusCode).toBe(503);
      expect(second.headers.connection).toBe('close');
      expect(await s.exited, s.output().slice(-2000)).toBe(0);
    } finally {
      agent.destroy();
      s.child.kill('SIGKILL');
    }
  }, 120_000);
});
