import { apiGate } from './testing/api-gate';

// the API gate's POST, PUT, PATCH and DELETE routes (server/testing/api-gate.ts); the other half runs in api-fuzz-reads.test.ts
await apiGate('writes');
