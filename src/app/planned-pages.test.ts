import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Issue 19 defect 4: no text may say that a built page is planned. "in Vorbereitung" is what the placeholder of an
 * area not built yet says (its route declares `staticData: { status: 'planned' }`, which also badges it in the
 * navigation); any other page that says it promises less than it has. This reads every source file of the SPA.
 */

const root = process.cwd();

function sources(dir: string): string[] {
  return readdirSync(join(root, dir)).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(join(root, path)).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.gen.ts') ? [path] : [];
  });
}

/** the text a user can read: the source without its comments */
const withoutComments = (source: string) => source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');

/** where the words are allowed: the placeholder itself, and the two texts explaining its badge in the navigation */
const allowed = new Set(['src/components/layout/placeholder-page.tsx']);

const files = [...sources('src'), ...sources('routes')];
const routeFiles = files.filter((f) => f.startsWith('routes/'));
const planned = routeFiles.filter((f) => /status: 'planned'/.test(readFileSync(join(root, f), 'utf8')));

describe('"in Vorbereitung" only where a page is planned', () => {
  it('no route declares a placeholder today: every page of the seed is built', () => {
    expect(planned.map((f) => relative('routes/_app', f)).sort()).toEqual([]);
  });

  it('no page, component or message outside the placeholder says "in Vorbereitung"', () => {
    const saying = files.filter((f) => !allowed.has(f) && /in\s+Vorbereitung/i.test(withoutComments(readFileSync(join(root, f), 'utf8'))));
    expect(saying).toEqual([]);
  });

  it('a route shows the placeholder exactly when it declares status "planned"', () => {
    const placeholders = routeFiles.filter((f) => /<(PlaceholderPage|PlannedNotice)\b/.test(readFileSync(join(root, f), 'utf8')));
    expect(placeholders.sort()).toEqual([...planned].sort());
  });
});
