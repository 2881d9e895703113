import { createReadStream, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { fail } from '../lib/http-error';
import { publicRoute } from '../lib/route-builders';
import { securityHeaders } from './security';

type Json = Record<string, unknown>;

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route takes `multipart/form-data` with one file in this field (its handler reads the parts, so no body
     * schema validates them): the document describes the form, so integrators and the API gate send it.
     */
    multipartFile?: { field: string; description: string };
  }
}

/**
 * The answers that are files, not JSON (their routes declare no 200 schema, so nothing serialises them): the media
 * types follow from the URL, as the error statuses do in the route builders.
 */
const fileTypes: [RegExp, string[]][] = [
  [/\.csv$/, ['text/csv']],
  [/\.xlsx$/, ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet']],
  [/\.ics$/, ['text/calendar']],
  [/\.zip$/, ['application/zip']],
  [/\/pdf$/, ['application/pdf']],
  // uploaded photos and PDFs of the documentation (server/lib/file-sniff.ts)
  [/\/files\/:[A-Za-z]+$/, ['image/jpeg', 'image/png', 'image/webp', 'application/pdf']],
];

const fileResponse = (url: string) => {
  const types = fileTypes.find(([pattern]) => pattern.test(url))?.[1] ?? ['application/octet-stream'];
  const content = Object.fromEntries(types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]));
  return { description: 'Die Datei', content };
};

/** a route's OpenAPI schema from its zod schemas, plus the file answer of the routes that send one */
const transform: typeof jsonSchemaTransform = (input) => {
  const result = jsonSchemaTransform(input);
  const schema = result.schema as { hide?: boolean; response?: Record<string, unknown>; body?: unknown; consumes?: string[] } | undefined;
  if (schema && !schema.hide && !Object.keys(schema.response ?? {}).some((status) => status.startsWith('2'))) {
    schema.response = { 200: fileResponse(input.url), ...schema.response };
  }
  const form = input.route.config?.multipartFile;
  if (schema && form) {
    schema.consumes = ['multipart/form-data'];
    schema.body = {
      type: 'object',
      required: [form.field],
      properties: { [form.field]: { type: 'string', format: 'binary', description: form.description } },
    };
  }
  return result;
};

/**
 * OpenAPI 3.0 knows `nullable` only next to a `type` (3.0.3: it "has no effect" otherwise). zod writes it beside an
 * `anyOf` (a nullable union) and alone for a nullable `unknown`: the first becomes nullable branches, the second is
 * dropped (a schema without a type allows null already).
 */
function typeNullables(node: unknown): void {
  if (Array.isArray(node)) return node.forEach(typeNullables);
  if (!node || typeof node !== 'object') return;
  const schema = node as Json;
  if (schema.nullable === true && schema.type === undefined) {
    delete schema.nullable;
    const branches = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
    for (const branch of branches ?? []) if (branch.type !== undefined) branch.nullable = true;
  }
  Object.values(schema).forEach(typeNullables);
}

/**
 * Redoc's browser bundle, as Redocly CLI ships it (no CDN, no extra package). Redocly CLI is a dev dependency: an
 * installation without them (`npm install --omit=dev`) has no rendered reference, only the document.
 */
const redocBundle = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../node_modules/@redocly/cli/lib/chunks/redoc.standalone.js');

// the bundle finds <redoc spec-url> itself: no inline script, so the SPA's Content-Security-Policy holds
const referencePage = `<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>KiTa-Portal API</title></head>
<body><redoc spec-url="/api/openapi.json"></redoc><script type="module" src="/api/docs/redoc.standalone.js"></script></body>
</html>
`;
const missingPage = `<!doctype html>
<html lang="de">
<head><meta charset="utf-8"><title>KiTa-Portal API</title></head>
<body><main><h1>KiTa-Portal API</h1><p>Die gerenderte Referenz ist in dieser Installation nicht enthalten.
Das OpenAPI-Dokument steht unter <a href="/api/openapi.json">/api/openapi.json</a>.</p></main></body>
</html>
`;

/** the rendered reference at /api/docs for integrators and admins: public, as the document it renders */
function registerReference(app: FastifyInstance) {
  // a page, not a JSON answer: the document headers (CSP script-src 'self') instead of the API's default-src 'none'
  const pageHeaders = securityHeaders(app.appConfig.secureCookies);
  const asAnyone = publicRoute(app);
  asAnyone.get('/api/docs', {
    config: { cacheControl: 'no-cache' },
    schema: { hide: true },
    handler: async (_request, reply) =>
      reply
        .headers(pageHeaders)
        .type('text/html; charset=utf-8')
        .send(existsSync(redocBundle) ? referencePage : missingPage),
  });
  asAnyone.get('/api/docs/redoc.standalone.js', {
    config: { cacheControl: 'public, max-age=3600' },
    schema: { hide: true },
    handler: async (_request, reply) => {
      if (!existsSync(redocBundle)) throw fail('common.not_found');
      return reply.type('text/javascript; charset=utf-8').send(createReadStream(redocBundle));
    },
  });
}

/** OpenAPI 3 generated from the routes' zod schemas (SPEC §3); registered before the routes it describes. */
async function openapiPlugin(app: FastifyInstance, opts: { version: string }) {
  await app.register(fastifySwagger, {
    openapi: {
      info: {
        title: 'KiTa-Portal API',
        version: opts.version,
        description:
          'Die Schnittstelle des KiTa-Portals. Angemeldet wird mit `POST /api/login`; danach trägt das Session-Cookie ' +
          '(`kita_session`, über https `__Host-kita_session`) die Anmeldung. Schreibende Aufrufe brauchen den ' +
          '`Origin` des Portals. Fehler antworten `{ "reason": { "message", "code" } }` mit deutscher Meldung.',
      },
      // the address people use (PUBLIC_URL): the reference's examples and a generated client start from it
      servers: [{ url: app.appConfig.publicUrl }],
      components: {
        securitySchemes: {
          session: {
            type: 'apiKey',
            in: 'cookie',
            name: 'kita_session',
            description: 'Das Session-Cookie aus `POST /api/login` (über https `__Host-kita_session`).',
          },
        },
      },
      security: [{ session: [] }],
    },
    transform,
    transformObject: (document) => {
      if (!('openapiObject' in document)) return document.swaggerObject;
      typeNullables(document.openapiObject.paths);
      typeNullables(document.openapiObject.components);
      return document.openapiObject;
    },
    hideUntagged: false,
  });
  publicRoute(app).get('/api/openapi.json', { config: { cacheControl: 'no-cache' }, schema: { hide: true }, handler: async () => app.swagger() });
  registerReference(app);
}

export default fp(openapiPlugin, { name: 'openapi', dependencies: ['db'] });
