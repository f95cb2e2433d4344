import type { FastifyInstance } from 'fastify';
import { purgeExpired } from './retention.repository.ts';

/**
 * Enforces the privacy policy's retention periods: every six hours, on one instance (the job queue's schedule),
 * what is past its period is deleted. Idempotent, so a retry after a failure is harmless.
 */
export async function retentionJob(app: FastifyInstance) {
  app.jobs.define('retencao', {
    policy: 'singleton',
    run: async (_data, log) => {
      const removed = await purgeExpired(app.db, new Date());
      log.info({ removed }, 'retention: expired personal data deleted');
    },
  });
  app.jobs.schedule('retencao', '17 */6 * * *');
}
