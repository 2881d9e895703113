import { berlinHour } from '../../lib/berlin-time';
import type { JobHeartbeats } from '../../lib/job-heartbeats';
import { runRetention, type RetentionDeps } from './retention.service';

/**
 * The nightly retention run (issue 38): every hour the job looks whether it is night in Berlin (02:00–04:59) and no run
 * started within the last 20 hours (on any server process); then it runs the rules. Two processes looking at once: the
 * run record lets one start (its insert checks for a recent run), the other finds it and waits for the next night. Each
 * look that went through is a heartbeat.
 */
export function startRetentionJob(
  deps: RetentionDeps,
  log: { info: (o: object, m: string) => void; error: (o: object, m: string) => void },
  opts: { heartbeats?: JobHeartbeats; intervalMs?: number; now?: () => Date } = {},
) {
  const intervalMs = opts.intervalMs ?? 3_600_000;
  const now = opts.now ?? (() => new Date());
  const beat = opts.heartbeats?.register('retention', intervalMs);
  let running: Promise<void> = Promise.resolve();
  const tick = async () => {
    const at = now();
    const hour = berlinHour(at);
    if (hour >= 2 && hour < 5) {
      // once a night: not when a run started within the last 20 hours (checked as the run starts)
      const answer = await runRetention(deps, { trigger: 'job', now: at, noneSince: new Date(at.getTime() - 20 * 3_600_000) });
      if (answer) log.info({ removed: Object.fromEntries(answer.rules.map((r) => [r.key, r.removed])) }, 'retention run finished');
    }
    beat?.();
  };
  const timer = setInterval(() => {
    running = tick().catch((err: unknown) => log.error({ err }, 'retention run failed'));
  }, intervalMs);
  timer.unref();
  return {
    /** one look now (tests) */
    tick: () => (running = tick()),
    async stop() {
      clearInterval(timer);
      await running.catch(() => undefined);
    },
  };
}
