import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/**
 * The database floor of a booking (../shared/tools/booking-floor.sh: pgbench doing a booking's database work), or null
 * when the script or pgbench is missing.
 */
export function bookingFloor(clients: number, transactions: number): { floorTps: number; clients: number; latencyMs: number } | null {
  const script = [process.env.BOOKING_FLOOR, '../shared/tools/booking-floor.sh', '../../shared/tools/booking-floor.sh'].find(
    (p): p is string => !!p && existsSync(p),
  );
  if (!script) {
    console.error('booking-floor.sh not found (BOOKING_FLOOR=path): no floor, no ratio');
    return null;
  }
  const r = spawnSync('bash', [script, String(clients), String(transactions)], { encoding: 'utf8' });
  if (r.status !== 0) {
    console.error(`booking-floor.sh failed: ${r.stderr}`);
    return null;
  }
  return JSON.parse(r.stdout.trim().split('\n').pop()!);
}
