import { formatIsoDay, type FieldChange } from '@portal/contracts';
import { todayInPiaui } from '@portal/db';
import type { FastifyInstance } from 'fastify';
import { HttpError } from '../../lib/http-error.ts';
import { transition } from '../../lib/workflow.ts';
import { factLabel, keyFactChanges } from './compare.ts';
import { contentOf } from './gestao.context.ts';
import * as repository from './gestao.repository.ts';
import { checkLinks } from './link-checker.ts';
import type { EditorialNotices } from './notices.ts';
import { VERSION_TABLE, versions, type VersionActor } from './versions.workflow.ts';

declare module 'fastify' {
  interface FastifyInstance {
    editorial: {
      /**
       * Makes an approved version what citizens read, now; every instance's public copies are invalidated.
       * Of a reviewer's 'publish now' and the schedule acting at once, one publishes and the other is told so.
       */
      publish(versionId: number, at: Date, actor: VersionActor, by: Omit<repository.AuditValues, 'action'>, how?: PublishHow): Promise<void>;
      /** Publishes the approved versions due by `now` (the 'publicar-agendadas' job); how many went live. */
      publishDue(now?: Date): Promise<number>;
      /** Tells each department's editors, once, of the services whose review date is near or past; how many services. */
      remindReviews(now?: Date): Promise<number>;
      /** Asks for a visit of every http(s) link of the services on line ('verificar-links', one at a time). */
      checkLinksSoon(): Promise<void>;
    };
  }
}

/** Which transition makes it public (an approved version's, or the central team's emergency), and what it records. */
export interface PublishHow {
  action: 'publicar' | 'publicar_urgente';
  set?: Partial<repository.VersionRow>;
}

/** Editors are reminded this many days before a service's review date; the dashboard lists those too. */
export const REVIEW_WARNING_DAYS = 30;

const SCHEDULE = { actorSub: 'agenda', actorName: 'Publicação agendada', address: '' };

/**
 * The publisher and the back office's background work, on the job queue (docs/decisions/030-job-queue.md):
 * - 'publicar-versao': an approved version, at its publication time (sent with the approval, in its transaction);
 * - 'publicar-agendadas': every minute, whatever approved version is due and was not published (the safety net);
 * - 'lembrar-revisoes': hourly, review dates and legal bases coming due;
 * - 'verificar-links': the link checker, every LINK_CHECK_HOURS where the operator allows outbound calls, and
 *   when someone asks for it ('verificar agora').
 */
export function publisher(app: FastifyInstance, notices: EditorialNotices) {
  /**
   * Makes a version what citizens read, inside the caller's transaction; the one it replaces becomes history.
   * What changed in its key facts goes in the public change log; the answer says whom to tell.
   */
  const goLive = async (tx: repository.Tx, versionId: number, at: Date, actor: VersionActor, by: Omit<repository.AuditValues, 'action'>, how: PublishHow) => {
    const version = await transition(tx, versions, VERSION_TABLE, versionId, how.action, { ...how.set, publishedAt: at });
    const previous = (await repository.history(tx, version.serviceId)).find((row) => versions.transitions.substituir.from.includes(row.state as 'publicado') && row.id !== version.id);
    if (previous) await transition(tx, versions, VERSION_TABLE, previous.id, 'substituir');
    await repository.writeLive(tx, version.serviceId, contentOf(version), at, version.id);
    // A publication is a review: the next one is due a year later.
    await repository.setReviewBy(tx, version.serviceId, todayInPiaui(at));
    await repository.audit(tx, { ...by, action: 'publicado', serviceId: version.serviceId, versionId: version.id, departmentId: version.departmentId });
    if (!previous) return { version, changed: null };
    const [before, after] = [contentOf(previous), contentOf(version)];
    const changes = keyFactChanges(before, after, await repository.unitNames(tx, [...before.units, ...after.units]));
    if (!changes.length) return { version, changed: null };
    await repository.recordChanges(tx, { serviceId: version.serviceId, versionId: version.id, publishedAt: at, changes });
    return { version, changed: { serviceId: version.serviceId, changes } };
  };

  /** Citizens who favourited a service hear of a change to its key facts (in their inbox, and by push). */
  const tellFollowers = async (changed: { serviceId: number; changes: FieldChange[] } | null) => {
    if (!changed) return;
    const { path, title, subs } = await repository.followers(app.db, changed.serviceId);
    const body = `${changed.changes.map((change) => `${change.label}: ${change.after || 'não informado'}`).join('. ')}.`;
    for (const userSub of subs) {
      await app.notifications.create({ userSub, kind: 'informacao', title: `Mudou: ${title}`, body, metadata: { onClick: { tipo: 'redirect', url: path } } });
    }
  };

  const publish = async (versionId: number, at: Date, actor: VersionActor, by: Omit<repository.AuditValues, 'action'>, how: PublishHow = { action: 'publicar' }) => {
    const { version, changed } = await app.db.transaction((tx) => goLive(tx, versionId, at, actor, by, how));
    // Every instance stops serving copies made before the change (Redis pub/sub when configured).
    await app.publicCache.invalidate();
    await tellFollowers(changed);
    await notices.published(version);
  };

  /** A version whose publication someone else made already: done, nothing to say (the job or the sweep came second). */
  const alreadyDone = (err: unknown) => err instanceof HttpError && err.statusCode === 409;

  app.jobs.define<{ versionId: number }>('publicar-versao', {
    run: async ({ versionId }) => {
      const version = await repository.findVersionById(app.db, versionId);
      // Cancelled, published by hand, or moved to another time (a later job carries it): nothing to do now.
      if (!version || !versions.leadsFrom('publicar', version.state as 'aprovado') || !version.publishAt || version.publishAt > new Date()) return;
      await publish(versionId, new Date(), 'agenda', SCHEDULE).catch((err) => {
        if (!alreadyDone(err)) throw err;
      });
    },
  });
  app.jobs.define('publicar-agendadas', { policy: 'singleton', run: async () => void (await app.editorial.publishDue()) });
  app.jobs.schedule('publicar-agendadas', '* * * * *');

  app.jobs.define('lembrar-revisoes', { policy: 'singleton', run: async () => void (await app.editorial.remindReviews()) });
  app.jobs.schedule('lembrar-revisoes', '5 * * * *');

  app.jobs.define('verificar-links', {
    policy: 'singleton',
    expireInSeconds: 3600,
    run: async (_data, log) => {
      const result = await checkLinks(app.db);
      log.info(result, 'link checker: links visited');
    },
  });
  // The link checker makes outbound calls: scheduled only where the operator sets how often.
  const hours = Math.round(app.config.LINK_CHECK_HOURS);
  if (hours > 0) app.jobs.schedule('verificar-links', hours < 24 ? `0 */${hours} * * *` : `0 3 */${Math.round(hours / 24)} * *`);

  app.decorate('editorial', {
    publish,
    async publishDue(now = new Date()) {
      let published = 0;
      for (const version of await repository.dueVersions(app.db, now)) {
        try {
          await publish(version.id, now, 'agenda', SCHEDULE);
          published++;
        } catch (err) {
          if (!alreadyDone(err)) throw err;
        }
      }
      return published;
    },
    async checkLinksSoon() {
      await app.jobs.send('verificar-links', {}, { singletonKey: 'verificar-links' });
    },
    async remindReviews(now = new Date()) {
      const today = todayInPiaui(now);
      const editors = new Map<string, Promise<string[]>>();
      const tell = async (departmentSlug: string, serviceId: number, title: string, body: string) => {
        if (!editors.has(departmentSlug)) editors.set(departmentSlug, repository.editorsOf(app.db, departmentSlug));
        for (const userSub of await editors.get(departmentSlug)!) {
          await app.notifications.create({ userSub, kind: 'alerta', title, body, metadata: { onClick: { tipo: 'redirect', url: `/app/gestao/servicos/${serviceId}` } } });
        }
      };
      const reviews = await repository.claimReviewReminders(app.db, today, REVIEW_WARNING_DAYS, now);
      for (const service of reviews) {
        const title = `${service.reviewBy < today ? 'Revisão vencida' : 'Revisar até'} ${formatIsoDay(service.reviewBy)}: ${service.title}`;
        await tell(service.departmentSlug, service.id, title, 'Confirme que o conteúdo do serviço continua correto, ou proponha uma alteração.');
      }
      // Each fact's legal basis too, not only the page.
      const facts = await repository.claimFactReminders(app.db, today, REVIEW_WARNING_DAYS, now);
      for (const fact of facts) {
        const title = `${fact.validUntil < today ? 'Base legal vencida' : 'Base legal vence'} em ${formatIsoDay(fact.validUntil)}: ${fact.title}`;
        await tell(fact.departmentSlug, fact.id, title, `${factLabel(fact.fact)}: ${fact.source}. Confira se continua valendo e atualize o serviço.`);
      }
      return reviews.length + facts.length;
    },
  });
}
