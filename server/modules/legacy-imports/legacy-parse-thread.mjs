// The legacy import's parse thread entry. node:worker_threads loads JavaScript only; tsx's API loads the TypeScript
// parser, the same under `npm start`, `npm run dev`, vitest and plain node. See legacy-parse-pool.ts.
import { tsImport } from 'tsx/esm/api';

await tsImport('./legacy-parse-thread.ts', import.meta.url);
