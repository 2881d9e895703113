#!/usr/bin/env node
// The container files, checked without a Docker engine (none runs on the project's machines):
//  - Dockerfile: linted by dockerfile-utils (the Docker builder's own checks: instructions, arguments, flags) and
//    held to the README's promises: multi-stage, node:26 slim bases, a non-root user, a HEALTHCHECK on /api/health,
//    NODE_ENV=production, the compiled server as the command;
//  - compose.yaml: parses as YAML and has the portal, PostgreSQL 17 and Mailpit, the volumes for uploads and secrets.
// Usage: node scripts/check-deploy.mjs [Dockerfile] [compose.yaml]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { validate } from 'dockerfile-utils';
import YAML from 'yaml';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dockerfile = path.resolve(root, process.argv[2] ?? 'Dockerfile');
const composeFile = path.resolve(root, process.argv[3] ?? 'compose.yaml');
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
  if (!stageNames.includes(image) && !/^node:26(\.[\d.]+)?-(bookworm-|trixie-)?slim$/.test(image))
    problems.push(`Dockerfile: FROM ${image} is not a node:26 slim image`);
}
const final = stages.at(-1)?.instructions ?? [];
const user = final.filter((i) => i.keyword === 'USER').at(-1)?.args;
if (!user || /^(root|0)(:|$)/.test(user)) problems.push('Dockerfile: the final stage runs as root (no USER, or USER root)');
const healthcheck = final.find((i) => i.keyword === 'HEALTHCHECK')?.args ?? '';
if (!healthcheck.includes('/api/health')) problems.push('Dockerfile: the final stage has no HEALTHCHECK on /api/health');
if (!final.some((i) => i.keyword === 'ENV' && /\bNODE_ENV=production\b/.test(i.args))) problems.push('Dockerfile: NODE_ENV=production is not set');
const cmd = final.filter((i) => i.keyword === 'CMD').at(-1)?.args ?? '';
if (!cmd.includes('build/server/index.mjs') || /tsx|vite|npm/.test(cmd)) problems.push('Dockerfile: CMD must start build/server/index.mjs with node');

// --- compose.yaml ---
let compose;
try {
  compose = YAML.parse(fs.readFileSync(composeFile, 'utf8'), { prettyErrors: true });
} catch (err) {
  problems.push(`compose.yaml does not parse: ${err.message}`);
}
if (compose) {
  const services = compose.services ?? {};
  const portal = services.portal;
  if (!portal) problems.push('compose.yaml: no service "portal"');
  if (!/^postgres:17(\b|$)/.test(services.postgres?.image ?? '')) problems.push('compose.yaml: no service "postgres" on image postgres:17');
  if (!/mailpit/.test(services.mailpit?.image ?? '')) problems.push('compose.yaml: no service "mailpit"');
  const mounts = (portal?.volumes ?? []).map((v) => (typeof v === 'string' ? v.split(':')[1] : v.target));
  for (const target of ['/data/uploads', '/data/secrets'])
    if (!mounts.includes(target)) problems.push(`compose.yaml: the portal has no volume on ${target}`);
  for (const name of ['PUBLIC_URL', 'DATABASE_URL', 'SMTP_URL', 'TRUST_PROXY'])
    if (!(name in (portal?.environment ?? {}))) problems.push(`compose.yaml: the portal's environment lacks ${name}`);
  for (const v of portal?.volumes ?? []) {
    const name = typeof v === 'string' ? v.split(':')[0] : v.source;
    if (!name.startsWith('.') && !name.startsWith('/') && !(name in (compose.volumes ?? {})))
      problems.push(`compose.yaml: volume ${name} is not declared`);
  }
}

if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exit(1);
}
console.log(`Dockerfile (${stages.length} stages) and compose.yaml (${Object.keys(compose.services).join(', ')}) pass`);
