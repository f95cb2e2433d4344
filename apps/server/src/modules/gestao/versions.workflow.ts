import { VERSION_STATES, type VersionAction, type VersionState } from '@portal/contracts';
import { schema } from '@portal/db';
import { defineWorkflow, type Guard } from '../../lib/workflow.ts';
import { canEdit, canReview, type Staff } from './roles.ts';

/**
 * The workflow of a service's content versions (issue 15, issue 26): the one table of their states, the
 * transitions between them and who may make each. Routes and the publisher ask it (`versions.check`,
 * `transition(…, versions, …)`); nothing else compares a version's state.
 *
 *   rascunho ──enviar──▶ em_revisao ──aprovar──▶ aprovado ──publicar──▶ publicado ──substituir──▶ substituido
 *      ▲  │                 │  │  ▲                  │
 *      │  └─descartar─▶ descartado   │                  └─cancelar_agendamento─▶ em_revisao
 *      │                    │  └─devolver─▶ devolvido ─salvar─▶ rascunho
 *      └──retirar_da_revisao┘
 *   rascunho, devolvido, em_revisao ──publicar_urgente (equipe central)──▶ publicado
 */

/** Who acts: a member of staff, or the portal's own schedule (a publication whose time has come). */
export type VersionActor = Staff | 'agenda';

/** What the guards read of a version: its department, and who had a hand in it (nobody reviews their own). */
export interface VersionFacts {
  departmentSlug: string;
  createdBy: string;
  updatedBy: string;
  submittedBy: string | null;
}

const staffOnly = (actor: VersionActor): actor is Staff => actor !== 'agenda';
const ownWork = (staff: Staff, version: VersionFacts) => [version.createdBy, version.updatedBy, version.submittedBy].includes(staff.sub);

const editor: Guard<VersionActor, VersionFacts> = (actor, version) =>
  staffOnly(actor) && canEdit(actor, version.departmentSlug) ? true : 'Você pode revisar, mas não editar, os serviços deste órgão.';
const reviewer: Guard<VersionActor, VersionFacts> = (actor, version) => {
  if (!staffOnly(actor) || !canReview(actor, version.departmentSlug)) return 'Você pode editar, mas não revisar, os serviços deste órgão.';
  if (ownWork(actor, version)) return 'Você não pode revisar uma alteração que você mesmo escreveu ou enviou: peça a outra pessoa.';
  return true;
};

export const versions = defineWorkflow<VersionState, VersionAction, VersionActor, VersionFacts>({
  name: 'versão',
  states: VERSION_STATES,
  open: ['rascunho', 'em_revisao', 'devolvido', 'aprovado'],
  transitions: {
    salvar: { from: ['rascunho', 'devolvido'], to: 'rascunho', may: editor, gone: 'Esta alteração está com a revisão: retire-a da revisão para editar de novo, ou aguarde que seja devolvida.' },
    enviar: { from: ['rascunho', 'devolvido'], to: 'em_revisao', may: editor, gone: 'Não há rascunho para enviar: salve uma alteração primeiro.' },
    retirar_da_revisao: {
      from: ['em_revisao'],
      to: 'rascunho',
      may: editor,
      gone: 'A alteração não está mais aguardando revisão: ela pode ter sido revisada agora mesmo.',
    },
    devolver: { from: ['em_revisao'], to: 'devolvido', may: reviewer, gone: 'Não há alteração aguardando revisão neste serviço: outra pessoa pode tê-la revisado agora mesmo.' },
    aprovar: { from: ['em_revisao'], to: 'aprovado', may: reviewer, gone: 'Não há alteração aguardando revisão neste serviço: outra pessoa pode tê-la revisado agora mesmo.' },
    cancelar_agendamento: {
      from: ['aprovado'],
      to: 'em_revisao',
      may: (actor, version) => (staffOnly(actor) && canReview(actor, version.departmentSlug) ? true : 'Cancelar uma publicação agendada cabe a quem revisa os serviços deste órgão.'),
      gone: 'A alteração não está mais agendada: ela pode ter sido publicada agora mesmo.',
    },
    publicar: {
      from: ['aprovado'],
      to: 'publicado',
      may: (actor, version) => (!staffOnly(actor) || canReview(actor, version.departmentSlug) ? true : 'Publicar cabe a quem revisa os serviços deste órgão.'),
      gone: 'Esta alteração já foi publicada.',
    },
    publicar_urgente: {
      from: ['rascunho', 'em_revisao', 'devolvido'],
      to: 'publicado',
      may: (actor) => (staffOnly(actor) && actor.admin ? true : 'Publicar sem revisão é só para a equipe central, em urgência.'),
      gone: 'Não há rascunho nem alteração em revisão para publicar.',
    },
    descartar: { from: ['rascunho', 'devolvido'], to: 'descartado', may: editor, gone: 'Não há rascunho para descartar.' },
    substituir: { from: ['publicado'], to: 'substituido', may: (actor) => (actor === 'agenda' ? true : 'Uma versão é substituída ao publicar outra.'), gone: 'Esta versão já não está publicada.' },
  },
});

/** The versions' table as the workflow moves its rows. */
export const VERSION_TABLE = { table: schema.serviceVersions, id: schema.serviceVersions.id, state: schema.serviceVersions.state };

/** The states of versions citizens have read (a version that may be restored, or named as what resolved a suggestion). */
export const WAS_PUBLISHED: readonly string[] = [versions.transitions.publicar.to, versions.transitions.substituir.to];
