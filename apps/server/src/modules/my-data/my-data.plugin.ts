import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { requestsService } from '../requests/requests.service.ts';
import { myDataRoutes } from './my-data.routes.ts';
import { myDataService } from './my-data.service.ts';

/** 'Meus dados' (issue 30): the citizen's own data, to see, take and erase. */
export const myDataPlugin = fp(async (app: FastifyInstance) => {
  await app.register(myDataRoutes, { service: myDataService(app, requestsService(app)) });
});
