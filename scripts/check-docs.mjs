#!/usr/bin/env node
// Keeps the documentation a newcomer reads short and current (npm test's `docs` step; issue 36): README.md at most
// 250 lines; no link into ../shared (a clone does not have it) in README.md, CHANGELOG.md or docs/; no run diary in
// README.md or docs/ (a date, a time of day "at 21:48", a "tree <commit>"): figures live in the performance ledger
// without dates, history in git. A relative link of README.md must name a file that exists. Every shell or crontab
// block (a recipe) says which test runs it or why none does; the package version has its CHANGELOG section.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const maxReadmeLines = 250;

/** the Markdown files under docs/, recursively */
function markdownUnder(dir) {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((e) => {
    const rel = path.join(dir, e.name);
    if (e.isDirectory()) return markdownUnder(rel);
    return e.name.endsWith('.md') ? [rel] : [];
  });
}

const diary = [
  // an ISO date, except inside a timestamp such as a backup file's name (2026-11-26T02-00-00-000Z)
  { pattern: /\b20\d\d-\d\d-\d\d\b(?!T)/, what: 'a date' },
  { pattern: /\bat \d{1,2}:\d\d\b/, what: 'a time of day' },
  { pattern: /\btree [0-9a-f]{7,40}\b/, what: 'a tree named by its commit' },
];
const problems = [];

const readme = fs.readFileSync(path.join(root, 'README.md'), 'utf8');
const readmeLines = readme.split('\n').length - (readme.endsWith('\n') ? 1 : 0);
if (readmeLines > maxReadmeLines) problems.push(`README.md: ${readmeLines} lines, at most ${maxReadmeLines} (operations go to docs/operations.md)`);

for (const file of ['README.md', 'CHANGELOG.md', ...markdownUnder('docs')]) {
  if (!fs.existsSync(path.join(root, file))) continue;
  const lines = fs.readFileSync(path.join(root, file), 'utf8').split('\n');
  lines.forEach((line, i) => {
    const where = `${file}:${i + 1}`;
    if (line.includes('../shared')) problems.push(`${where}: a link into ../shared, which a clone does not have`);
    if (file === 'CHANGELOG.md') return; // its releases carry their dates
    for (const { pattern, what } of diary)
      if (pattern.test(line)) problems.push(`${where}: ${what} ("${line.match(pattern)[0]}"): no run diaries, history lives in git`);
  });
}

for (const [, target] of readme.matchAll(/\]\(([^)#\s]+)(?:#[^)]*)?\)/g)) {
  if (/^[a-z]+:/.test(target)) continue;
  if (!fs.existsSync(path.join(root, target))) problems.push(`README.md: the link ${target} names no file`);
}

// a recipe is code (issue 39): every shell or crontab block of the README and the operations guide says, in the
// comment right above it, which test runs it as written (the files must exist) or why no test runs it here
const recipeKinds = new Set(['sh', 'bash', 'shell', 'crontab']);
const recipes = { tested: 0, notRun: 0 };
for (const file of ['README.md', 'docs/operations.md']) {
  const lines = fs.readFileSync(path.join(root, file), 'utf8').split('\n');
  let inFence = false;
  lines.forEach((line, i) => {
    const fence = /^```(\S*)/.exec(line);
    if (!fence) return;
    inFence = !inFence;
    if (!inFence) return;
    if (fence[1] === '') problems.push(`${file}:${i + 1}: a code block without a language (sh, crontab, json, ini, nginx, yaml, ts …)`);
    if (!recipeKinds.has(fence[1])) return;
    const marker = /^<!-- recipe: (tested by|not run by a test) (.+) -->$/.exec(lines[i - 1] ?? '');
    if (!marker) {
      problems.push(
        `${file}:${i + 1}: a recipe without "<!-- recipe: tested by <test file> — how -->" or "<!-- recipe: not run by a test — why -->" above it`,
      );
      return;
    }
    if (marker[1] === 'not run by a test') {
      recipes.notRun += 1;
      if (!/— \S/.test(marker[2])) problems.push(`${file}:${i}: say why no test runs this recipe`);
      return;
    }
    recipes.tested += 1;
    for (const named of marker[2].split(' — ')[0].split(/,\s*/))
      if (!fs.existsSync(path.join(root, named.trim()))) problems.push(`${file}:${i}: the recipe's test ${named.trim()} does not exist`);
  });
}
console.log(`check-docs: ${recipes.tested} recipes run by tests, ${recipes.notRun} not (each says why)`);

// the version the portal reports (package.json: /api/health, /api/config) is a release the changelog describes
const { version } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));
const changelog = fs.readFileSync(path.join(root, 'CHANGELOG.md'), 'utf8');
if (!changelog.includes(`\n## [${version}] - `)) problems.push(`CHANGELOG.md: no section "## [${version}] - <date>" for package.json's version`);

for (const p of problems) console.error(p);
console.log(problems.length ? `check-docs: ${problems.length} problem(s)` : `check-docs: ok (README.md ${readmeLines} lines)`);
process.exit(problems.length ? 1 : 0);
