// A throwaway self-signed certificate for 127.0.0.1 (one day, RSA 2048), made by openssl: for `nginx -t` on the
// shipped config (scripts/check-nginx.mjs) and for nginx with TLS in front of the portal (server/testing/nginx.ts).
import { spawnSync } from 'node:child_process';
import path from 'node:path';

/** writes cert.pem and key.pem into `dir` and answers their paths */
export function selfSignedCert(dir) {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  const ssl = spawnSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'rsa:2048',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { encoding: 'utf8' },
  );
  if (ssl.status !== 0) throw new Error(`openssl failed: ${ssl.stderr}`);
  return { cert, key };
}
