import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { selfSignedCert } from '../../scripts/self-signed-cert.mjs';
import { packageRoot } from '../lib/package-root';

/**
 * Debian's nginx (`apt-get install nginx`, installed by .ci/run) in front of several portal processes, unprivileged:
 * a generated config in a temporary folder, plain http on a free port of 127.0.0.1. The proxy settings are the
 * shipped sample's own (`location /` of deploy/nginx.conf, copied verbatim, and its upstream's server parameters
 * and keep-alive), so the tests and `npm run bench scale`
 * go through what an operator installs; TLS is left out (it is nginx's work, not the portal's). The upstream lists
 * the instances (round robin, keep-alive connections as in the sample), and every answer names the instance that
 * gave it in `X-Kita-Upstream` (test only).
 */
export const nginxBinary = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));

/**
 * Why a test of several portal processes behind nginx cannot run here (null: it can), said once in the run's output
 * since a skipped file shows no titles: they need PostgreSQL (PGlite serves one process) and Debian's nginx.
 */
export function multiInstanceSkipReason(testFile: string): string | null {
  const reason = !process.env.DATABASE_URL
    ? 'needs PostgreSQL (DATABASE_URL; PGlite serves one process)'
    : !nginxBinary
      ? 'needs nginx (apt-get install nginx)'
      : null;
  if (reason) console.info(`${testFile} skipped: ${reason}`);
  return reason;
}

export type Nginx = { url: string; stop: () => Promise<void>; errorLog: () => string };

const shippedConf = () => fs.readFileSync(path.join(packageRoot(import.meta.url), 'deploy', 'nginx.conf'), 'utf8');

/** the `location / { … }` block of deploy/nginx.conf that proxies to the portal (not the http server's redirect) */
function shippedLocation(): string {
  const conf = shippedConf();
  const block = [...conf.matchAll(/\n( *)location \/ \{\n[\s\S]*?\n\1\}/g)]
    .map((m) => m[0])
    .find((b) => b.includes('proxy_pass http://kita_portal;'));
  if (!block) throw new Error('deploy/nginx.conf has no `location / { proxy_pass http://kita_portal; … }` block');
  return block;
}

/**
 * deploy/nginx.conf's `upstream kita_portal` with `upstreams` as its servers: each server line gets the parameters of
 * the sample's (max_fails=0), the block keeps the sample's other lines (keepalive)
 */
function shippedUpstream(upstreams: string[]): string {
  const block = /\n( *)upstream kita_portal \{\n([\s\S]*?)\n\1\}/.exec(shippedConf())?.[2];
  const params = block && /^[ \t]*server[ \t]+[^;\s]+((?:[ \t]+[^;\s]+)*)[ \t]*;/m.exec(block)?.[1];
  if (!block || params === undefined) throw new Error('deploy/nginx.conf has no `upstream kita_portal { server …; }` block');
  const others = block.split('\n').filter((l) => !/^\s*(server\s|#)/.test(l) && l.trim());
  const servers = upstreams.map((u) => `        server ${new URL(u).host}${params};`);
  return `    upstream kita_portal {\n${[...servers, ...others.map((l) => `        ${l.trim()}`)].join('\n')}\n    }`;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * the https `listen` line and the `ssl_*` settings of deploy/nginx.conf's server block (TLS 1.2/1.3, HTTP/2), with a
 * throwaway self-signed certificate for 127.0.0.1 (scripts/self-signed-cert.mjs) in `dir`
 */
function shippedTls(dir: string, port: number): string {
  const { cert, key } = selfSignedCert(dir);
  const conf = shippedConf();
  const listen = /^\s*listen\s+443\s+([^;]*);/m.exec(conf)?.[1];
  if (!listen) throw new Error('deploy/nginx.conf has no `listen 443 …;` line');
  const settings = [...conf.matchAll(/^\s*(ssl_(?!certificate)\w+\s[^;]*;)/gm)].map((m) => `        ${m[1]}`);
  return [`        listen 127.0.0.1:${port} ${listen};`, `        ssl_certificate ${cert};`, `        ssl_certificate_key ${key};`, ...settings].join(
    '\n',
  );
}

/**
 * starts nginx with `upstreams` (`http://127.0.0.1:<port>` each); resolves when it answers. `tls`: https with the
 * shipped TLS and HTTP/2 settings on a self-signed certificate, as a phone reaches a deployed portal (the bundle bench)
 */
export async function startNginx(upstreams: string[], opts: { workers?: number | 'auto'; port?: number; tls?: boolean } = {}): Promise<Nginx> {
  if (!nginxBinary) throw new Error('nginx is not installed (apt-get install nginx)');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kita-nginx-'));
  // started as root (CI), nginx runs its workers as `nobody`: they must reach the temp folders it creates here (a
  // request body over 16 KB waits in client_body/)
  fs.chmodSync(dir, 0o755);
  const port = opts.port ?? (await freePort());
  const config = `daemon off;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
worker_processes ${opts.workers ?? 1};
events {
    worker_connections 1024;
}
http {
    access_log off;
    client_body_temp_path ${dir}/client_body;
    proxy_temp_path ${dir}/proxy;
    fastcgi_temp_path ${dir}/fastcgi;
    uwsgi_temp_path ${dir}/uwsgi;
    scgi_temp_path ${dir}/scgi;

${shippedUpstream(upstreams)}

    server {
${opts.tls ? shippedTls(dir, port) : `        listen 127.0.0.1:${port};`}
        client_max_body_size 60m;
        add_header X-Kita-Upstream $upstream_addr always;
${shippedLocation()}
    }
}
`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), config);
  const child: ChildProcess = spawn(nginxBinary, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', path.join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const errorLog = () => {
    try {
      return stderr + fs.readFileSync(path.join(dir, 'error.log'), 'utf8');
    } catch {
      return stderr;
    }
  };
  const url = `${opts.tls ? 'https' : 'http'}://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited at start:\n${errorLog()}`);
    const up = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (up) break;
    if (i > 200) throw new Error(`nginx did not listen on ${port}:\n${errorLog()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    errorLog,
    async stop() {
      // SIGQUIT: nginx's graceful stop
      if (child.exitCode === null) child.kill('SIGQUIT');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
