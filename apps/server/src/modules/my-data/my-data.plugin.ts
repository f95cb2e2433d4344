import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requestsService } from '../requests/requests.service.ts';
import { myDataRoutes } from './my-data.routes.ts';
import { myDataService } from './my-data.service.ts';

/** 'Meus dados' (issue 30): the citizen's own data, to see, take and erase. */
export const myDataPlugin = fp(async (app: FastifyInstance) => {
  const service = myDataService(app, requestsService(app));
  app.jobs.define<{ id: number; userSub: string; username: string; name: string }>('exportar-meus-dados', {
    run: (job) => service.makeExport(job),
  });
  // The zips are kept EXPORT_DAYS days: then their files and rows go.
  app.jobs.define('apagar-exportacoes', {
    policy: 'singleton',
    run: async (_data, log) => {
      const gone = await service.purgeExports();
      if (gone) log.info({ exports: gone }, 'expired data exports removed');
    },
  });
  app.jobs.schedule('apagar-exportacoes', '23 3 * * *');
  await app.register(myDataRoutes, { service });
});
