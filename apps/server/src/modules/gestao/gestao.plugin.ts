import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { centralRoutes } from './central.routes.ts';
import { departmentsRoutes } from './departments.routes.ts';
import { expertLinksRoutes } from './expert-links.routes.ts';
import { feedbackRoutes } from './feedback.routes.ts';
import { gestaoContext } from './gestao.context.ts';
import { editorialNotices } from './notices.ts';
import { publisher } from './publisher.ts';
import { reviewRoutes } from './review.routes.ts';
import { searchDemandRoutes } from './search-demand.routes.ts';
import { versionsRoutes } from './versions.routes.ts';

/**
 * The editorial back office (issues 15 and 26, docs/decisions/023-editorial-back-office.md): /v1/gestao by concern
 * (the services and their versions; review; preview links for experts outside; departments and units; feedback; search demand; the central team),
 * the publisher (`app.editorial`) and its jobs, and the notices staff get as a change moves. Every state a version
 * goes through is versions.workflow.ts's.
 */
export const gestaoPlugin = fp(async (app: FastifyInstance) => {
  const g = gestaoContext(app);
  const notices = editorialNotices(app);
  publisher(app, notices);
  await app.register(versionsRoutes, { g });
  await app.register(reviewRoutes, { g, notices });
  await app.register(expertLinksRoutes, { g, notices });
  await app.register(departmentsRoutes, { g });
  await app.register(feedbackRoutes, { g });
  await app.register(searchDemandRoutes, { g });
  await app.register(centralRoutes);
});
