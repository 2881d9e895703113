/** every process below `rootPid` (from `ps`) */
export function descendantsOf(rootPid: number): number[];
/** those of `pids` that still run (a zombie does not) */
export function stillRunning(pids: number[]): number[];
export function stepRunner(): {
  exec(cmd: string, args: string[], env?: Record<string, string>): Promise<{ status: number | null; signal: NodeJS.Signals | null }>;
  stoppedBy(): NodeJS.Signals | null;
  exitCode(): number;
};
