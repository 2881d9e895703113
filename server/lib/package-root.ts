import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The folder holding the project's package.json, found upwards from a module's URL: the same folder whether the
 * server runs from its sources (server/app.ts through tsx) or from the compiled bundle (build/server/index.mjs).
 */
export function packageRoot(moduleUrl: string): string {
  let dir = path.dirname(fileURLToPath(moduleUrl));
  while (!fs.existsSync(path.join(dir, 'package.json'))) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`no package.json above ${fileURLToPath(moduleUrl)}`);
    dir = up;
  }
  return dir;
}
