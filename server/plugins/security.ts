import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { httpError, messages } from '../lib/http-error';

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The security headers of every answer, fixed at startup. They are what @fastify/helmet wrote with our
 * configuration (CSP without inline script, frame-ancestors none, nosniff, strict-origin-when-cross-origin, HSTS
 * over https), but helmet rebuilt its middleware from the options on every request (~5 % of a loginstatus).
 */
export function securityHeaders(secureCookies: boolean): [string, string][] {
  const csp = [
    "default-src 'self'",
    "script-src 'self'",
    // Mantine writes style attributes and <style> tags at runtime
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(secureCookies ? ['upgrade-insecure-requests'] : []),
  ].join(';');
  return [
    ['Content-Security-Policy', csp],
    ['Cross-Origin-Opener-Policy', 'same-origin'],
    ['Cross-Origin-Resource-Policy', 'same-origin'],
    ['Origin-Agent-Cluster', '?1'],
    ['Referrer-Policy', 'strict-origin-when-cross-origin'],
    // HSTS only makes sense when we are served over https
    ...(secureCookies ? [['Strict-Transport-Security', 'max-age=15552000; includeSubDomains'] as [string, string]] : []),
    ['X-Content-Type-Options', 'nosniff'],
    ['X-DNS-Prefetch-Control', 'off'],
    ['X-Download-Options', 'noopen'],
    ['X-Frame-Options', 'SAMEORIGIN'],
    ['X-Permitted-Cross-Domain-Policies', 'none'],
    ['X-XSS-Protection', '0'],
  ];
}

/** Security headers and the Origin check of SPEC §3 (SameSite=Lax alone leaves same-site subdomains in). */
async function securityPlugin(app: FastifyInstance) {
  const { publicOrigin, secureCookies } = app.appConfig;
  const headers = securityHeaders(secureCookies);
  // the API speaks JSON only; text/plain is a CORS "simple" type a foreign page can post without preflight
  app.removeContentTypeParser('text/plain');

  // one synchronous hook for both: it runs on every request, before the session lookup
  app.addHook('onRequest', (request, reply, done) => {
    // on the raw response, as helmet did: they survive error answers and whatever a plugin sends
    const raw = reply.raw;
    for (const [name, value] of headers) raw.setHeader(name, value);
    if (!stateChanging.has(request.method)) return done();
    const origin = request.headers.origin;
    // no Origin: curl, scripts, integrations; browsers always send it on cross-site writes
    if (origin === undefined || origin === publicOrigin) return done();
    const host = request.headers.host;
    if (host && origin === `${request.protocol}://${host}`) return done();
    done(httpError(403, 'origin_mismatch', messages.originMismatch));
  });
}

export default fp(securityPlugin, { name: 'security', dependencies: ['db'] });
