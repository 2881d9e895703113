import { spawn } from 'node:child_process';
import http from 'node:http';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDb } from './db/client';
import { migrate } from './db/migrate';
import { packageRoot } from './lib/package-root';
import { inDays } from './modules/documentation/test-helpers';
import { buildServer, startBuiltServer, waitForOutput, type BuiltServer } from './testing/built-server';
import { addMember, createFacility, createSeason, createUser, enrol, type TestUser } from './testing/factories';

/**
 * Issue 25: the compiled server (`npm run build` → build/server/index.mjs) started as production starts it, in its
 * own process with plain node: no tsx, no vite, nothing built at start.
 */
const rootDir = packageRoot(import.meta.url);
let outDir: string;
const dataDirs: string[] = [];
/** a process of its own opens PGlite and migrates: seconds when idle, far more on a busy two-core machine */
const startTimeout = 180_000;

/** starts the built server on a free port with a fresh DATA_DIR (or the one given); resolves when it listens */
function startBuilt(env: Record<string, string> = {}): Promise<BuiltServer> {
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'kita-prod-'));
  dataDirs.push(dataDir);
  return startBuiltServer(outDir, { DATA_DIR: dataDir, ...env }, ['--enable-source-maps']);
}

beforeAll(() => {
  outDir = buildServer('test-server');
});
afterAll(() => {
  fs.rmSync(outDir, { recursive: true, force: true });
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('the compiled server', () => {
  it('imports neither tsx nor vite, and writes its source maps beside itself', () => {
    for (const file of ['index.mjs', 'pdf-thread.mjs']) {
      const code = fs.readFileSync(path.join(outDir, file), 'utf8');
      expect(code, file).not.toMatch(/from ["'](tsx|vite)[/"']|import\(["'](tsx|vite)[/"']/);
      expect(fs.existsSync(path.join(outDir, `${file}.map`)), file).toBe(true);
    }
    expect(fs.readdirSync(path.join(outDir, 'migrations')).some((f) => f.endsWith('.sql'))).toBe(true);
  });

  it(
    'given NODE_ENV=production without an https PUBLIC_URL, refuses to start with the reason',
    async () => {
      const child = spawn(process.execPath, [path.join(outDir, 'index.mjs')], {
        cwd: rootDir,
        env: { PATH: process.env.PATH ?? '', NODE_ENV: 'production', PUBLIC_URL: 'http://kita.example.org', PORT: '0' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
      expect(code).toBe(1);
      // one JSON log line (SPEC §10), the reason in German, no stack
      const lines = stdout.trim().split('\n');
      expect(lines).toHaveLength(1);
      const line = JSON.parse(lines[0]!) as { level: number; msg: string; variables: string[] };
      expect(line).toMatchObject({ level: 60, variables: ['PUBLIC_URL'] });
      expect(line.msg).toContain('PUBLIC_URL: mit NODE_ENV=production ist eine https-Adresse nötig');
      expect(stdout).not.toContain('    at ');
    },
    startTimeout,
  );

  it(
    'given NODE_ENV=production, starts with plain node, migrates, answers the API and serves no source map',
    async () => {
      const s = await startBuilt();
      try {
        const config = await fetch(`${s.url}/api/config`);
        expect(config.status).toBe(200);
        const map = await fetch(`${s.url}/assets/index-abc.js.map`);
        expect(map.status).toBe(404);
        // the log: pino JSON, one object per line, every line of stdout (SPEC §10)
        const lines = s.stdout().trim().split('\n');
        expect(lines.length).toBeGreaterThan(0);
        for (const line of lines) expect(() => JSON.parse(line) as unknown, line).not.toThrow();
      } finally {
        s.child.kill('SIGTERM');
        await s.exited;
      }
    },
    startTimeout,
  );
});

/** one request on its own connection: its status, or the socket error's code (ECONNREFUSED: never accepted) */
function request(base: string, urlPath: string): Promise<{ status?: number; error?: string }> {
  return new Promise((resolve) => {
    const req = http.request(`${base}${urlPath}`, { agent: false, headers: { connection: 'close' } }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode }));
    });
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
    req.end();
  });
}

describe('SIGTERM', () => {
  it(
    'given a stream of requests and one in flight, stops accepting, answers every accepted request, stops the jobs and exits 0',
    async () => {
      const s = await startBuilt();
      // a request in flight for sure: headers sent (the server logged it), half its body still to come
      const body = JSON.stringify({ email: 'niemand@test.example', password: 'falsch-falsch-falsch' });
      let finishInFlight = () => {};
      const inFlight = new Promise<{ status?: number; error?: string }>((resolve) => {
        const req = http.request(`${s.url}/api/login`, {
          method: 'POST',
          agent: false,
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        });
        req.on('response', (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode }));
        });
        req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
        req.write(body.slice(0, 10));
        finishInFlight = () => req.end(body.slice(10));
      });
      await waitForOutput(s, /"req":\{"method":"POST","url":"\/api\/login"\}/);

      // a stream: four clients, each one request after the other (a fresh connection each), until the server is gone
      const results = new Map<string, { status?: number; error?: string }>();
      let n = 0;
      let gone = false;
      const client = async () => {
        while (!gone) {
          const url = `/api/stream-${n++}`;
          const r = await request(s.url, url);
          results.set(url, r);
          if (r.error) gone = true;
        }
      };
      const clients = [client(), client(), client(), client()];
      await waitForOutput(s, /"url":"\/api\/stream-20"/);

      s.child.kill('SIGTERM');
      await waitForOutput(s, /"msg":"shutting down"/);
      finishInFlight();
      const code = await s.exited;
      gone = true;
      await Promise.all(clients);

      expect(code).toBe(0);
      // the request in flight when the signal came was answered (401: no such account)
      expect(await inFlight).toEqual({ status: 401 });
      // every request the server accepted (logged) was answered; the rest were refused, never cut off
      const accepted = [...s.output().matchAll(/"url":"(\/api\/stream-\d+)"\},"msg":"incoming request"/g)].map((m) => m[1]!);
      expect(accepted.length).toBeGreaterThan(20);
      for (const url of accepted) expect(results.get(url)?.status, url).toBeTypeOf('number');
      // the others were answered too (503 while closing, before any hook logs them) or never accepted (refused, or reset
      // in the listen backlog when the port closed): none was cut off after the server took it
      for (const [url, r] of results) if (r.status === undefined) expect(accepted, url).not.toContain(url);
      for (const [url, r] of results) if (r.status === undefined) expect(r.error, url).toMatch(/ECONNREFUSED|ECONNRESET/);
      // the jobs and the pool closed before the last line
      const lines = s.output().trim().split('\n');
      expect(lines.at(-1)).toContain('"msg":"shut down"');
    },
    startTimeout,
  );
});

describe('SIGTERM with keep-alive connections', () => {
  it(
    'given a download still going out on a keep-alive connection when the signal comes, finishes it, closes the connection and exits 0',
    async () => {
      // a KiTa whose form holds a PDF larger than the sockets' buffers: its download cannot finish while the client
      // does not read, so it is still going out (its response not finished) when the signal comes
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kita-prod-'));
      const handle = await openDb({ dataDir });
      let facilityId: number;
      let member: TestUser;
      try {
        await migrate(handle);
        const season = await createSeason(handle.db, { isCurrent: true, allowDocumentation: true, documentationDeadline: inDays(30) });
        const facility = await createFacility(handle.db);
        member = await createUser(handle.db);
        await addMember(handle.db, facility.id, member.id);
        await enrol(handle.db, facility.id, season.id);
        facilityId = facility.id;
      } finally {
        await handle.close();
      }
      const s = await startBuilt({ DATA_DIR: dataDir });
      const login = await fetch(`${s.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: member.email, password: member.password }),
      });
      const cookie = login.headers
        .getSetCookie()
        .find((c) => /kita_session=/.test(c))!
        .split(';')[0]!;
      const form = `${s.url}/api/facilities/${facilityId}/documentation`;
      const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(9 * 1024 * 1024, 'x'), Buffer.from('\n%%EOF\n')]);
      const query = new URLSearchParams({ questionKey: 'weitere_dokumente', name: 'gross.pdf' });
      const upload = await fetch(`${form}/files?${query}`, {
        method: 'POST',
        headers: { cookie, 'content-type': 'application/octet-stream' },
        body: new Uint8Array(pdf),
      });
      expect(upload.status).toBe(201);
      const { id } = (await upload.json()) as { id: number };

      // a browser's way: one keep-alive connection, kept open after the download for the next request
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        let socketClosed!: Promise<void>;
        const response = await new Promise<http.IncomingMessage>((resolve, reject) => {
          const req = http.get(`${form}/files/${id}`, { agent, headers: { cookie } }, resolve);
          req.on('socket', (socket) => (socketClosed = new Promise((done) => socket.once('close', () => done()))));
          req.on('error', reject);
        });
        response.pause();
        expect(response.headers.connection).toBe('keep-alive');
        s.child.kill('SIGTERM');
        await waitForOutput(s, /"msg":"shutting down"/);
        let bytes = 0;
        response.on('data', (c: Buffer) => (bytes += c.length));
        await new Promise((resolve) => response.on('end', resolve).resume());
        expect(response.statusCode).toBe(200);
        expect(bytes).toBe(pdf.length);
        // the server closes the connection once the download is out, instead of waiting for the client to
        await socketClosed;
        // and the drain ends well inside SHUTDOWN_TIMEOUT_SECONDS (exit 1 when it runs out)
        expect(await s.exited, s.output().slice(-2000)).toBe(0);
        expect(s.output().trim().split('\n').at(-1)).toContain('"msg":"shut down"');
      } finally {
        agent.destroy();
        s.child.kill('SIGKILL');
      }
    },
    startTimeout,
  );
});
