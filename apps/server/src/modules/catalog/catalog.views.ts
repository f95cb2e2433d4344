import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createBatch } from '../../lib/batch.ts';
import { take } from '../../plugins/limits.ts';
import * as repository from './catalog.repository.ts';

/** "Mais acessados" counts at most one view per network address per service in this window: reloading cannot move the ranking. */
export const VIEWS_PER_ADDRESS = { points: 1, seconds: 3600 } as const;

/**
 * Counts a service's views without a write per view: the per-address cap lives in memory (or Redis), and
 * the views that pass it are written in batches (lib/batch.ts), flushed on a graceful stop.
 */
export function viewCounter(app: FastifyInstance) {
  const perAddress = app.limits.limiter('views', VIEWS_PER_ADDRESS, { exact: false });
  const batch = createBatch<{ slug: string; userSub: string | null }>({
    name: 'views',
    log: app.log,
    intervalMs: app.config.BATCH_SECONDS * 1000,
    write: (views) => repository.recordAccesses(app.db, views),
  });
  app.addHook('onClose', () => batch.close());
  return {
    batch,
    count(slug: string, request: FastifyRequest) {
      const userSub = request.user?.sub ?? null;
      take(perAddress, app.limits.key('view', slug, request.ip)).then(
        (outcome) => {
          if (outcome.allowed) batch.add({ slug, userSub });
        },
        (err) => request.log.warn({ err }, 'view not counted'),
      );
    },
  };
}
