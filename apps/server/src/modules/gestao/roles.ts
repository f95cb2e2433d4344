import { gestaoRoles, hasGestaoRole } from '@portal/contracts';
import type { AuthUser } from '../../plugins/auth.ts';
import { forbidden, unauthorized } from '../../lib/http-error.ts';

/**
 * Back-office roles are realm roles of the identity provider, on the access token (`realm_access.roles`, or
 * `roles`), scoped by department slug:
 *   gestao:editor:<department>   drafts and sends for review that department's services
 *   gestao:revisor:<department>  returns or approves them, never a version they wrote or sent
 *   gestao:atendente:<department> works the department's requests (issue 28), as the department's reviewers
 *                                (its leads, who also give a request to an attendant) and the central team may;
 *                                editors never reach a citizen's data, and every look at it is recorded
 *   gestao:atendimento:<department> the front desk of the department's units (issue 29): the day's appointments,
 *                                check-in and absences; nothing else of a citizen's
 *   gestao:admin                 the central team: every department's content, as editor and reviewer
 * A citizen's token has none of them and gets 403 from every /v1/gestao route.
 */
export interface Staff {
  sub: string;
  name: string;
  /** the login name at the identity provider (a document issued names it) */
  username: string;
  admin: boolean;
  editorOf: Set<string>;
  reviewerOf: Set<string>;
  attendantOf: Set<string>;
  deskOf: Set<string>;
}

export function staffOf(user: AuthUser | null): Staff {
  if (!user) throw unauthorized();
  if (!hasGestaoRole(user.roles)) throw forbidden('Esta área é da equipe que mantém o catálogo de serviços. Sua conta não tem um papel de gestão.');
  return { sub: user.sub, name: user.name || user.username, username: user.username, ...gestaoRoles(user.roles) };
}

export const canEdit = (staff: Staff, department: string) => staff.admin || staff.editorOf.has(department);
export const canReview = (staff: Staff, department: string) => staff.admin || staff.reviewerOf.has(department);
/** Who works a department's requests (issue 28): its attendants, its reviewers and the central team. */
export const canAttend = (staff: Staff, department: string) => staff.admin || staff.attendantOf.has(department) || staff.reviewerOf.has(department);
/** Who gives a department's request to one of its attendants: its leads (reviewers) and the central team. */
export const canAssign = (staff: Staff, department: string) => staff.admin || staff.reviewerOf.has(department);
/** The departments whose requests the caller works; null for all of them (central team). */
export const attendedBy = (staff: Staff): string[] | null => (staff.admin ? null : [...new Set([...staff.attendantOf, ...staff.reviewerOf])]);
/** Who runs a department's units' agendas at the front desk (issue 29): its front desk, its leads and the central team. */
export const canRunDesk = (staff: Staff, department: string) => staff.admin || staff.deskOf.has(department) || staff.reviewerOf.has(department);
export const canRead = (staff: Staff, department: string) => canEdit(staff, department) || canReview(staff, department);

/** The departments whose services the caller may see; null for all of them (central team). */
export const departmentsOf = (staff: Staff): string[] | null => (staff.admin ? null : [...new Set([...staff.editorOf, ...staff.reviewerOf])]);

export const notYours = () => forbidden('Você não tem permissão para os serviços deste órgão.');
