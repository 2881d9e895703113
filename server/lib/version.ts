import fs from 'node:fs';
import path from 'node:path';

/** The client build writes dist/version.json; ping reports it so open windows notice a new deployment. */
export function readVersion(rootDir: string): string {
  for (const file of [path.join(rootDir, 'dist', 'version.json'), path.join(rootDir, 'package.json')]) {
    try {
      const v = (JSON.parse(fs.readFileSync(file, 'utf8')) as { version?: unknown }).version;
      if (typeof v === 'string' && v) return v;
    } catch {
      // try the next source
    }
  }
  return '0.0.0';
}
