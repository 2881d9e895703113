import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, messages } from '../lib/http-error';
import { germanFields } from '../lib/zod-german';

function send(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.status(status).send({ reason: { message, code } });
}

/** Fastify's own errors (by its code) → status, our stable code and the German message */
const frameworkCodes: Record<string, [number, string, string]> = {
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'invalid_json', messages.invalidJson],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'invalid_json', messages.invalidJson],
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'payload_too_large', messages.payloadTooLarge],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'unsupported_media_type', messages.unsupportedMediaType],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'bad_request', messages.badRequest],
  FST_ERR_BAD_URL: [400, 'bad_url', messages.badUrl],
  FST_ERR_INVALID_URL: [400, 'bad_url', messages.badUrl],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'uri_too_long', messages.uriTooLong],
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
      return reply.status(400).send({ reason: { message: messages.validationFailed, code: 'validation_failed', fields } });
    }
    const fe = err as FastifyError;
    const known = typeof fe.code === 'string' ? frameworkCodes[fe.code] : undefined;
    if (known) return send(reply, ...known);
    // secure-json-parse's prototype-poisoning refusal and JSON.parse's own errors
    if (fe.statusCode === 400 && err instanceof SyntaxError) return send(reply, 400, 'invalid_json', messages.invalidJson);
    if (fe.statusCode === 413) return send(reply, 413, 'payload_too_large', messages.payloadTooLarge);
    if (fe.statusCode === 415) return send(reply, 415, 'unsupported_media_type', messages.unsupportedMediaType);
    if (fe.statusCode === 429) return send(reply, 429, 'too_many_requests', messages.tooManyRequests);
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      // other framework 4xx: keep the status, never leak internals
      request.log.info({ err }, 'client error');
      return send(reply, fe.statusCode, 'bad_request', messages.badRequest);
    }
    request.log.error({ err, requestId: request.id }, 'unexpected error');
    return reply.status(500).send({
      reason: { message: `${messages.internal} (Fehler-ID: ${request.id})`, code: 'internal_error' },
      requestId: request.id,
    });
  });
}

/**
 * Fastify's `frameworkErrors`: errors the router meets before any route or hook runs (a path that is not valid
 * percent-encoding, a parameter over maxParamLength). Without it Fastify answers its own English JSON.
 */
export function frameworkErrors(err: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const [status, code, message] = frameworkCodes[err.code] ?? [400, 'bad_request', messages.badRequest];
  // no onRequest hook ran: the headers every JSON answer gets from the security plugin that matter here
  return reply
    .status(status)
    .headers({ 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'content-security-policy': "default-src 'none';frame-ancestors 'none'" })
    .send({ reason: { message, code } });
}

/**
 * Node's `clientError`: the request could not even be parsed as HTTP (bad syntax, headers or URL over Node's 16 KB,
 * timeout). There is no request object, so the answer is written to the socket as it is, in SPEC §3's shape.
 */
export function clientErrorHandler(err: Error & { code?: string }, socket: Socket) {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const [status, text, code, message] =
    err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? [408, 'Request Timeout', 'request_timeout', messages.requestTimeout]
      : err.code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'headers_too_large', messages.headersTooLarge]
        : [400, 'Bad Request', 'bad_request', messages.badRequest];
  const body = JSON.stringify({ reason: { message, code } });
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${text}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy();
}

export default fp(errorHandler, { name: 'error-handler' });
