// The PDF worker thread's entry. node:worker_threads loads JavaScript only, and the renderer is TypeScript: tsx's
// API loads it, the same under `npm start` (tsx), `npm run dev`, vitest and plain node. See server/lib/pdf-pool.ts.
import { tsImport } from 'tsx/esm/api';

await tsImport('./pdf-thread.ts', import.meta.url);
