import { createHash } from 'node:crypto';
import { ErrorResponse, RatingParams, RatingRequest, RatingResponse } from '@portal/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../lib/http-error.ts';
import { limitReached, take } from '../../plugins/limits.ts';
import * as repository from './ratings.repository.ts';

/** Votes one voter may cast on one service per window: enough for a shared network, too few to stuff the ballot. */
export const VOTES_PER_WINDOW = 5;
const WINDOW_SECONDS = 3600;

export const ratingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const votes = app.limits.limiter('votes', { points: VOTES_PER_WINDOW, seconds: WINDOW_SECONDS });

  app.post(
    '/v1/catalog/:id/ratings',
    {
      schema: {
        tags: ['avaliações'],
        summary: 'Avaliar um serviço (1 a 5 estrelas; não exige login)',
        params: RatingParams,
        body: RatingRequest,
        response: { 200: RatingResponse, 400: ErrorResponse, 404: ErrorResponse, 429: ErrorResponse },
      },
    },
    async (request, reply) => {
      const serviceId = request.params.id;
      if (!(await repository.serviceExists(app.db, serviceId))) throw notFound('Serviço não encontrado.');
      // Voters are kept only as a one-way hash: enough to limit repeats, never an address or identity.
      const who = request.user ? `user:${request.user.sub}` : `ip:${request.ip}`;
      const voter = createHash('sha256').update(`${app.config.VOTER_SECRET}:${who}`).digest('base64url');
      // Counted and checked in one step, so simultaneous votes cannot all slip under the limit.
      const allowance = await take(votes, app.limits.key('vote', serviceId, voter));
      if (!allowance.allowed) {
        throw limitReached(reply, allowance.retryAfter, 'Você já avaliou este serviço várias vezes. Tente novamente mais tarde.');
      }
      // The ballot is kept one way too, and per service: it cannot follow a browser from one service to another.
      const ballot = request.body.ballot ? app.limits.key('ballot', serviceId, request.body.ballot) : null;
      const result = await repository.addVote(app.db, serviceId, request.body.value, voter, ballot);
      // The service's page and answers show the new average at once, on every instance.
      await app.publicCache.invalidate(`service:${serviceId}`);
      return { average: Math.round(result.average * 10) / 10, count: result.count, ...(ballot ? { updated: result.updated } : {}) };
    },
  );
};
