import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Headers every answer carries; pages add their own Content-Security-Policy. */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-content-type-options', 'nosniff');
    reply.header('referrer-policy', 'strict-origin-when-cross-origin');
    reply.header('x-frame-options', 'SAMEORIGIN');
    reply.header('permissions-policy', 'camera=(), microphone=(), geolocation=(self)');
    if (request.protocol === 'https') reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    if (request.url.startsWith('/v1/') || request.url.startsWith('/api/')) {
      if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    }
  });
});
