import { ErrorResponse, PaySlipLinkQuery, PaySlipList, PaySlipParams } from '@portal/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { publicOrigin } from '../../plugins/config.ts';
import { markPersonal } from '../../plugins/credentials.ts';
import { linkKey } from './payslips.links.ts';
import * as service from './payslips.service.ts';

const sendPdf = (reply: FastifyReply, { fileName, pdf }: { fileName: string; pdf: Buffer }) =>
  reply
    .type('application/pdf')
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(pdf);

export const payslipsRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['contracheque'];
  const links: service.PaySlipLinks = { origin: publicOrigin(app.config), key: linkKey(() => app.db) };

  app.get(
    `${service.PAYSLIPS_BASE}/ultimos-contracheques`,
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Os últimos contracheques de quem chama (servidor público); `link` baixa o PDF sem token por alguns minutos',
        security,
        response: { 200: PaySlipList, 401: ErrorResponse },
      },
    },
    async (request) => service.latest(app.db, links, request.user!.sub),
  );

  app.get(
    `${service.PAYSLIPS_BASE}/contracheques/:id/pdf`,
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Baixar um contracheque em PDF (somente os de quem chama)',
        security,
        params: PaySlipParams,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('PDF'), 400: ErrorResponse, 401: ErrorResponse, 404: ErrorResponse },
      },
    },
    async (request, reply) => sendPdf(reply, await service.download(app.db, request.user!.sub, request.params.id)),
  );

  // The app downloads `link` with no header at all: the signature in the query stands for the token.
  app.get(
    `${service.PAYSLIPS_BASE}/contracheques/:id/arquivo`,
    {
      schema: {
        tags,
        summary: 'Baixar um contracheque em PDF pelo link assinado da lista (sem token; vale por alguns minutos)',
        params: PaySlipParams,
        querystring: PaySlipLinkQuery,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('PDF'), 400: ErrorResponse, 403: ErrorResponse, 410: ErrorResponse },
      },
    },
    async (request, reply) => {
      // The signature in the query stands for the servant: the answer is theirs, as with a token.
      markPersonal(request);
      return sendPdf(reply, await service.downloadSigned(app.db, links, request.params.id, request.query));
    },
  );
};
