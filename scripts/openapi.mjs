#!/usr/bin/env node
// The API as integrators meet it (`npm test` step `openapi`; alone: `node scripts/openapi.mjs`):
//  1. builds the app on an empty in-memory database and writes the document it serves at /api/openapi.json,
//  2. lints it with Redocly's recommended rules (redocly.yaml; Redocly CLI 2.77 is pinned: later ones need Node 22.12+),
//  3. generates a client's types from it with openapi-typescript and type-checks a small client against them, so a
//     document a generator cannot read, or a change integrators would trip on, fails here.
// Everything is written to test-results/openapi/ (not committed: it would go stale).
import { spawnSync } from 'node:child_process';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const out = path.join(root, 'test-results', 'openapi');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const load = (file) => tsImport(pathToFileURL(path.join(root, file)).href, import.meta.url);

async function writeDocument(file) {
  const [{ buildApp }, { loadConfig }, { openDb }, { migrate }, { memoryTransport }] = await Promise.all(
    ['server/app.ts', 'server/config.ts', 'server/db/client.ts', 'server/db/migrate.ts', 'server/modules/mail/transport.ts'].map(load),
  );
  const handle = await openDb({});
  await migrate(handle);
  // a deployment's address (the document's `servers`); .test is reserved, so it names no real portal
  const config = loadConfig({ PUBLIC_URL: 'https://kita-portal.test', ADMIN_TOTP: 'optional', TOTP_KEY: Buffer.alloc(32, 7).toString('base64') });
  const app = await buildApp({ config, db: handle.db, distDir: path.join(out, 'no-dist'), mail: { transport: memoryTransport() } });
  try {
    await app.ready();
    const res = await app.inject({ method: 'GET', url: '/api/openapi.json' });
    if (res.statusCode !== 200) throw new Error(`/api/openapi.json answered ${res.statusCode}`);
    writeFileSync(file, JSON.stringify(res.json(), null, 2));
  } finally {
    await app.close();
    await handle.close();
  }
}

// a client an integrator would write: if these lines stop type-checking, the API changed under them
const client = `import type { operations, paths } from './api';

type Json<T> = T extends { content: { 'application/json': infer B } } ? B : never;
type LoginBody = Json<paths['/api/login']['post']['requestBody']>;
type LoginStatus = Json<paths['/api/loginstatus']['get']['responses'][200]>;
type ErrorBody = Json<operations['getAdminSeasons']['responses'][401]>;

export const login: LoginBody = { email: 'kita@example.org', password: 'geheim' };
export const greeting = (status: LoginStatus): string => (status.loggedin && status.user ? \`Hallo \${status.user.email}\` : 'Bitte anmelden');
export const message = (error: ErrorBody): string => error.reason.message;
`;

const tsconfig = {
  compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'Bundler', strict: true, noEmit: true, skipLibCheck: true, types: [] },
  files: ['api.d.ts', 'client.ts'],
};

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: root });
  return r.status === 0;
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const doc = path.join(out, 'openapi.json');
await writeDocument(doc);
console.log(`wrote ${path.relative(root, doc)}`);
const linted = run(bin('redocly'), ['lint', path.relative(root, doc), '--config', 'redocly.yaml']);
// the generator would apply redocly.yaml's rules again (without the ignore file): it only needs to read the document
writeFileSync(path.join(out, 'redocly.yaml'), 'extends:\n  - minimal\n');
const generated = run(bin('openapi-typescript'), [
  path.relative(root, doc),
  '-o',
  path.relative(root, path.join(out, 'api.d.ts')),
  '--redocly',
  path.relative(root, path.join(out, 'redocly.yaml')),
]);
writeFileSync(path.join(out, 'client.ts'), client);
writeFileSync(path.join(out, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
const typed = generated && run(bin('tsc'), ['-p', path.relative(root, path.join(out, 'tsconfig.json'))]);
if (typed) console.log('the generated client type-checks');
process.exit(linted && typed ? 0 : 1);
