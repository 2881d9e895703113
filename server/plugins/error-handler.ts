import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError, messages } from '../lib/http-error';
import { germanFields } from '../lib/zod-german';

function send(reply: FastifyReply, status: number, code: string, message: string) {
  return reply.status(status).send({ reason: { message, code } });
}

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
    if (fe.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || (fe.statusCode === 400 && err instanceof SyntaxError)) {
      return send(reply, 400, 'invalid_json', messages.invalidJson);
    }
    if (fe.code === 'FST_ERR_CTP_EMPTY_JSON_BODY') return send(reply, 400, 'invalid_json', messages.invalidJson);
    if (fe.code === 'FST_ERR_CTP_BODY_TOO_LARGE' || fe.statusCode === 413) {
      return send(reply, 413, 'payload_too_large', messages.payloadTooLarge);
    }
    if (fe.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE' || fe.statusCode === 415) {
      return send(reply, 415, 'unsupported_media_type', messages.unsupportedMediaType);
    }
    if (fe.statusCode === 429) return send(reply, 429, 'too_many_requests', messages.tooManyRequests);
    if (fe.statusCode && fe.statusCode >= 400 && fe.statusCode < 500) {
      // other framework 4xx (e.g. bad content length): keep the status, never leak internals
      request.log.info({ err }, 'client error');
      return send(reply, fe.statusCode, 'bad_request', messages.validationFailed);
    }
    request.log.error({ err, requestId: request.id }, 'unexpected error');
    return reply.status(500).send({
      reason: { message: `${messages.internal} (Fehler-ID: ${request.id})`, code: 'internal_error' },
      requestId: request.id,
    });
  });
}

export default fp(errorHandler, { name: 'error-handler' });
