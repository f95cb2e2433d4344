import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { identityPageHelmet } from '../../plugins/security.ts';
import { EMBEDDED_MOUNT, type IdentitySettings } from './settings.ts';

/** oidc-provider (a Koa app) at /auth: the raw request goes to it with the mount path stripped. */
export async function mountProvider(app: FastifyInstance, provider: Provider, settings: IdentitySettings) {
  const callback = provider.callback();
  const origin = new URL(settings.origin);
  await app.register(async (scope) => {
    // The provider reads its own bodies.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null, undefined));
    const handler = async (request: FastifyRequest, reply: FastifyReply) => {
      reply.hijack();
      const req = request.raw as IncomingMessage & { originalUrl?: string };
      const res = reply.raw as ServerResponse;
      req.originalUrl = req.url;
      req.url = req.url!.slice(EMBEDDED_MOUNT.length) || '/';
      req.headers['x-forwarded-proto'] = origin.protocol.replace(':', '');
      req.headers['x-forwarded-host'] = origin.host;
      await new Promise<void>((resolve) => {
        res.once('finish', resolve);
        res.once('close', resolve);
        void callback(req, res);
      });
    };
    scope.all(EMBEDDED_MOUNT, { schema: { hide: true }, helmet: identityPageHelmet }, handler);
    scope.all(`${EMBEDDED_MOUNT}/*`, { schema: { hide: true }, helmet: identityPageHelmet }, handler);
  });
}
