import sharp from 'sharp';

/**
 * sharp (libvips) as the server uses it, for uploaded photos (image-reencode.ts) and the season report's chart images
 * (server/modules/season-report/season-report.charts.ts): the work runs on libuv's thread pool, never on the event
 * loop; one image at a time, each with one libvips thread (`sharp.concurrency(1)`), so on two cores one stays for the
 * event loop and PostgreSQL, and the pool's other threads stay free for file and crypto work. The rest wait for the
 * slot in arrival order. sharp's operation cache is off: every image is a different one. Import sharp from here
 * (eslint refuses it elsewhere), so this configuration holds wherever it is used.
 */
sharp.concurrency(1);
sharp.cache(false);

export { sharp };

const SLOTS = 1;
let running = 0;
const waiting: (() => void)[] = [];

/** at most SLOTS images at once, the others in arrival order */
export async function inImageSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= SLOTS) await new Promise<void>((resolve) => waiting.push(resolve));
  else running++;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    if (next) next();
    else running--;
  }
}
