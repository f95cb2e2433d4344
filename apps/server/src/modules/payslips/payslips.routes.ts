import { ErrorResponse, PaySlipList, PaySlipParams } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import * as service from './payslips.service.ts';

export const payslipsRoutes: FastifyPluginAsyncZod = async (app) => {
  const security = [{ bearerAuth: [] }];
  const tags = ['contracheque'];

  app.get(
    `${service.PAYSLIPS_BASE}/ultimos-contracheques`,
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        summary: 'Os últimos contracheques de quem chama (servidor público)',
        security,
        response: { 200: PaySlipList, 401: ErrorResponse },
      },
    },
    async (request) => service.latest(app.db, request.user!.sub),
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
    async (request, reply) => {
      const { fileName, pdf } = await service.download(app.db, request.user!.sub, request.params.id);
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="${fileName}"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );
};
