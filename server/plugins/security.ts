import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { fail } from '../lib/http-error';

const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

// HSTS only makes sense when we are served over https
const hsts = (secureCookies: boolean): [string, string][] =>
  secureCookies ? [['strict-transport-security', 'max-age=15552000; includeSubDomains']] : [];

/**
 * The security headers of every document answer (the SPA, its assets), fixed at startup. They are what
 * @fastify/helmet wrote with our configuration (CSP without inline script, frame-ancestors none, nosniff, strict-origin-when-cross-origin, HSTS
 * over https), but helmet rebuilt its middleware from the options on every request (~5 % of a loginstatus).
 */
export function securityHeaders(secureCookies: boolean): Record<string, string> {
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
  return Object.fromEntries([
    ['content-security-policy', csp],
    ['cross-origin-opener-policy', 'same-origin'],
    ['cross-origin-resource-policy', 'same-origin'],
    ['origin-agent-cluster', '?1'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ...hsts(secureCookies),
    ['x-content-type-options', 'nosniff'],
    ['x-dns-prefetch-control', 'off'],
    ['x-download-options', 'noopen'],
    ['x-frame-options', 'SAMEORIGIN'],
    ['x-permitted-cross-domain-policies', 'none'],
    ['x-xss-protection', '0'],
  ]);
}

/**
 * The headers of JSON answers (/api/…): what matters for a response that is never rendered as a document — no
 * sniffing, no framing, no loading by other origins, nothing it could run (OWASP REST Security). The document-only
 * headers above (COOP, origin-agent-cluster, download and DNS-prefetch options) are left off: fewer bytes on the
 * portal's most frequent answers.
 */
export function apiSecurityHeaders(secureCookies: boolean): Record<string, string> {
  return Object.fromEntries([
    ['content-security-policy', "default-src 'none';frame-ancestors 'none'"],
    ['cross-origin-resource-policy', 'same-origin'],
    ['referrer-policy', 'strict-origin-when-cross-origin'],
    ...hsts(secureCookies),
    ['x-content-type-options', 'nosniff'],
    ['x-frame-options', 'DENY'],
  ]);
}

/** Security headers and the Origin check of SPEC §3 (SameSite=Lax alone leaves same-site subdomains in). */
async function securityPlugin(app: FastifyInstance) {
  const { publicOrigin, secureCookies } = app.appConfig;
  const headers = securityHeaders(secureCookies);
  const apiHeaders = apiSecurityHeaders(secureCookies);
  // the API speaks JSON only; text/plain is a CORS "simple" type a foreign page can post without preflight
  app.removeContentTypeParser('text/plain');

  // one synchronous hook for both: it runs on every request, before the session lookup
  app.addHook('onRequest', (request, reply, done) => {
    // fastify's own header object (kept for error answers): Node then checks them once, in writeHead, instead of
    // once per setHeader on the raw response and again when fastify's headers join them
    reply.headers(request.url.startsWith('/api/') ? apiHeaders : headers);
    if (!stateChanging.has(request.method)) return done();
    const origin = request.headers.origin;
    // no Origin: curl, scripts, integrations; browsers always send it on cross-site writes
    if (origin === undefined || origin === publicOrigin) return done();
    const host = request.headers.host;
    if (host && origin === `${request.protocol}://${host}`) return done();
    done(fail('common.origin_mismatch'));
  });
}

export default fp(securityPlugin, { name: 'security', dependencies: ['db'] });
