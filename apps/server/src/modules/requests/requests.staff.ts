import {
  formatVerificationCode,
  maskCpf,
  QUEUE_PAGE_SIZE,
  QUEUE_STATES,
  todayInPiaui,
  type DataAccess,
  type Queue,
  type QueueQuery,
  type StaffAction,
  type StaffRequestDetail,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import { PIAUI_CALENDAR, type BusinessCalendar } from '@portal/db';
import { badRequest, conflict, notFound } from '../../lib/http-error.ts';
import { iso } from '../../lib/rows.ts';
import { transition } from '../../lib/workflow.ts';
import { issueDocument } from '../documents/documents.service.ts';
import { attendedBy, canAssign, canAttend, type Staff } from '../gestao/roles.ts';
import { calendarOf, calendarsOf } from './calendars.ts';
import * as repository from './requests.repository.ts';
import type { RequestsService } from './requests.service.ts';
import { REQUEST_TABLE, requests } from './requests.workflow.ts';

/**
 * Business days from today to the day due (negative: overdue by so many), on the department's calendar (its
 * closures and the state's); null without a deadline or while it waits.
 */
export function daysLeft(row: Pick<repository.RequestRow, 'state' | 'dueOn'>, today: string, calendar: BusinessCalendar = PIAUI_CALENDAR): number | null {
  if (!row.dueOn || !requests.isOpen(row.state) || requests.leadsFrom('responder', row.state as never)) return null;
  return row.dueOn >= today ? calendar.between(today, row.dueOn) : -calendar.between(row.dueOn, today);
}

/** The states a queue lists when none is chosen: the open ones. */
const OPEN = QUEUE_STATES.filter((state) => requests.isOpen(state));

export type StaffRequests = ReturnType<typeof staffRequests>;

/**
 * The department's side of requests (issue 28): its queue, a request as it is worked, and the actions that move
 * it, each the workflow's, each told to the citizen. Every look at a citizen's request or file is recorded for
 * the citizen ('Quem acessou meus dados'). A request of another department is 'not found', as one that does not exist.
 */
export function staffRequests(app: FastifyInstance, citizens: RequestsService) {
  const db = () => app.db;

  /** A request the caller works, and its service; another department's is a 404. */
  const workable = async (staff: Staff, id: number) => {
    const row = await repository.findRequest(db(), id);
    const service = row && row.state !== 'rascunho' ? await repository.serviceById(db(), row.serviceId) : null;
    if (!row || !service || !canAttend(staff, service.departmentSlug)) throw notFound('Solicitação não encontrada entre as do seu órgão.');
    return { row, service };
  };

  const record = (staff: Staff, row: repository.RequestRow, service: repository.RequestService, kind: 'solicitacao' | 'arquivo', detail = '') =>
    repository.recordAccess(db(), {
      citizenSub: row.citizenSub,
      staffSub: staff.sub,
      staffName: staff.name,
      department: service.departmentShortName,
      kind,
      detail,
      requestId: row.id,
      protocol: row.protocol,
      service: service.title,
    });

  const staffDetail = async (staff: Staff, row: repository.RequestRow, service: repository.RequestService): Promise<StaffRequestDetail> => {
    const base = await citizens.detail(row, service, { staff });
    const attendants = canAssign(staff, service.departmentSlug) ? await repository.attendantsOf(db(), service.departmentSlug) : [];
    return {
      ...base,
      department: { slug: service.departmentSlug, shortName: service.departmentShortName },
      assignee: row.assigneeSub ? { sub: row.assigneeSub, name: row.assigneeName ?? '' } : null,
      dueOn: row.dueOn,
      daysLeft: daysLeft(row, todayInPiaui(), await calendarOf(db(), row.departmentId)),
      pausedDays: row.pausedDays,
      attendants: attendants.map((a) => ({ sub: a.sub, name: a.name })),
      mayAssign: canAssign(staff, service.departmentSlug),
    };
  };

  return {
    /** A page of the queue of the caller's departments, with the counts per state and the overdue. */
    async queue(staff: Staff, query: QueueQuery): Promise<Queue> {
      const slugs = attendedBy(staff);
      const departmentIds = slugs ? await repository.departmentIds(db(), slugs) : null;
      const today = todayInPiaui();
      const filter: repository.QueueFilter = {
        departmentIds,
        state: query.estado,
        openStates: OPEN,
        serviceId: query.servico,
        assigneeSub: query.responsavel === 'eu' ? staff.sub : query.responsavel === 'ninguem' ? null : undefined,
        overdueBefore: query.prazo === 'atrasadas' ? today : undefined,
        search: query.busca,
      };
      const [{ rows, more }, { counts, overdue }, services] = await Promise.all([
        repository.queuePage(db(), filter, query.pagina, QUEUE_PAGE_SIZE),
        repository.queueCounts(db(), departmentIds, today),
        repository.requestableServices(db(), slugs),
      ]);
      // Without filters but the state, the counts say how many there are; with others, whether another page follows.
      const calendars = await calendarsOf(db(), [...new Set(rows.map((r) => r.request.departmentId))]);
      const plain = query.servico === undefined && query.responsavel === undefined && query.prazo === undefined && !query.busca;
      const total = !plain ? null : query.estado ? (counts[query.estado] ?? 0) : OPEN.reduce((sum, state) => sum + (counts[state] ?? 0), 0);
      return {
        items: rows.map(({ request: r, serviceTitle, department }) => ({
          id: r.id,
          protocol: r.protocol ?? '',
          service: { id: r.serviceId, title: serviceTitle },
          department,
          state: r.state as Queue['items'][number]['state'],
          step: r.stepName,
          citizenName: r.citizen.name,
          citizenCpf: maskCpf(r.citizen.cpf),
          submittedAt: iso(r.submittedAt ?? r.createdAt),
          dueOn: r.dueOn,
          daysLeft: daysLeft(r, today, calendars(r.departmentId)),
          assignee: r.assigneeSub ? { sub: r.assigneeSub, name: r.assigneeName ?? '' } : null,
        })),
        total,
        more,
        page: query.pagina,
        pageSize: QUEUE_PAGE_SIZE,
        counts,
        overdue,
        services,
      };
    },

    /** A request as the department works it; opening it is recorded for the citizen. */
    async open(staff: Staff, id: number): Promise<StaffRequestDetail> {
      const { row, service } = await workable(staff, id);
      await record(staff, row, service, 'solicitacao');
      return staffDetail(staff, row, service);
    },

    /** One of the request's files, for staff; opening it is recorded for the citizen. */
    async file(staff: Staff, id: number, fileId: number) {
      const { row, service } = await workable(staff, id);
      const file = await repository.findFile(db(), row.id, fileId);
      if (!file) throw notFound('Arquivo não encontrado.');
      await record(staff, row, service, 'arquivo', file.name);
      return { file, stream: await app.storage.open(file.storageKey) };
    },

    /** One action on the request: the workflow's transition, the history, the citizen told; all in one transaction. */
    async act(staff: Staff, id: number, action: StaffAction): Promise<StaffRequestDetail> {
      const { row, service } = await workable(staff, id);
      const actor = { staff };
      const facts = citizens.factsOf(row, service);
      const now = new Date();
      const by = { actorSub: staff.sub, actorName: staff.name };
      const mine = row.assigneeSub ? {} : { assigneeSub: staff.sub, assigneeName: staff.name };
      const notice = (title: string, body: string) => ({ title: `${title}: ${row.protocol}`, body });

      const moved = await db().transaction(async (t) => {
        const tx = t as unknown as repository.Db;
        const event = (values: Omit<Parameters<typeof repository.addEvent>[1], 'requestId'>) => repository.addEvent(tx, { requestId: row.id, ...by, ...values });
        const tell = (n: { title: string; body: string }) => citizens.tell(t, row.citizenSub, row.citizen.email, row.id, n.title, n.body);
        switch (action.acao) {
          case 'assumir': {
            requests.check('assumir', actor, facts);
            const done = await transition(tx, requests, REQUEST_TABLE, row.id, 'assumir', { assigneeSub: staff.sub, assigneeName: staff.name, updatedAt: now });
            await event({ kind: 'estado', fromState: row.state, toState: done.state, message: '' });
            await tell(notice('Solicitação em análise', `O ${service.departmentShortName} começou a analisar a sua solicitação de "${service.title}".`));
            return done;
          }
          case 'atribuir': {
            if (!canAssign(staff, service.departmentSlug)) throw notFound('Só quem coordena o atendimento do órgão atribui solicitações.');
            if (!requests.isOpen(row.state)) throw conflict('Esta solicitação já foi encerrada.');
            const to = (await repository.attendantsOf(tx, service.departmentSlug)).find((a) => a.sub === action.responsavel);
            if (!to) throw badRequest('Escolha alguém que atende as solicitações deste órgão.');
            const [done] = await tx
              .update(REQUEST_TABLE.table)
              .set({ assigneeSub: to.sub, assigneeName: to.name, updatedAt: now })
              .where(repository.sameState(row))
              .returning();
            if (!done) throw conflict('A solicitação mudou enquanto você atribuía: abra-a de novo.');
            await event({ kind: 'nota', message: `Atribuída a ${to.name}.` });
            return done;
          }
          case 'avancar_etapa': {
            requests.check('avancar_etapa', actor, facts);
            const next = (row.stepIndex ?? -1) + 1;
            if (next >= service.steps.length) throw conflict('Esta é a última etapa do serviço: para encerrar, defira ou indefira.');
            const done = await transition(
              tx,
              requests,
              REQUEST_TABLE,
              row.id,
              'avancar_etapa',
              { stepIndex: next, stepName: service.steps[next]!, stepSince: now, updatedAt: now, ...mine, ...(action.mensagem ? { lastMessage: action.mensagem } : {}) },
              repository.sameStep(row),
            );
            await event({ kind: 'etapa', message: [service.steps[next]!, action.mensagem].filter(Boolean).join('\n') });
            await tell(notice('Nova etapa', `Sua solicitação de "${service.title}" passou para a etapa "${service.steps[next]}".${action.mensagem ? ` ${action.mensagem}` : ''}`));
            return done;
          }
          case 'pedir_informacao': {
            requests.check('pedir_informacao', actor, facts);
            const done = await transition(tx, requests, REQUEST_TABLE, row.id, 'pedir_informacao', { waitingSince: now, lastMessage: action.mensagem, updatedAt: now, ...mine });
            await event({ kind: 'estado', fromState: row.state, toState: done.state, message: action.mensagem });
            await tell(notice('O órgão precisa de uma resposta sua', `O ${service.departmentShortName} pede, sobre a sua solicitação de "${service.title}": ${action.mensagem} O prazo fica parado até a sua resposta.`));
            return done;
          }
          case 'deferir': {
            requests.check('deferir', actor, facts);
            if (Boolean(action.documentoTitulo) !== Boolean(action.documentoTexto)) throw badRequest('Para emitir um documento, dê a ele um título e um texto.');
            const done = await transition(tx, requests, REQUEST_TABLE, row.id, 'deferir', { closedAt: now, lastMessage: action.mensagem, updatedAt: now, ...mine });
            await event({ kind: 'estado', fromState: row.state, toState: done.state, message: action.mensagem });
            // The document it grants, issued in the same transaction: it exists if and only if the request was concluded.
            const issued = action.documentoTitulo
              ? await issueDocument(tx, {
                  requestId: row.id,
                  citizenSub: row.citizenSub,
                  citizenName: row.citizen.name,
                  serviceId: service.id,
                  departmentSlug: service.departmentSlug,
                  title: action.documentoTitulo,
                  text: action.documentoTexto,
                  issuedBy: { sub: staff.sub, name: staff.name, username: staff.username },
                })
              : null;
            if (issued) await event({ kind: 'documento', message: `${action.documentoTitulo}\nCódigo de verificação: ${formatVerificationCode(issued.code)}` });
            const kept = issued ? ` O documento "${action.documentoTitulo}" está em Documentos, com o código de verificação ${formatVerificationCode(issued.code)}.` : '';
            await tell(notice('Solicitação concluída', `Sua solicitação de "${service.title}" foi concluída. ${action.mensagem}${kept} Conte como foi: avalie o serviço.`));
            return done;
          }
          case 'indeferir': {
            requests.check('indeferir', actor, facts);
            const done = await transition(tx, requests, REQUEST_TABLE, row.id, 'indeferir', { closedAt: now, lastMessage: action.mensagem, refusalReason: action.motivo, updatedAt: now, ...mine });
            await event({ kind: 'estado', fromState: row.state, toState: done.state, message: action.mensagem });
            await tell(notice('Solicitação indeferida', `Sua solicitação de "${service.title}" foi indeferida. Motivo: ${action.mensagem}`));
            return done;
          }
          case 'cancelar_duplicada': {
            requests.check('cancelar_duplicada', actor, facts);
            const original = await repository.byProtocol(tx, action.protocolo, row.departmentId);
            if (!original || original.id === row.id || original.citizenSub !== row.citizenSub) throw badRequest('Informe o protocolo de outra solicitação do mesmo cidadão neste órgão.');
            const message = `Cancelada por ser igual à solicitação ${original.protocol}, que segue em andamento.`;
            const done = await transition(tx, requests, REQUEST_TABLE, row.id, 'cancelar_duplicada', { closedAt: now, lastMessage: message, updatedAt: now, waitingSince: null, ...mine });
            await event({ kind: 'estado', fromState: row.state, toState: done.state, message });
            await tell(notice('Solicitação duplicada cancelada', `${message} Acompanhe por ela.`));
            return done;
          }
          case 'mensagem': {
            if (!requests.isOpen(row.state)) throw conflict('Esta solicitação já foi encerrada.');
            const done = await repository.updateRequest(tx, row.id, { lastMessage: action.mensagem, updatedAt: now });
            await event({ kind: 'mensagem', message: action.mensagem });
            await tell(notice('Mensagem do órgão', `Sobre a sua solicitação de "${service.title}": ${action.mensagem}`));
            return done;
          }
          case 'nota': {
            await event({ kind: 'nota', message: action.mensagem });
            return row;
          }
        }
      });
      return staffDetail(staff, moved, service);
    },

    /** The deadlines that near (two business days): the assignee and the department's leads are told, once. */
    async remindDeadlines(now = new Date()) {
      const by = PIAUI_CALENDAR.add(todayInPiaui(now), 2);
      let told = 0;
      for (const { request: r, department, serviceTitle } of await repository.deadlinesToRemind(db(), by)) {
        if (!(await repository.markDeadlineReminded(db(), r.id, now))) continue;
        // The assignee and the department's leads; unclaimed, everyone who works its requests.
        const leads = (await repository.attendantsOf(db(), department)).filter((a) => !r.assigneeSub || a.sub === r.assigneeSub || a.roles.includes(`gestao:revisor:${department}`));
        const title = `Prazo perto do fim: ${r.protocol}`;
        const body = `A solicitação ${r.protocol} de "${serviceTitle}" vence em ${r.dueOn!.split('-').reverse().join('/')}${r.assigneeName ? ` (com ${r.assigneeName})` : ' e ainda não foi assumida'}.`;
        for (const lead of leads) {
          await app.notifications.create({ userSub: lead.sub, kind: 'informacao', title, body, metadata: { onClick: { tipo: 'redirect', url: `/app/gestao/solicitacoes/${r.id}` } } });
          if (lead.email) await app.mail.send({ to: lead.email, subject: title, text: body });
        }
        told++;
      }
      return told;
    },

    /** Who opened the citizen's data, newest first, as she reads it. */
    async accesses(citizenSub: string): Promise<DataAccess[]> {
      return (await repository.accessesOf(db(), citizenSub)).map((a) => ({
        at: iso(a.at),
        who: a.staffName,
        department: a.department,
        what: a.kind === 'arquivo' ? `Abriu o arquivo "${a.detail}"` : a.kind === 'agendamento' ? `${a.detail} (agendamento ${a.protocol} de "${a.service}")` : 'Abriu a solicitação',
        request: a.requestId && a.protocol ? { id: a.requestId, protocol: a.protocol, service: a.service ?? '' } : null,
      }));
    },
  };
}
