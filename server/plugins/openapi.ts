import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import fastifySwagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { publicRoute } from '../lib/route-builders';

/** OpenAPI 3 generated from the routes' zod schemas (SPEC §3); registered before the routes it describes. */
async function openapiPlugin(app: FastifyInstance, opts: { version: string }) {
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'KiTa-Portal API', version: opts.version },
      components: { securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'kita_session' } } },
    },
    transform: jsonSchemaTransform,
    hideUntagged: false,
  });
  publicRoute(app).get('/api/openapi.json', { config: { cacheControl: 'no-cache' }, schema: { hide: true }, handler: async () => app.swagger() });
}

export default fp(openapiPlugin, { name: 'openapi' });
