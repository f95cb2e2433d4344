import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { panelRoutes } from './panel.routes.ts';
import { panelService } from './panel.service.ts';

declare module 'fastify' {
  interface FastifyInstance {
    panel: ReturnType<typeof panelService>;
  }
}

/**
 * The services' public panel (issue 30): its counts brought up to date every hour by the job queue, on one instance,
 * counting again only the months in which something changed; and soon after start, so a new database shows its figures.
 */
export const panelPlugin = fp(async (app: FastifyInstance) => {
  const service = panelService(app);
  app.decorate('panel', service);
  app.jobs.define('atualizar-painel', {
    policy: 'singleton',
    run: async (_data, log) => {
      const months = await service.refresh();
      if (months.length) log.info({ months }, 'panel counts brought up to date');
    },
  });
  app.jobs.schedule('atualizar-painel', '41 * * * *');
  // At start, as a job rather than before listening: after hours stopped at a million requests the recount takes
  // seconds, and the portal serves meanwhile (the panel says when its figures were counted).
  app.addHook('onReady', async () => {
    await app.jobs.send('atualizar-painel', {});
  });
  await app.register(panelRoutes, { service });
});
