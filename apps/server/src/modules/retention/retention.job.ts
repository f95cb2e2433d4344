import type { FastifyInstance } from 'fastify';
import { purgeExpired } from './retention.repository.ts';

const EVERY_MS = 6 * 60 * 60 * 1000;

/**
 * Enforces the privacy policy's retention periods: every six hours each instance deletes what is past
 * its period (idempotent, so instances need no coordination). Nothing to call: it has no routes.
 */
export async function retentionJob(app: FastifyInstance) {
  const run = async () => {
    try {
      const removed = await purgeExpired(app.db, new Date());
      app.log.info({ removed }, 'retention: expired personal data deleted');
    } catch (err) {
      app.log.error({ err }, 'retention: purge failed; will try again');
    }
  };
  const timer = setInterval(run, EVERY_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
