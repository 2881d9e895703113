/**
 * The background jobs' last successful runs (SPEC §10), for /api/health (`checks.jobs`) and /api/metrics. Each job
 * registers itself with its interval when it starts and calls its `beat` after every round that went through; a job
 * is stale once twice its interval passed without one. A job that has not yet succeeded since the process started
 * is judged from the start (the registry's creation): a job that fails from its first round goes stale like one that
 * stopped later. One registry per app (buildApp makes it; tests pass one with their own clock).
 */
export type JobStatus = {
  name: string;
  intervalMs: number;
  /** the end of the last round that went through; null: none since the process started */
  lastSuccessAt: Date | null;
  stale: boolean;
};

export type JobHeartbeats = {
  /** a job that runs every `intervalMs`; answers the function it calls after each successful round */
  register: (name: string, intervalMs: number) => () => void;
  /** every registered job, as it stands now */
  list: () => JobStatus[];
};

export function createJobHeartbeats(now: () => number = Date.now): JobHeartbeats {
  const startedAt = now();
  const jobs = new Map<string, { intervalMs: number; last: number | null }>();
  return {
    register(name, intervalMs) {
      const job = { intervalMs, last: null as number | null };
      jobs.set(name, job);
      return () => {
        job.last = now();
      };
    },
    list() {
      const at = now();
      return [...jobs].map(([name, j]) => ({
        name,
        intervalMs: j.intervalMs,
        lastSuccessAt: j.last === null ? null : new Date(j.last),
        stale: at - (j.last ?? startedAt) > 2 * j.intervalMs,
      }));
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** made by buildApp; the jobs register with it, /api/health and /api/metrics read it */
    jobHeartbeats: JobHeartbeats;
  }
}
