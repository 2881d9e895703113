#!/usr/bin/env node
// The container files, checked without a Docker engine (none runs on the project's machines):
//  - Dockerfile: linted by dockerfile-utils (the Docker builder's own checks: instructions, arguments, flags) and
//    held to the README's promises: multi-stage, node:26 slim bases, a non-root user, a HEALTHCHECK on /api/health,
//    NODE_ENV=production, the compiled server as the command, pg_dump of compose's PostgreSQL major version;
//  - compose.yaml: parses as YAML; the portal's image is tagged by version, every image is pinned (no :latest, no
//    bare major), SMTP_URL is required, every variable of server/config.ts is passed through, the portal has no
//    fixed host port (a second replica can start during a deploy), the volumes for uploads and secrets, a `backup`
//    service on the portal's image; Mailpit only in compose.dev.yaml;
//  - deploy/env.example: its password recipe yields passwords that are safe inside DATABASE_URL (run 200 times).
// Usage: node scripts/check-deploy.mjs [Dockerfile] [compose.yaml] [compose.dev.yaml] [env.example]
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validate } from 'dockerfile-utils';
import YAML from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dockerfile = path.resolve(root, process.argv[2] ?? 'Dockerfile');
const composeFile = path.resolve(root, process.argv[3] ?? 'compose.yaml');
const devFile = path.resolve(root, process.argv[4] ?? 'compose.dev.yaml');
const envExample = path.resolve(root, process.argv[5] ?? 'deploy/env.example');
const problems = [];

// --- Dockerfile ---
const text = fs.readFileSync(dockerfile, 'utf8');
for (const d of validate(text)) {
  // 1 error, 2 warning (LSP DiagnosticSeverity): both fail, a warning is a mistake the builder tolerates
  problems.push(`${path.basename(dockerfile)}:${d.range.start.line + 1}: ${d.severity === 1 ? 'error' : 'warning'}: ${d.message}`);
}
// instructions with their continuation lines joined, comments dropped
const instructions = text
  .replace(/\\\r?\n/g, ' ')
  .split(/\r?\n/)
  .map((l) => l.trim())
  .filter((l) => l && !l.startsWith('#'))
  .map((l) => {
    const [keyword, ...rest] = l.split(/\s+/);
    return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
  });
const stages = [];
for (const i of instructions) {
  if (i.keyword === 'FROM') stages.push({ from: i.args, instructions: [] });
  else stages.at(-1)?.instructions.push(i);
}
const stageNames = stages.map((s) => /\bAS\s+(\S+)/i.exec(s.from)?.[1]).filter(Boolean);
if (stages.length < 2) problems.push('Dockerfile: not multi-stage (one FROM)');
for (const s of stages) {
  const image = s.from.split(/\s+/).find((w) => !w.startsWith('--'));
  // trixie (Debian 13): the runtime's pg_dump comes from Debian's postgresql-client-17 (Debian 12 has only 15)
  if (!stageNames.includes(image) && !/^node:26(\.[\d.]+)?-trixie-slim$/.test(image))
    problems.push(`Dockerfile: FROM ${image} is not a node:26 trixie slim image`);
}
const final = stages.at(-1)?.instructions ?? [];
const user = final.filter((i) => i.keyword === 'USER').at(-1)?.args;
if (!user || /^(root|0)(:|$)/.test(user)) problems.push('Dockerfile: the final stage runs as root (no USER, or USER root)');
const healthcheck = final.find((i) => i.keyword === 'HEALTHCHECK')?.args ?? '';
if (!healthcheck.includes('/api/health')) problems.push('Dockerfile: the final stage has no HEALTHCHECK on /api/health');
if (!final.some((i) => i.keyword === 'ENV' && /\bNODE_ENV=production\b/.test(i.args))) problems.push('Dockerfile: NODE_ENV=production is not set');
const cmd = final.filter((i) => i.keyword === 'CMD').at(-1)?.args ?? '';
if (!cmd.includes('build/server/index.mjs') || /tsx|vite|npm/.test(cmd)) problems.push('Dockerfile: CMD must start build/server/index.mjs with node');

// --- compose.yaml and compose.dev.yaml ---
const parse = (file) => {
  try {
    return YAML.parse(fs.readFileSync(file, 'utf8'), { prettyErrors: true });
  } catch (err) {
    problems.push(`${path.basename(file)} does not parse: ${err.message}`);
    return undefined;
  }
};
const compose = parse(composeFile);
const dev = parse(devFile);
/** an image reference is pinned when its tag names at least major.minor (or a ${VERSION} variable), never latest */
const pinned = (image) => {
  if (/^[^:]+:\$\{[A-Z_]+:\?[^}]*\}$/.test(image ?? '')) return true;
  const tag = /:([^/:]+)$/.exec(image ?? '')?.[1];
  return !!tag && !/latest/.test(tag) && /^v?\d+\.\d+/.test(tag);
};
/** the variables server/config.ts reads (its env schema), found in its source */
const configVariables = () => {
  const source = fs.readFileSync(path.join(root, 'server', 'config.ts'), 'utf8');
  const schema = /const envSchema = z\.object\(\{\n([\s\S]*?)\n\}\);/.exec(source)?.[1] ?? '';
  return [...schema.matchAll(/^ {2}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1]);
};
// set by the image itself (Dockerfile ENV): the same for every installation
const setByImage = ['NODE_ENV', 'HOST', 'PORT', 'DATA_DIR'];
let postgresMajor;
if (compose) {
  const services = compose.services ?? {};
  const portal = services.portal;
  if (!portal) problems.push('compose.yaml: no service "portal"');
  for (const [name, s] of Object.entries(services))
    if (!pinned(s.image))
      problems.push(`compose.yaml: service ${name}'s image ${s.image} is not pinned to a version (no :latest, at least major.minor)`);
  if (!/^kita-portal:\$\{KITA_VERSION:\?/.test(portal?.image ?? ''))
    problems.push("compose.yaml: the portal's image is not tagged by version (image: kita-portal:${KITA_VERSION:?…})");
  postgresMajor = /^postgres:(\d+)\./.exec(services.postgres?.image ?? '')?.[1];
  if (postgresMajor !== '17') problems.push('compose.yaml: no service "postgres" on a pinned postgres:17.x image');
  if (services.mailpit) problems.push('compose.yaml: Mailpit belongs in compose.dev.yaml only (production sends real mail)');
  const env = portal?.environment ?? {};
  if (!/^\$\{SMTP_URL:\?/.test(String(env.SMTP_URL ?? ''))) problems.push('compose.yaml: SMTP_URL is not required (${SMTP_URL:?…})');
  for (const name of [...configVariables().filter((v) => !setByImage.includes(v)), 'LOG_LEVEL'])
    if (!(name in env)) problems.push(`compose.yaml: the portal's environment does not pass ${name} through (server/config.ts reads it)`);
  for (const p of portal?.ports ?? []) {
    // "127.0.0.1:3000-3001:3000" or "3000": each replica its own host port; "127.0.0.1:3000:3000" only one replica
    const parts = String(typeof p === 'object' ? `${p.host_ip ?? ''}:${p.published ?? ''}:${p.target}` : p).split(':');
    const published = parts.length > 1 ? parts.at(-2) : '';
    if (published && !published.includes('-'))
      problems.push(
        `compose.yaml: the portal publishes the fixed host port ${published}: a second replica cannot start (use a range, e.g. 127.0.0.1:3000-3001:3000)`,
      );
  }
  if (portal?.container_name) problems.push('compose.yaml: the portal has a container_name: a second replica cannot start');
  const mountsOf = (s) => (s?.volumes ?? []).map((v) => (typeof v === 'string' ? v.split(':')[1] : v.target));
  for (const target of ['/data/uploads', '/data/secrets']) {
    if (!mountsOf(portal).includes(target)) problems.push(`compose.yaml: the portal has no volume on ${target}`);
    if (!mountsOf(services.backup).includes(target)) problems.push(`compose.yaml: the backup has no volume on ${target}`);
  }
  for (const v of Object.values(services).flatMap((s) => s.volumes ?? [])) {
    const name = typeof v === 'string' ? v.split(':')[0] : v.source;
    if (!name.startsWith('.') && !name.startsWith('/') && !name.startsWith('$') && !(name in (compose.volumes ?? {})))
      problems.push(`compose.yaml: volume ${name} is not declared`);
  }
  const backup = services.backup;
  if (!backup) problems.push('compose.yaml: no service "backup"');
  else {
    if (backup.image !== portal?.image) problems.push("compose.yaml: the backup does not run the portal's image");
    if (!/^build\/server\/backup-cli\.mjs$/.test(backup.command?.[1] ?? '') || backup.command?.[2] !== 'backup')
      problems.push("compose.yaml: the backup's command is not `node build/server/backup-cli.mjs backup …`");
    if (backup.environment?.DATABASE_URL !== portal?.environment?.DATABASE_URL)
      problems.push('compose.yaml: the backup reads another DATABASE_URL than the portal');
  }
}
if (dev) {
  if (!/^axllent\/mailpit:/.test(dev.services?.mailpit?.image ?? '')) problems.push('compose.dev.yaml: no service "mailpit"');
  else if (!pinned(dev.services.mailpit.image)) problems.push(`compose.dev.yaml: Mailpit's image ${dev.services.mailpit.image} is not pinned`);
}
// the image's pg_dump: the PostgreSQL client of compose's server major (pg_dump refuses a newer server)
const runtimeRuns = final
  .filter((i) => i.keyword === 'RUN')
  .map((i) => i.args)
  .join(' ');
const clientMajor = /\bpostgresql-client-(\d+)\b/.exec(runtimeRuns)?.[1];
if (!clientMajor) problems.push('Dockerfile: the final stage installs no postgresql-client-<major> (pg_dump for the backup)');
else if (postgresMajor && clientMajor !== postgresMajor)
  problems.push(`Dockerfile: postgresql-client-${clientMajor} cannot dump compose's PostgreSQL ${postgresMajor}`);

// --- deploy/env.example: the password recipe ---
const example = fs.readFileSync(envExample, 'utf8');
const recipe = /POSTGRES_PASSWORD[^\n]*\n?[^\n]*?`([^`]*openssl rand[^`]*)`|`([^`]*openssl rand[^`]*)`[^\n]*\n\s*POSTGRES_PASSWORD=/.exec(example);
const command = recipe?.[1] ?? recipe?.[2];
if (!command) problems.push('deploy/env.example: no `openssl rand …` recipe for POSTGRES_PASSWORD (in backquotes, next to it)');
else {
  // 200 runs: `openssl rand -base64 24` gives a "/" about 4 times in 10, so a bad recipe fails here for certain
  for (let i = 0; i < 200; i++) {
    const password = execSync(command, { encoding: 'utf8', shell: '/bin/sh' }).trim();
    // RFC 3986 unreserved characters: never need percent-encoding in a URL's user-info
    if (!/^[A-Za-z0-9._~-]{20,}$/.test(password)) {
      problems.push(
        `deploy/env.example: \`${command}\` gave ${JSON.stringify(password)}, which is not safe inside DATABASE_URL (only A-Z a-z 0-9 . _ ~ -, 20 or more)`,
      );
      break;
    }
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(
  `Dockerfile (${stages.length} stages, pg_dump ${clientMajor}), compose.yaml (${Object.keys(compose.services).join(', ')}), ` +
    `compose.dev.yaml (${Object.keys(dev.services).join(', ')}) and the password recipe \`${command}\` pass`,
);
