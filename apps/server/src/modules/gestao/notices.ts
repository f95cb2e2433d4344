import { formatDateTime } from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { publicOrigin } from '../../plugins/config.ts';
import * as repository from './gestao.repository.ts';

/**
 * What the back office tells its staff as a change moves (issue 26: the reviewer's bell stayed empty when a
 * change was sent, the editor's when it came back): sent for review → the department's reviewers; returned,
 * approved, published → whoever wrote and sent it. Each notice goes to the bell (which pushes to the app) and,
 * where the person has an e-mail and the operator set SMTP_URL, by e-mail. Nobody is told of what they did.
 */
export type EditorialNotices = ReturnType<typeof editorialNotices>;

export function editorialNotices(app: FastifyInstance) {
  const origin = publicOrigin(app.config);
  const link = (serviceId: number) => `/app/gestao/servicos/${serviceId}`;

  const tell = async (to: repository.StaffContact[], by: string | null, serviceId: number, title: string, body: string) => {
    for (const person of to) {
      if (person.sub === by) continue;
      await app.notifications.create({ userSub: person.sub, kind: 'informacao', title, body, metadata: { onClick: { tipo: 'redirect', url: link(serviceId) } } });
      await app.mail.send({ to: person.email, subject: title, text: `Olá, ${person.name || 'equipe'}.\n\n${body}\n\nAbra a alteração: ${origin}${link(serviceId)}\n\nPortal de Serviços do Piauí — gestão do catálogo` });
    }
  };
  const authors = (version: repository.VersionRow) => repository.staffContacts(app.db, [version.createdBy, version.submittedBy ?? version.createdBy]);
  const titleOf = async (serviceId: number) => (await repository.findService(app.db, serviceId))?.title ?? 'Serviço';

  return {
    async sentForReview(version: repository.VersionRow, departmentSlug: string, by: string) {
      const title = await titleOf(version.serviceId);
      await tell(await repository.reviewersOf(app.db, departmentSlug), by, version.serviceId, `Aguardando sua revisão: ${title}`, `${version.createdByName || 'Uma pessoa da equipe'} enviou uma alteração para revisão. Nota: ${version.changeNote}`);
    },
    async returned(version: repository.VersionRow, comment: string, by: string) {
      const title = await titleOf(version.serviceId);
      await tell(await authors(version), by, version.serviceId, `Devolvida para você: ${title}`, `${version.reviewedByName} devolveu a alteração com este comentário: ${comment}`);
    },
    async approved(version: repository.VersionRow, by: string) {
      const title = await titleOf(version.serviceId);
      const when = version.publishAt && version.publishAt > new Date() ? ` Ela vai ao ar em ${formatDateTime(version.publishAt)}.` : '';
      await tell(await authors(version), by, version.serviceId, `Aprovada: ${title}`, `${version.reviewedByName} aprovou a alteração.${when}`);
    },
    /** A subject expert replied through a preview link: the change's authors and whoever made the link. */
    async expertReplied(version: repository.VersionRow, link: { expertName: string; createdBy: string }) {
      const title = await titleOf(version.serviceId);
      const to = await repository.staffContacts(app.db, [...new Set([version.createdBy, version.submittedBy ?? version.createdBy, link.createdBy])]);
      await tell(to, null, version.serviceId, `Resposta de especialista: ${title}`, `${link.expertName} respondeu pela prévia. A resposta está na conversa da alteração.`);
    },
    async published(version: repository.VersionRow) {
      const title = await titleOf(version.serviceId);
      await tell(await authors(version), null, version.serviceId, `Publicada: ${title}`, 'A alteração está no ar: os cidadãos já leem o serviço assim.');
    },
  };
}
