import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import { httpError, messages } from '../lib/http-error';

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Security headers and the Origin check of SPEC §3 (SameSite=Lax alone leaves same-site subdomains in). */
async function securityPlugin(app: FastifyInstance) {
  const { publicOrigin, secureCookies } = app.appConfig;
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine writes style attributes and <style> tags at runtime
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(secureCookies ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // HSTS only makes sense when we are served over https
    strictTransportSecurity: secureCookies ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });

  // the API speaks JSON only; text/plain is a CORS "simple" type a foreign page can post without preflight
  app.removeContentTypeParser('text/plain');

  app.addHook('onRequest', async (request) => {
    if (!stateChanging.has(request.method)) return;
    const origin = request.headers.origin;
    // no Origin: curl, scripts, integrations; browsers always send it on cross-site writes
    if (origin === undefined) return;
    if (origin === publicOrigin) return;
    const host = request.headers.host;
    if (host && (origin === `${request.protocol}://${host}`)) return;
    throw httpError(403, 'origin_mismatch', messages.originMismatch);
  });
}

export default fp(securityPlugin, { name: 'security', dependencies: ['db'] });
