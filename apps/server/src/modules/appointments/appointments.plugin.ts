import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { gestaoContext } from '../gestao/gestao.context.ts';
import { agendaSettings } from './appointments.agendas.ts';
import { appointmentsRoutes } from './appointments.routes.ts';
import { appointmentsService, releaseSlots } from './appointments.service.ts';

/**
 * Appointments at the units (issue 29): the citizen's and the front desk's API, the agendas' new day opened each
 * morning at 7:00 (and at start, for the days not yet opened), and the reminder the evening before.
 */
export const appointmentsPlugin = fp(async (app: FastifyInstance) => {
  const service = appointmentsService(app);
  app.jobs.define('abrir-agendas', {
    policy: 'singleton',
    run: async (_data, log) => {
      const opened = await releaseSlots(app.db);
      if (opened) log.info({ times: opened }, 'agenda times opened');
    },
  });
  app.jobs.define('lembrar-agendamentos', {
    run: async (_data, log) => {
      const told = await service.remind();
      if (told) log.info({ appointments: told }, 'appointment reminders sent');
    },
  });
  // A time offered to the first of a waiting list and not taken in time goes to the next, within a minute.
  app.jobs.define('ofertas-vencidas', {
    policy: 'singleton',
    run: async (_data, log) => {
      const expired = await service.line.expireOffers();
      if (expired) log.info({ offers: expired }, 'waiting-list offers expired');
    },
  });
  app.jobs.schedule('ofertas-vencidas', '* * * * *');
  app.jobs.schedule('abrir-agendas', '0 7 * * *');
  app.jobs.schedule('lembrar-agendamentos', '0 18 * * *');
  // The days not opened yet (a new database, a start after days stopped) open before the first citizen looks.
  app.addHook('onReady', async () => {
    await releaseSlots(app.db);
  });
  await app.register(appointmentsRoutes, { service, agendas: agendaSettings(app), staffFor: gestaoContext(app).staffFor });
});
