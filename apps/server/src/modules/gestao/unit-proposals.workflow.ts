import { schema } from '@portal/db';
import { defineWorkflow } from '../../lib/workflow.ts';
import { canReview, type Staff } from './roles.ts';

/**
 * The workflow of an editor's proposal to change a unit of the department (units change at once when a reviewer
 * saves them, so an editor's change waits as a proposal):  pendente ──aplicar──▶ aplicada,  pendente ──recusar──▶ recusada.
 */
export const UNIT_PROPOSAL_STATES = ['pendente', 'aplicada', 'recusada'] as const;

export interface ProposalFacts {
  departmentSlug: string;
  proposedBy: string;
}

const reviewerOf = (staff: Staff, proposal: ProposalFacts) =>
  canReview(staff, proposal.departmentSlug) ? true : 'A página do órgão e as unidades são alteradas por quem revisa os serviços deste órgão.';

export const unitProposals = defineWorkflow<(typeof UNIT_PROPOSAL_STATES)[number], 'aplicar' | 'recusar', Staff, ProposalFacts>({
  name: 'proposta de unidade',
  states: UNIT_PROPOSAL_STATES,
  open: ['pendente'],
  transitions: {
    aplicar: {
      from: ['pendente'],
      to: 'aplicada',
      may: (staff, proposal) => (proposal.proposedBy === staff.sub ? 'Você não pode aplicar uma proposta que você mesmo fez: peça a outra pessoa.' : reviewerOf(staff, proposal)),
      gone: 'Esta proposta já foi aplicada ou recusada.',
    },
    recusar: { from: ['pendente'], to: 'recusada', may: reviewerOf, gone: 'Esta proposta já foi aplicada ou recusada.' },
  },
});

export const UNIT_PROPOSAL_TABLE = { table: schema.unitProposals, id: schema.unitProposals.id, state: schema.unitProposals.state };
