import { AsyncLocalStorage } from 'node:async_hooks';
import { serializeError } from './logger';

/**
 * What the process is working on, for the log of a crash: the request (id, method, route pattern) or the job
 * (`mail-outbox` with the mail's id, `programme-reminders`). Held in AsyncLocalStorage, so it follows callbacks and
 * promises: an exception thrown in a zlib callback still knows the request that started it. Only ids and route
 * patterns, never URLs with their query, bodies or names.
 *
 * API: `runInContext(context, fn)` runs fn (and everything it starts) in that context; `currentContext()` reads it;
 * `installCrashHandlers({ log })` (server/index.ts) logs an uncaughtException / unhandledRejection with the context
 * it happened in and exits with code 1, so a supervisor (systemd, Docker's restart policy) starts a fresh process.
 */
export type RunContext = { reqId?: string; method?: string; route?: string; job?: string; mailId?: number };

const storage = new AsyncLocalStorage<RunContext>();

export const runInContext = <T>(context: RunContext, fn: () => T): T => storage.run(context, fn);
export const currentContext = (): RunContext | undefined => storage.getStore();

type FatalLog = { fatal: (obj: Record<string, unknown>, msg: string) => void };
type Proc = { on: (event: 'uncaughtException' | 'unhandledRejection', listener: (err: unknown) => void) => unknown };

export function installCrashHandlers({
  log,
  exit = (code: number) => process.exit(code),
  proc = process as Proc,
}: {
  log: FatalLog;
  exit?: (code: number) => void;
  proc?: Proc;
}) {
  let exiting = false;
  const crash = (kind: string) => (err: unknown) => {
    // after an uncaught exception the process's state is unknown: log once, then leave (no graceful close)
    if (exiting) return;
    exiting = true;
    try {
      log.fatal({ err: serializeError(err), context: currentContext() ?? null }, `${kind}: the process exits (code 1) so its supervisor restarts it`);
    } finally {
      exit(1);
    }
  };
  proc.on('uncaughtException', crash('uncaught exception'));
  proc.on('unhandledRejection', crash('unhandled promise rejection'));
}
