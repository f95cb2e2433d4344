import { DocumentVerification, ErrorResponse, IssuedDocumentList, IssuedDocumentParams, RevokeDocument, VerificationParams } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicOrigin } from '../../plugins/config.ts';
import { staffOf } from '../gestao/roles.ts';
import * as service from './documents.service.ts';

/**
 * Issued documents (issue 28): anyone checks a code; the citizen lists and downloads her own; the issuing
 * department (or the central team) revokes one. Documents are issued by the requests' 'deferir' action through
 * `issueDocument`, never by a route of their own.
 *
 * The verification answer is never kept by the public cache (no `publicCache` rule here, and the page that shows it
 * is `no-store`): a revoked document must read as revoked on the very next check, on every instance.
 */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['documentos'];
  const origin = publicOrigin(app.config);

  app.get(
    '/v1/documentos/verificacao/:codigo',
    {
      schema: {
        tags,
        summary: 'Conferir um documento emitido pelo código de verificação (sem login): se é autêntico, o que diz e se foi revogado; do cidadão, só o nome abreviado',
        params: VerificationParams,
        response: { 200: DocumentVerification, 400: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return service.verify(app.db, request.params.codigo);
    },
  );

  app.get(
    '/v1/documentos',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Os documentos emitidos para quem chama, os mais recentes primeiro (os revogados também, marcados)', response: { 200: IssuedDocumentList, 401: ErrorResponse } } },
    async (request) => ({ documents: await service.mine(app.db, request.user!.sub) }),
  );

  app.get(
    '/v1/documentos/:id/pdf',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Baixar um documento emitido em PDF, com o código de verificação e o código QR (somente os de quem chama)',
        params: IssuedDocumentParams,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('PDF'), 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => {
      const { fileName, pdf } = await service.pdfOf(app.db, origin, request.user!.sub, request.params.id);
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="${fileName}"`).header('cache-control', 'private, no-store').send(pdf);
    },
  );

  app.post(
    '/v1/gestao/documentos/:codigo/revogar',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['gestão', ...tags],
        security,
        summary: 'Revogar um documento emitido, com o motivo que quem o conferir vai ler (equipe do órgão emissor ou equipe central; uma só vez)',
        params: VerificationParams,
        body: RevokeDocument,
        response: { 200: DocumentVerification, 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) =>
      service.revokeDocument(app.db, request.params.codigo, staffOf(request.user), request.body.reason, (revoked) =>
        // The citizen learns it from the portal, not from whoever she showed the document to.
        app.notifications.create({
          userSub: revoked.citizenSub,
          kind: 'alerta',
          title: 'Um documento seu foi revogado',
          body: `O documento "${revoked.title}" (código ${revoked.code}) foi revogado pelo órgão que o emitiu e não vale mais. Motivo: ${revoked.reason}`,
          metadata: { onClick: { tipo: 'redirect', url: '/app/app-documentos' } },
        })
          // the revocation stands even if the notice could not be written: it is what every check reads
          .catch((err: unknown) => request.log.error({ err }, 'revocation notice failed')),
      ),
  );
};
