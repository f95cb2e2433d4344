import type { FastifyInstance, FastifyReply } from 'fastify';
import { cspNonce } from '../../plugins/security.ts';
import type { Page } from './pages.ts';

/** An identity page: HTML, never cached, with this response's CSP nonce, looking like the portal. */
export function sendPage(reply: FastifyReply, page: Page, status = 200) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(page(cspNonce(reply.raw), reply.server.identity.settings.look));
}

/** The login and logout forms post urlencoded bodies; only this scope reads them. */
export function parseForms(app: FastifyInstance) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 8 * 1024 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );
}
