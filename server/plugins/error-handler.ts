import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ErrorId } from '../../src/shared/contracts/error-codes';
import { fail, HttpError, reasonOf } from '../lib/http-error';
import { germanFields } from '../lib/zod-german';

/** the shared entries whose message takes no argument: what the framework layer answers */
type Plain = Exclude<ErrorId & `common.${string}`, 'common.internal_error'>;

/** the answer of a catalogue entry (the framework's failures); `status` keeps Fastify's own 4xx */
function send(reply: FastifyReply, id: Plain, status?: number) {
  const e = fail(id);
  return reply.status(status ?? e.statusCode).send({ reason: { message: e.message, code: e.code } });
}

/** Fastify's own errors (by its code) → the catalogue entry (status, stable code, German message) */
const frameworkCodes: Record<string, Plain> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'common.invalid_json',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'common.invalid_json',
  FST_ERR_CTP_BODY_TOO_LARGE: 'common.payload_too_large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'common.unsupported_media_type',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'common.bad_request',
  FST_ERR_BAD_URL: 'common.bad_url',
  FST_ERR_INVALID_URL: 'common.bad_url',
  FST_ERR_MAX_PARAM_LENGTH: 'common.uri_too_long',
};

/** One handler turns every failure into SPEC §3 `{reason:{message,code,fields}}`; 5xx details stay in the log. */
async function errorHandler(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError | HttpError, request: FastifyRequest, reply: FastifyReply) => {
    if (err instanceof HttpError) {
      if (err.headers) reply.headers(err.headers);
      const reason = { message: err.message, code: err.code, ...(err.fields ? { fields: err.fields } : {}) };
      return reply.status(err.statusCode).send({ ...err.extraBody, reason });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      const fields = germanFields(err.validation);
      return reply.status(400).send({ reason: reasonOf('common.validation_failed', { fields }) });
    }
    const fe = err as FastifyError;
    const known = typeof fe.code === 'string' ? frameworkCodes[fe.code] : undefined;
    if (known) return send(reply, known);
    // secure-json-parse's prototype-poisoning refusal and JSON.parse's own errors
    if (fe.statusCode === 400 && err instanceof SyntaxError) return send(reply, 'common.invalid_json');
    if (fe.statusCode === 413) return send(reply, 'common.payload_too_large');
    if (fe.statusCode === 415) return send(reply, 'common.unsupported_media_type');
    if (fe.statusCode === 429) return send(reply, 'common.too_many_requests');
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      // other framework 4xx: keep the status, never leak internals
      request.log.info({ err }, 'client error');
      return send(reply, 'common.bad_request', fe.statusCode);
    }
    request.log.error({ err, requestId: request.id }, 'unexpected error');
    return reply.status(500).send({
      reason: reasonOf('common.internal_error', [request.id]),
      requestId: request.id,
    });
  });
}

/**
 * Fastify's `frameworkErrors`: errors the router meets before any route or hook runs (a path that is not valid
 * percent-encoding, a parameter over maxParamLength). Without it Fastify answers its own English JSON.
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const e = fail(frameworkCodes[err.code] ?? 'common.bad_request');
  // no onRequest hook ran: the headers every JSON answer gets from the security plugin that matter here
  return reply
    .status(e.statusCode)
    .headers({
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none';frame-ancestors 'none'",
    })
    .send({ reason: { message: e.message, code: e.code } });
}

/**
 * Node's `clientError`: the request could not even be parsed as HTTP (bad syntax, headers or URL over Node's 16 KB,
 * timeout). There is no request object, so the answer is written to the socket as it is, in SPEC §3's shape.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [text, id] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? (['Request Timeout', 'common.request_timeout'] as const)
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? (['Request Header Fields Too Large', 'common.headers_too_large'] as const)
        : (['Bad Request', 'common.bad_request'] as const);
  const e = fail(id);
  const status = e.statusCode;
  const body = JSON.stringify({ reason: { message: e.message, code: e.code } });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

export default fp(errorHandler, { name: 'error-handler' });
