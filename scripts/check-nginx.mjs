#!/usr/bin/env node
// Checks deploy/nginx.conf with Debian's nginx (`apt-get install nginx`): `nginx -t` on a copy whose certificate
// paths point at a throwaway self-signed certificate and whose pid and temp files live in a temporary folder, so the
// check needs neither root nor the real certificates. Usage: node scripts/check-nginx.mjs [config]
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { selfSignedCert } from './self-signed-cert.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const config = path.resolve(root, process.argv[2] ?? 'deploy/nginx.conf');
const nginx = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => fs.existsSync(p));
if (!nginx) {
  console.error('check-nginx: nginx is not installed (apt-get install nginx)');
  process.exit(2);
}

const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'kita-nginx-'));
try {
  const { cert, key } = selfSignedCert(tmp);
  const text = fs
    .readFileSync(config, 'utf8')
    .replace(/ssl_certificate\s+\S+;/g, `ssl_certificate ${cert};`)
    .replace(/ssl_certificate_key\s+\S+;/g, `ssl_certificate_key ${key};`);
  // pid and temp paths of a non-root check; the config itself stays as shipped
  const copy = path.join(tmp, 'nginx.conf');
  fs.writeFileSync(copy, `pid ${path.join(tmp, 'nginx.pid')};\nerror_log ${path.join(tmp, 'error.log')};\n${text}`);
  const r = spawnSync(nginx, ['-t', '-q', '-p', tmp, '-c', copy], { encoding: 'utf8' });
  const out = `${r.stdout}${r.stderr}`.trim();
  if (r.status !== 0) {
    console.error(`${path.relative(root, config)} fails nginx -t:\n${out}`);
    process.exit(1);
  }
  console.log(`${path.relative(root, config)} passes nginx -t (${spawnSync(nginx, ['-v'], { encoding: 'utf8' }).stderr.trim()})`);
} finally {
  fs.rmSync(tmp, { recursive: true, force: true });
}
