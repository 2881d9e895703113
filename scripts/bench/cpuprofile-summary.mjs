#!/usr/bin/env node
// Issue 23: where a .cpuprofile's time goes (node --cpu-prof), by self time per function and per package, so the
// performance ledger can say it in figures. Usage: node scripts/bench/cpuprofile-summary.mjs file.cpuprofile [top=25]
// [window=functionName]: only the samples between the first and the last one with that function on the stack (e.g.
// `book`: the rush itself, without the seed, the floor and the admin list)
import { readFileSync } from 'node:fs';

const [file, topArg, windowFn] = process.argv.slice(2);
if (!file) {
  console.error('usage: cpuprofile-summary.mjs file.cpuprofile [top]');
  process.exit(2);
}
const top = Number(topArg ?? 25);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const parent = new Map();
for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const onStack = (id, name) => {
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) if (byId.get(cur).callFrame.functionName === name) return true;
  return false;
};
let from = 0;
let to = profile.samples.length;
if (windowFn) {
  const hits = profile.samples.map((s, i) => (onStack(s, windowFn) ? i : -1)).filter((i) => i >= 0);
  from = hits[0] ?? 0;
  to = (hits[hits.length - 1] ?? to - 1) + 1;
}
// self time per node: the sampling intervals attributed to the sample's leaf node
const self = new Map();
for (let i = from; i < to; i++) {
  const dt = profile.timeDeltas[i] ?? 0;
  self.set(profile.samples[i], (self.get(profile.samples[i]) ?? 0) + dt);
}
const total = [...self.values()].reduce((a, b) => a + b, 0);

/** the package a frame belongs to: node_modules/<pkg>, node: internals, our own folders */
function packageOf(url) {
  if (!url) return '(native/vm)';
  const m = url.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/g);
  if (m) return m[m.length - 1].replace('node_modules/', '');
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const own = url.match(/\/(server|src|scripts)\/(.*?)(\/[^/]+)?$/);
  if (own) return `${own[1]}/${own[2].split('/').slice(0, 2).join('/')}`;
  return url;
}

const fn = new Map();
const pkg = new Map();
for (const [id, us] of self) {
  const n = byId.get(id);
  const cf = n.callFrame;
  const name = cf.functionName || '(anonymous)';
  const where = cf.url ? `${packageOf(cf.url)} ${cf.url.split('/').pop()}:${cf.lineNumber + 1}` : '';
  const key = `${name} ${where}`.trim();
  fn.set(key, (fn.get(key) ?? 0) + us);
  const p = ['(idle)', '(program)', '(garbage collector)'].includes(name) ? name : packageOf(cf.url);
  pkg.set(p, (pkg.get(p) ?? 0) + us);
}
const pc = (us) => `${((us / total) * 100).toFixed(1).padStart(5)} %  ${(us / 1000).toFixed(0).padStart(7)} ms`;
const show = (title, map) => {
  console.log(`\n${title}`);
  for (const [k, v] of [...map].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pc(v)}  ${k}`);
};
console.log(`${file}: ${(total / 1000).toFixed(0)} ms sampled`);
show('by package (self time)', pkg);
show('by function (self time)', fn);
