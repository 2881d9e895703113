import { errorBodySchema } from '../../src/shared/contracts/errors';

type Answer = { statusCode: number; body: string; json: () => unknown };

/**
 * An answer's body parsed with its contract after checking the status: tests read typed data and fail on a shape
 * the client would refuse, instead of casting `res.json()`. A wrong status names the body it got.
 *
 *   const season = parseAnswer(adminSeasonSchema, await f.call('admin', { … }), 201);
 */
export function parseAnswer<T>(schema: { parse: (data: unknown) => T }, res: Answer, status = 200): T {
  if (res.statusCode !== status) throw new Error(`expected status ${status}, got ${res.statusCode}: ${res.body.slice(0, 400)}`);
  return schema.parse(res.json());
}

/** the SPEC §3 `reason` of an error answer, checked against its status (any 4xx/5xx when none is given) */
export function reasonOfAnswer(res: Answer, status?: number) {
  if (status === undefined && res.statusCode < 400) throw new Error(`expected an error status, got ${res.statusCode}: ${res.body.slice(0, 400)}`);
  return parseAnswer(errorBodySchema, res, status ?? res.statusCode).reason;
}
