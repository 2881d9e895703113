import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The client build writes dist/version.json; ping reports it so open windows notice a new deployment. */
export function readVersion(rootDir: string): string {
  for (const file of [path.join(rootDir, 'dist', 'version.json'), path.join(rootDir, 'package.json')]) {
    const v = readJson(file)?.version;
    if (typeof v === 'string' && v) return v;
  }
  return '0.0.0';
}

function readJson(file: string): Record<string, unknown> | undefined {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

export type BuildInfo = { package: string; commit?: string };

const commitPattern = /^[0-9a-f]{7,40}$/;

/**
 * What /api/health names (SPEC §10): package.json's version and the commit when it is known — GIT_COMMIT (checked by
 * config.ts) or build-info.json, which `scripts/build-server.mjs` writes beside the compiled server from a clean git
 * checkout. Run from the sources, or built from a changed tree without GIT_COMMIT, there is no commit: never a guess.
 */
export function readBuildInfo(
  rootDir: string,
  gitCommit: string | undefined,
  buildInfoDir = path.dirname(fileURLToPath(import.meta.url)),
): BuildInfo {
  const pkg = readJson(path.join(rootDir, 'package.json'))?.version;
  const built = readJson(path.join(buildInfoDir, 'build-info.json'))?.commit;
  const commit = gitCommit ?? (typeof built === 'string' && commitPattern.test(built) ? built : undefined);
  return { package: typeof pkg === 'string' && pkg ? pkg : '0.0.0', ...(commit ? { commit } : {}) };
}
