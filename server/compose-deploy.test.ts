import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { packageRoot } from './lib/package-root';

/**
 * Issue 39: deploy/compose-deploy.sh, the container's deploy without downtime, run as written against a stand-in
 * `docker` (no Docker engine runs here). The stand-in keeps the containers of the service `portal` in a JSON file:
 * `compose up --scale` adds containers of the image kita-portal:$KITA_VERSION, `inspect` answers their health as the
 * scenario says (healthy after a few checks, or restarting like a container whose migration failed), `stop`/`rm`
 * remove them. It records every call and, at each stop, whether another healthy container was still serving.
 */
const root = packageRoot(import.meta.url);
const script = path.join(root, 'deploy', 'compose-deploy.sh');

const stub = `#!/usr/bin/env node
const fs = require('node:fs');
const stateFile = process.env.STUB_STATE;
const s = JSON.parse(fs.readFileSync(stateFile, 'utf8'));
const args = process.argv.slice(2);
s.calls.push(args.join(' '));
const save = () => fs.writeFileSync(stateFile, JSON.stringify(s));
const add = () => {
  const id = 'c' + String(++s.seq).padStart(11, '0');
  s.containers.push({ id, image: 'kita-portal:' + process.env.KITA_VERSION, checks: 0 });
};
const find = (id) => s.containers.find((c) => c.id === id);
if (args[0] === 'compose' && args[1] === 'build') {
  s.built.push(process.env.KITA_VERSION);
} else if (args[0] === 'compose' && args[1] === 'ps') {
  process.stdout.write(s.containers.map((c) => c.id + '\\n').join(''));
} else if (args[0] === 'compose' && args[1] === 'up') {
  const scale = args.find((a) => a.startsWith('portal='));
  const want = scale ? Number(scale.split('=')[1]) : Math.max(1, s.containers.length);
  if (scale && !args.includes('--no-recreate')) s.containers = [];
  while (s.containers.length < want) add();
} else if (args[0] === 'inspect') {
  const c = find(args.at(-1));
  const fresh = c.image === 'kita-portal:' + s.newVersion;
  if (args[2].includes('RestartCount')) {
    process.stdout.write(String(fresh && s.scenario === 'migration-fails' && c.checks > 1 ? 1 : 0) + '\\n');
  } else {
    c.checks++;
    const healthy = !fresh || (s.scenario === 'healthy' && c.checks > 2);
    process.stdout.write((healthy ? 'healthy' : 'starting') + '\\n');
  }
} else if (args[0] === 'stop') {
  const others = s.containers.filter((c) => c.id !== args[1] && (c.image !== 'kita-portal:' + s.newVersion || s.scenario === 'healthy'));
  s.stops.push({ image: find(args[1]).image, othersServing: others.length });
} else if (args[0] === 'rm') {
  s.containers = s.containers.filter((c) => c.id !== args[1]);
} else if (args[0] === 'logs') {
  process.stdout.write('Migration fehlgeschlagen\\n');
} else {
  process.stderr.write('stub docker: unexpected ' + args.join(' ') + '\\n');
  process.exit(2);
}
save();
`;

type State = {
  calls: string[];
  containers: { id: string; image: string }[];
  stops: { image: string; othersServing: number }[];
  built: string[];
  seq: number;
  scenario: 'healthy' | 'migration-fails';
  newVersion: string;
};

let dir: string;
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** a folder as an operator has it (compose.yaml, package.json of the new version, .env) with one container running */
function deploy(scenario: State['scenario'], running: number) {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kita-compose-deploy-'));
  fs.mkdirSync(path.join(dir, 'bin'));
  fs.writeFileSync(path.join(dir, 'bin', 'docker'), stub, { mode: 0o755 });
  fs.writeFileSync(path.join(dir, 'compose.yaml'), fs.readFileSync(path.join(root, 'compose.yaml')));
  fs.writeFileSync(path.join(dir, 'package.json'), `{\n  "name": "kita-portal",\n  "version": "0.2.0",\n  "private": true\n}\n`);
  fs.writeFileSync(path.join(dir, '.env'), 'PUBLIC_URL=https://kita.example.org\nKITA_VERSION=0.1.0\n');
  const state: State = {
    calls: [],
    containers: Array.from({ length: running }, (_, i) => ({ id: `old${String(i).padStart(9, '0')}`, image: 'kita-portal:0.1.0', checks: 0 })),
    stops: [],
    built: [],
    seq: 0,
    scenario,
    newVersion: '0.2.0',
  };
  fs.writeFileSync(path.join(dir, 'state.json'), JSON.stringify(state));
  const run = spawnSync('bash', [script], {
    cwd: dir,
    env: {
      PATH: `${path.join(dir, 'bin')}:${path.dirname(process.execPath)}:${process.env.PATH ?? ''}`,
      STUB_STATE: path.join(dir, 'state.json'),
      READY_TIMEOUT: '10',
    },
    encoding: 'utf8',
  });
  return {
    code: run.status,
    output: `${run.stdout}${run.stderr}`,
    state: JSON.parse(fs.readFileSync(path.join(dir, 'state.json'), 'utf8')) as State,
    env: fs.readFileSync(path.join(dir, '.env'), 'utf8'),
  };
}

describe('deploy/compose-deploy.sh (against a stand-in docker)', () => {
  it('given a running old version, when the new one becomes healthy, starts it beside the old one first, then stops and removes the old one', () => {
    const { code, output, state, env } = deploy('healthy', 1);
    expect(code, output).toBe(0);
    expect(state.built).toEqual(['0.2.0']);
    expect(state.calls.filter((c) => !c.startsWith('inspect'))).toEqual([
      'compose build portal',
      'compose ps -q portal',
      'compose up -d --no-deps --no-recreate --scale portal=2 portal',
      'compose ps -q portal',
      'stop old000000000',
      'rm old000000000',
    ]);
    // the old one stopped only while the new one served
    expect(state.stops).toEqual([{ image: 'kita-portal:0.1.0', othersServing: 1 }]);
    expect(state.containers.map((c) => c.image)).toEqual(['kita-portal:0.2.0']);
    expect(env).toContain('KITA_VERSION=0.2.0\n');
    expect(env).not.toContain('KITA_VERSION=0.1.0');
  });

  it('given a new version whose migration fails (the container restarts), removes only the new container, leaves the old one serving and .env as it was, exit 1', () => {
    const { code, output, state, env } = deploy('migration-fails', 1);
    expect(code).toBe(1);
    expect(output).toMatch(/did not become healthy[\s\S]*Migration fehlgeschlagen[\s\S]*goes on serving/);
    expect(state.stops.map((s) => s.image)).toEqual(['kita-portal:0.2.0']);
    expect(state.containers).toEqual([expect.objectContaining({ id: 'old000000000', image: 'kita-portal:0.1.0' })]);
    expect(env).toContain('KITA_VERSION=0.1.0\n');
  });

  it('given no running portal, when it is deployed the first time, starts everything and waits until it is healthy', () => {
    const { code, output, state, env } = deploy('healthy', 0);
    expect(code, output).toBe(0);
    expect(state.calls.filter((c) => !c.startsWith('inspect'))).toEqual([
      'compose build portal',
      'compose ps -q portal',
      'compose up -d',
      'compose ps -q portal',
    ]);
    expect(state.calls.filter((c) => c.startsWith('inspect') && c.includes('Health')).length).toBeGreaterThan(2);
    expect(state.stops).toEqual([]);
    expect(env).toContain('KITA_VERSION=0.2.0\n');
  });
});
