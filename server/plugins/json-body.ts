import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fail } from '../lib/http-error';

/** no contract nests deeper than a few levels; 32 leaves room and stops a megabyte of `[[[[…` early */
export const maxJsonDepth = 32;

/** true when the JSON text opens more than `max` arrays/objects inside each other (strings are skipped) */
export function jsonTooDeep(text: string, max = maxJsonDepth): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

/**
 * JSON bodies: Fastify's own parser (secure-json-parse, refusing `__proto__` and `constructor.prototype`) behind a
 * depth check, so a deeply nested body is a 400 in SPEC §3's shape before anything walks it.
 */
async function jsonBodyPlugin(app: FastifyInstance) {
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    if (jsonTooDeep(body as string)) return done(fail('common.json_too_deep'), undefined);
    parseJson(request, body as string, done);
  });
}

export default fp(jsonBodyPlugin, { name: 'json-body' });
