import { ErrorResponse, SimplifiqueMine, SimplifiqueRequest, SimplifiqueResponse } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { createHash } from 'node:crypto';
import { formatWait, limitReached, take } from '../../plugins/limits.ts';
import * as repository from './simplifique.repository.ts';

/** Suggestions one sender may send per hour: plenty for a person, too few to flood the ombudsman team. */
export const SUGGESTIONS_PER_HOUR = 10;

/**
 * 'Simplifique!': citizens suggest how to make a public service simpler. Anyone may send one; a bearer
 * token, when present, links the suggestion to the citizen.
 */
export const simplifiqueRoutes: FastifyPluginAsyncZod = async (app) => {
  const suggestions = app.limits.limiter('simplifique', { points: SUGGESTIONS_PER_HOUR, seconds: 3600 });

  app.post(
    '/v1/simplifique',
    {
      schema: {
        tags: ['simplifique'],
        summary: 'Enviar uma sugestão de simplificação de serviço (Simplifique!)',
        body: SimplifiqueRequest,
        response: { 201: SimplifiqueResponse, 400: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const who = request.user ? `user:${request.user.sub}` : `ip:${request.ip}`;
      const senderHash = createHash('sha256').update(`${app.config.VOTER_SECRET}:simplifique:${who}`).digest('base64url');
      // Counted and checked in one step, so a burst of simultaneous sends cannot all slip under the limit.
      const allowance = await take(suggestions, app.limits.key('simplifique', senderHash));
      if (!allowance.allowed) {
        const wait = formatWait(allowance.retryAfter);
        throw limitReached(reply, allowance.retryAfter, `Você enviou muitas sugestões em pouco tempo. Obrigado! Tente novamente daqui a ${wait}.`);
      }
      const { protocol, createdAt } = await repository.insertSuggestion(app.db, {
        subject: body.assunto,
        service: body.servico,
        message: body.mensagem,
        name: body.nome,
        email: body.email,
        userSub: request.user?.sub ?? null,
        senderHash,
      });
      return reply.code(201).send({ protocolo: protocol, recebidaEm: createdAt.toISOString() });
    },
  );

  app.get(
    '/v1/simplifique/minhas',
    {
      preHandler: app.requireUser,
      schema: {
        tags: ['simplifique'],
        summary: 'As sugestões que quem chama enviou com login',
        security: [{ bearerAuth: [] }],
        response: { 200: SimplifiqueMine, 401: ErrorResponse },
      },
    },
    async (request) =>
      (await repository.listByUser(app.db, request.user!.sub)).map((row) => ({
        protocolo: row.protocol ?? '',
        assunto: row.subject,
        servico: row.service,
        mensagem: row.message,
        recebidaEm: row.createdAt.toISOString(),
      })),
  );
};
