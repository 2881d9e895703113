import { HTTPError } from 'ky';
import { onlineManager } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createQueryClient, shouldRetry } from './query-client';

const httpError = (status: number) => new HTTPError(new Response(null, { status }), new Request('http://portal.test/api/x'), {} as never);

describe('query retry policy', () => {
  it('never retries an answer with a 4xx status: a missing record stays missing', () => {
    for (const status of [400, 403, 404, 409, 422]) expect(shouldRetry(0, httpError(status)), String(status)).toBe(false);
  });

  it('retries once what may pass: server errors and no answer at all', () => {
    expect(shouldRetry(0, httpError(503))).toBe(true);
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
    expect(shouldRetry(1, httpError(503))).toBe(false);
  });
});

describe('while the browser reports itself offline (issue 19)', () => {
  it('a query and a mutation still run and fail, so the shared handler can say "Bist du offline?" instead of waiting silently', async () => {
    const client = createQueryClient({ retry: false });
    const offline = new TypeError('Failed to fetch');
    onlineManager.setOnline(false);
    try {
      await expect(client.fetchQuery({ queryKey: ['x'], queryFn: () => Promise.reject(offline) })).rejects.toBe(offline);
      const mutation = client.getMutationCache().build(client, { mutationFn: () => Promise.reject(offline) });
      await expect(mutation.execute(undefined)).rejects.toBe(offline);
    } finally {
      onlineManager.setOnline(true);
    }
  });
});
