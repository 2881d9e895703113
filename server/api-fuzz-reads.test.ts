import { apiGate } from './testing/api-gate';

// the API gate's GET routes (server/testing/api-gate.ts); the other half runs in api-fuzz-writes.test.ts
await apiGate('reads');
