import type { Readable } from 'node:stream';
import {
  checkAll,
  checkPage,
  FILE_TYPE_LIST,
  FILE_TYPES,
  formatNumber,
  formatVerificationCode,
  levelMessage,
  MAX_FILE_MB,
  MAX_REQUEST_FILES_MB,
  REQUEST_STATE_LABELS,
  reachesLevel,
  RequestForm,
  todayInPiaui,
  visiblePages,
  type Answers,
  type KnownData,
  type Question,
  type RequestDetail,
  type RequestState,
  type RequestSummary,
} from '@portal/contracts';
import type { FastifyInstance } from 'fastify';
import type { AuthUser } from '../../plugins/auth.ts';
import { conflict, fieldErrors, forbidden, HttpError, notFound } from '../../lib/http-error.ts';
import type { BusinessCalendar } from '@portal/db';
import { iso } from '../../lib/rows.ts';
import { transition } from '../../lib/workflow.ts';
import { highestAccessLevel } from '../identity/claims.ts';
import { calendarOf } from './calendars.ts';
import * as repository from './requests.repository.ts';
import { CLOSED, RATEABLE, REQUEST_TABLE, requests, type RequestActor } from './requests.workflow.ts';
import { contactOf } from '../my-data/my-data.repository.ts';

/** A draft is kept this long after its last save; the citizen is reminded this many days before it goes. */
export const DRAFT_DAYS = 30;
export const REMINDER_DAYS = 5;
const DAY = 86_400_000;

/** 'DETRAN-PI' → 'DETRAN', 'Polícia Civil' → 'POLICIACIVIL': the department's part of a protocol number. */
export const protocolCode = (shortName: string) =>
  shortName
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/-PI$/i, '')
    .replace(/[^A-Za-z]/g, '')
    .toUpperCase()
    .slice(0, 12) || 'PI';

/** '2026-DETRAN-004211': year, department, a number of six digits, read over the phone in three parts. */
export const protocolOf = (year: number, code: string, number: number) => `${year}-${code}-${String(number).padStart(6, '0')}`;

const MB = 1024 * 1024;
const mb = (bytes: number) => formatNumber(bytes / MB, { maximumFractionDigits: 1 });

/** What changed between the form a draft was begun with and the one published now, in a sentence or two. */
export function formChanges(before: RequestForm, after: RequestForm): string {
  const questions = (form: RequestForm) => new Map(form.pages.flatMap((page) => page.questions.map((q) => [q.id, q] as const)));
  const [old, now] = [questions(before), questions(after)];
  const added = [...now.values()].filter((q) => !old.has(q.id) || old.get(q.id)!.kind !== q.kind);
  const removed = [...old.values()].filter((q) => !now.has(q.id) || now.get(q.id)!.kind !== q.kind);
  const reworded = [...now.values()].filter((q) => old.has(q.id) && old.get(q.id)!.kind === q.kind && JSON.stringify(old.get(q.id)) !== JSON.stringify(q));
  const parts = [
    added.length ? `Perguntas novas: ${added.map((q) => `"${q.label}"`).join(', ')}.` : '',
    removed.length ? `Não são mais pedidas: ${removed.map((q) => `"${q.label}"`).join(', ')}.` : '',
    reworded.length ? `Mudaram: ${reworded.map((q) => `"${q.label}"`).join(', ')}.` : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' ') : 'Mudaram textos e orientações do formulário.';
}

/**
 * Whether a draft's form is the one published now: compared by content (both come from jsonb, which keeps keys in
 * one order), so a publication that did not change the form (or the catalog's first version) moves no draft.
 */
const sameForm = (a: RequestForm, b: RequestForm) => JSON.stringify(a) === JSON.stringify(b);

/** The answers of a draft carried to a new form: kept where the question is the same one (same id, same kind). */
function carryAnswers(before: RequestForm, after: RequestForm, answers: Answers): Answers {
  const kinds = new Map(before.pages.flatMap((page) => page.questions.map((q) => [q.id, q.kind] as const)));
  const kept: Answers = {};
  for (const page of after.pages) for (const q of page.questions) if (kinds.get(q.id) === q.kind && answers[q.id] !== undefined) kept[q.id] = answers[q.id]!;
  return kept;
}

export type Citizen = Pick<AuthUser, 'sub' | 'roles' | 'claims' | 'name'>;

/** The citizen's data the request shows and keeps: the account's here, or the external provider's claims. */
export async function knownData(app: FastifyInstance, user: Citizen): Promise<KnownData> {
  const [account, contact] = await Promise.all([repository.account(app.db, user.sub), contactOf(app.db, user.sub)]);
  const claim = (key: string) => (typeof user.claims[key] === 'string' ? (user.claims[key] as string) : '');
  return {
    name: account?.name || claim('name') || claim('nomeCompleto') || user.name,
    cpf: (account?.cpf || claim('cpf')).replace(/\D/g, ''),
    // The contact she gave the portal for notices ('Meus dados') over the account's.
    email: contact?.email || account?.email || claim('email'),
    phone: (contact?.phone || account?.phone || claim('phone_number')).replace(/\D/g, ''),
    birthDate: account?.birthDate ?? claim('birthdate'),
  };
}

/** Where a request is: the workflow's facts (whose, which department). */
const factsOf = (row: repository.RequestRow, service: repository.RequestService) => ({ state: row.state, citizenSub: row.citizenSub, departmentSlug: service.departmentSlug });

export type RequestsService = ReturnType<typeof requestsService>;

/**
 * A citizen's requests (issue 27): start or go on with a draft, save it page by page, attach files, send it once
 * whatever happens, answer the department, withdraw, rate. The citizen's API (requests.routes.ts) and the form
 * posts of the pages (requests.pages.ts) both call this; every state change is the workflow's.
 */
export function requestsService(app: FastifyInstance) {
  const db = () => app.db;

  /** The caller's own request and its service; someone else's is 'not found', as one that does not exist. */
  const own = async (user: Citizen, id: number) => {
    const found = await repository.requestWithService(db(), id);
    if (!found || found.row.citizenSub !== user.sub) throw notFound('Solicitação não encontrada.');
    return found;
  };

  const formOf = (row: repository.RequestRow) => row.form as unknown as RequestForm;

  /** What the citizen must do now, if anything. */
  const todo = (row: repository.RequestRow, rated: boolean): RequestSummary['todo'] => {
    if (row.state === 'rascunho') return 'continuar';
    if (row.state === 'aguardando_cidadao') return 'responder';
    if ((RATEABLE as string[]).includes(row.state) && !rated) return 'avaliar';
    return null;
  };

  const summary = (row: repository.RequestRow, service: repository.RequestService, rated: boolean): RequestSummary => ({
    id: row.id,
    protocol: row.protocol,
    service: { id: service.id, slug: service.slug, title: service.title, categorySlug: service.categorySlug, department: service.departmentShortName },
    state: row.state as RequestState,
    step: row.stepName !== null && row.stepIndex !== null ? { index: row.stepIndex, name: row.stepName, since: iso(row.stepSince ?? row.updatedAt) } : null,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
    submittedAt: row.submittedAt ? iso(row.submittedAt) : null,
    deadline: requests.isOpen(row.state) ? row.dueOn : null,
    expiresAt: row.state === 'rascunho' && row.expiresAt ? iso(row.expiresAt) : null,
    todo: todo(row, rated),
    lastMessage: row.lastMessage,
  });

  /**
   * The request as its page shows it. `known`: its files, history, rating and documents as `own` read them with it,
   * for the citizen (never with the internal notes) when the call changed none of them; read again otherwise.
   */
  const detail = async (row: repository.RequestRow, service: repository.RequestService, actor: RequestActor, known?: repository.RequestExtras): Promise<RequestDetail> => {
    const staff = typeof actor === 'object' && 'staff' in actor;
    const { files, events, rating, documents } = known && !staff ? known : await repository.extrasOf(db(), row.id, staff);
    const form = formOf(row);
    const outdated = row.state === 'rascunho' && service.requestForm && !sameForm(form, service.requestForm);
    return {
      ...summary(row, service, rating !== null),
      form,
      serviceSteps: service.steps,
      formVersion: row.formVersion,
      formChanged: outdated ? formChanges(form, service.requestForm!) : row.state === 'rascunho' && !service.requestForm ? 'Este serviço não recebe mais solicitações pelo portal.' : null,
      answers: row.answers,
      files: files.map((f) => ({ id: f.id, question: f.question, name: f.name, type: f.type, size: f.size, createdAt: iso(f.createdAt) })),
      known: row.citizen,
      events: events.map((e) => ({ at: iso(e.at), kind: e.kind, title: eventTitle(e), message: e.message, by: e.actorName })),
      actions: requests.available(actor, factsOf(row, service)),
      documents: documents.map((d) => ({ code: formatVerificationCode(d.code), title: d.title, issuedAt: iso(d.issuedAt), revoked: d.revokedAt !== null })),
      rating,
      pending: typeof actor === 'object' && 'citizen' in actor ? (row.pending ?? null) : null,
    };
  };

  /** A draft's outdated form moved to the one published now: the answers to the same questions kept. */
  const refreshForm = async (row: repository.RequestRow, service: repository.RequestService) => {
    if (!service.requestForm || sameForm(formOf(row), service.requestForm)) return row;
    const answers = carryAnswers(formOf(row), service.requestForm, row.answers);
    const moved = await transition(db(), requests, REQUEST_TABLE, row.id, 'salvar', {
      form: service.requestForm as unknown as Record<string, unknown>,
      formVersion: service.requestFormVersion ?? 0,
      answers,
      pending: null,
      updatedAt: new Date(),
    });
    await repository.addEvent(db(), { requestId: row.id, kind: 'formulario', message: formChanges(formOf(row), service.requestForm), actorName: 'Portal' });
    return moved;
  };

  /** The service as a request needs it, or why it cannot be requested here (404), or who may not (403). */
  const requestable = async (user: Citizen, slug: string) => {
    const service = await repository.serviceBySlug(db(), slug);
    if (!service || !service.active) throw notFound('Serviço não encontrado.');
    if (!service.requestForm) throw notFound('Este serviço não é solicitado pelo portal: veja na página do serviço como solicitá-lo.');
    if (!reachesLevel(highestAccessLevel(user.roles), service.accessLevel)) throw forbidden(levelMessage(service.accessLevel!));
    return service;
  };

  /** Which page comes after `pageId` for these answers ('verificar' after the last). */
  const nextPage = (form: RequestForm, answers: Answers, pageId: string | null): string => {
    const pages = visiblePages(form, answers);
    if (pageId === null) return pages[0]?.id ?? 'verificar';
    const at = pages.findIndex((page) => page.id === pageId);
    return pages[at + 1]?.id ?? 'verificar';
  };

  /** The file questions' answers are the files stored for them, never what a body says. */
  const withFiles = async (row: repository.RequestRow, questions: Question[], sent: Answers, stored?: Pick<repository.FileRow, 'id' | 'question'>[]): Promise<Answers> => {
    const fileQuestions = questions.filter((q) => q.kind === 'arquivo');
    if (!fileQuestions.length) return sent;
    const files = stored ?? (await repository.filesOf(db(), row.id));
    const answers = { ...sent };
    for (const q of fileQuestions) answers[q.id] = files.filter((f) => f.question === q.id).map((f) => String(f.id));
    return answers;
  };

  const questionOf = (form: RequestForm, id: string) => form.pages.flatMap((page) => page.questions).find((q) => q.id === id) ?? null;

  /** Tells the citizen (bell, push to the app, e-mail): a job, sent in the change's own transaction. */
  const tell = (tx: repository.Tx, userSub: string, email: string, requestId: number, title: string, body: string) =>
    app.jobs.send('avisar-solicitante', { userSub, email, requestId, title, body, kind: 'solicitacoes' }, { db: tx });

  return {
    own,
    detail,
    tell,
    factsOf,
    summary,
    requestable,
    nextPage,

    /** Starts a draft of the service, or goes on with the one there is (moved to the form published now). */
    async start(user: Citizen, slug: string) {
      const service = await requestable(user, slug);
      const existing = await repository.findDraft(db(), user.sub, service.id);
      if (existing) return { row: await refreshForm(existing, service), service };
      const now = new Date();
      const created = await repository.insertDraft(db(), {
        serviceId: service.id,
        departmentId: service.departmentId,
        citizenSub: user.sub,
        citizen: await knownData(app, user),
        state: 'rascunho',
        formVersion: service.requestFormVersion ?? 0,
        form: service.requestForm as unknown as Record<string, unknown>,
        expiresAt: new Date(now.getTime() + DRAFT_DAYS * DAY),
      });
      // A draft made now has no files, history, rating or documents yet; one made meanwhile by another tab is read.
      return { row: created ?? (await repository.findDraft(db(), user.sub, service.id))!, service, extras: created ? repository.NO_EXTRAS : undefined };
    },

    /**
     * One page's answers, checked against the draft's form version: kept and the next page answered, or a 400
     * with each field's problem and nothing changed (`keepTyped`: the form posts keep what was typed aside).
     */
    async savePage(user: Citizen, id: number, pageId: string, sent: Answers, options: { keepTyped?: boolean } = {}) {
      const { row, service, extras } = await own(user, id);
      requests.check('salvar', { citizen: user.sub }, factsOf(row, service));
      const form = formOf(row);
      const page = form.pages.find((p) => p.id === pageId);
      if (!page) throw notFound('Esta página não existe neste formulário.');
      const given = await withFiles(row, page.questions, sent, extras.files);
      const checked = checkPage(page, given, row.answers);
      if (checked.errors.length) {
        if (options.keepTyped) await repository.updateRequest(db(), row.id, { pending: { page: page.id, typed: sent, errors: checked.errors } });
        throw fieldErrors('Confira as respostas desta página.', checked.errors.map((e) => ({ ...e, page: page.id })));
      }
      // Answers to this page's questions not shown now (a condition changed) are dropped with the rest.
      const answers = { ...row.answers };
      for (const q of page.questions) delete answers[q.id];
      Object.assign(answers, checked.answers);
      const saved = await transition(db(), requests, REQUEST_TABLE, row.id, 'salvar', {
        answers,
        pending: null,
        updatedAt: new Date(),
        expiresAt: new Date(Date.now() + DRAFT_DAYS * DAY),
        reminderSentAt: null,
      });
      // Saving a page changes none of its files, history, rating or documents.
      return { row: saved, service, extras, next: nextPage(form, answers, page.id) };
    },

    /**
     * A file for a question of the draft's form (or, while the department waits for the citizen, with a reply):
     * streamed to storage, its type read from its content, its size limited by the question and by what the
     * request's files already take. A refusal stores nothing.
     */
    async attach(user: Citizen, id: number, questionId: string, name: string, stream: Readable) {
      const { row, service, extras } = await own(user, id);
      const facts = factsOf(row, service);
      const withReply = questionId === '';
      const question = withReply ? null : questionOf(formOf(row), questionId);
      if (withReply) requests.check('responder', { citizen: user.sub }, facts);
      else {
        requests.check('salvar', { citizen: user.sub }, facts);
        if (!question || question.kind !== 'arquivo') throw notFound('Esta pergunta não pede um arquivo.');
      }
      const used = extras.files.reduce((sum, f) => sum + Number(f.size), 0);
      const left = MAX_REQUEST_FILES_MB * MB - used;
      const questionMax = (question?.maxSizeMb ?? MAX_FILE_MB) * MB;
      if (left <= 0) throw new HttpError(413, `Os arquivos desta solicitação já somam ${MAX_REQUEST_FILES_MB} MB, o máximo: remova um para enviar outro.`);
      const accept = question?.accept.length ? question.accept : FILE_TYPE_LIST;
      let stored: Awaited<ReturnType<typeof app.storage.receive>>;
      try {
        stored = await app.storage.receive(stream, { maxBytes: Math.min(questionMax, left), accept });
      } catch (err) {
        // A file over what the request has left (not the question's own limit) says so.
        if (err instanceof HttpError && err.statusCode === 413 && left < questionMax) {
          throw new HttpError(413, `O arquivo passa do que resta para esta solicitação (${mb(left)} MB de ${MAX_REQUEST_FILES_MB} MB).`);
        }
        throw err;
      }
      try {
        const file = await repository.insertFile(db(), {
          requestId: row.id,
          question: questionId,
          storageKey: stored.key,
          name: safeName(name, stored.type),
          type: stored.type,
          size: stored.size,
          sha256: stored.sha256,
          withReply,
        });
        await repository.updateRequest(db(), row.id, { updatedAt: new Date() });
        return file;
      } catch (err) {
        await app.storage.remove(stored.key);
        throw err;
      }
    },

    /** Removes a file the citizen attached (while the draft, or the reply, is still being written). */
    async detach(user: Citizen, id: number, fileId: number) {
      const { row, service } = await own(user, id);
      const file = await repository.findFile(db(), row.id, fileId);
      if (!file) throw notFound('Arquivo não encontrado.');
      requests.check(file.withReply ? 'responder' : 'salvar', { citizen: user.sub }, factsOf(row, service));
      if (file.withReply && (await repository.eventsOf(db(), row.id, false)).some((e) => e.kind === 'resposta' && e.at > file.createdAt)) {
        throw conflict('Este arquivo já foi enviado com a sua resposta.');
      }
      await repository.deleteFile(db(), row.id, fileId);
      await app.storage.remove(file.storageKey);
    },

    /** Discards a draft and its files. */
    async discard(user: Citizen, id: number) {
      const { row, service, extras } = await own(user, id);
      requests.check('descartar', { citizen: user.sub }, factsOf(row, service));
      const files = extras.files;
      if (!(await repository.deleteDraft(db(), row.id))) throw conflict(requests.transitions.descartar.gone);
      for (const file of files) await app.storage.remove(file.storageKey);
    },

    /**
     * Sends the draft: every answer checked again against its form version, then, in one transaction, the state,
     * the protocol number, the first step and the deadline, the history and the notice to the citizen. Sending
     * again (a double tap, two tabs, a POST retried after a timeout) answers the request already sent.
     */
    async send(user: Citizen, id: number) {
      const { row, service, extras } = await own(user, id);
      if (row.state !== 'rascunho') return { row, service, already: true };
      requests.check('enviar', { citizen: user.sub }, factsOf(row, service));
      if (!service.requestForm || !service.active) throw conflict('Este serviço não recebe mais solicitações pelo portal.');
      if (!sameForm(formOf(row), service.requestForm)) {
        throw conflict(`O formulário deste serviço mudou enquanto você preenchia. ${formChanges(formOf(row), service.requestForm)} Atualize o formulário e confira as respostas antes de enviar.`);
      }
      const form = formOf(row);
      // The files as read with the request.
      const files = extras.files;
      const calendar = await calendarOf(db(), service.departmentId);
      const answers = await withFiles(row, form.pages.flatMap((page) => page.questions), row.answers, files);
      const checked = checkAll(form, answers);
      if (checked.errors.length) throw fieldErrors('Há respostas a completar antes de enviar.', checked.errors);
      const now = new Date();
      const today = todayInPiaui(now);
      // Files of questions no longer shown (an answer changed since) do not go with the request.
      const hidden = files.filter((f) => !f.withReply && checked.answers[f.question] === undefined);
      const year = Number(today.slice(0, 4));
      const code = protocolCode(service.departmentShortName);
      const protocol = protocolOf(year, code, await repository.nextProtocolNumber(db(), year, code));
      try {
        const sent = await db().transaction(async (tx) => {
          for (const file of hidden) await repository.deleteFile(tx as unknown as repository.Db, row.id, file.id);
          const moved = await transition(tx as unknown as repository.Db, requests, REQUEST_TABLE, row.id, 'enviar', {
            protocol,
            answers: checked.answers,
            submittedAt: now,
            updatedAt: now,
            expiresAt: null,
            pending: null,
            stepIndex: service.steps.length ? 0 : null,
            stepName: service.steps[0] ?? null,
            stepSince: now,
            deadlineDays: service.deadlineDays,
            dueOn: service.deadlineDays ? calendar.add(today, service.deadlineDays) : null,
          });
          await repository.addEvent(tx as unknown as repository.Db, { requestId: row.id, kind: 'estado', fromState: 'rascunho', toState: 'enviada', actorSub: user.sub, actorName: row.citizen.name });
          const due = moved.dueOn ? ` O ${service.departmentShortName} tem até ${moved.dueOn.split('-').reverse().join('/')} para responder.` : '';
          await tell(tx, user.sub, row.citizen.email, row.id, `Solicitação enviada: ${protocol}`, `Recebemos a sua solicitação de "${service.title}". Protocolo: ${protocol}.${due}`);
          return moved;
        });
        for (const file of hidden) await app.storage.remove(file.storageKey);
        return { row: sent, service, already: false };
      } catch (err) {
        // Two sends at once: the one that lost answers what the one that won made.
        const now = await repository.findRequest(db(), row.id);
        if (err instanceof HttpError && err.statusCode === 409 && now && now.state !== 'rascunho') return { row: now, service, already: true };
        throw err;
      }
    },

    /** The citizen's answer to a request for information (text, and the files attached to it since). */
    async reply(user: Citizen, id: number, message: string) {
      const { row, service } = await own(user, id);
      requests.check('responder', { citizen: user.sub }, factsOf(row, service));
      const now = new Date();
      const calendar = await calendarOf(db(), row.departmentId);
      return db().transaction(async (tx) => {
        // The days spent waiting for the citizen do not count against the department's deadline.
        const waited = row.waitingSince ? businessDaysSince(row.waitingSince, now, calendar) : 0;
        const moved = await transition(tx as unknown as repository.Db, requests, REQUEST_TABLE, row.id, 'responder', {
          updatedAt: now,
          waitingSince: null,
          pausedDays: row.pausedDays + waited,
          dueOn: row.dueOn ? calendar.add(row.dueOn, waited) : null,
        });
        const files = (await repository.filesOf(tx as unknown as repository.Db, row.id)).filter((f) => f.withReply && (!row.waitingSince || f.createdAt >= row.waitingSince));
        const attached = files.length ? `\n\nArquivos: ${files.map((f) => f.name).join(', ')}` : '';
        await repository.addEvent(tx as unknown as repository.Db, { requestId: row.id, kind: 'resposta', fromState: row.state, toState: moved.state, message: `${message}${attached}`, actorSub: user.sub, actorName: row.citizen.name });
        return { row: moved, service };
      });
    },

    /** The citizen gives up a request still open. */
    async withdraw(user: Citizen, id: number, reason: string) {
      const { row, service } = await own(user, id);
      requests.check('desistir', { citizen: user.sub }, factsOf(row, service));
      const now = new Date();
      const moved = await db().transaction(async (tx) => {
        const moved = await transition(tx as unknown as repository.Db, requests, REQUEST_TABLE, row.id, 'desistir', { updatedAt: now, closedAt: now, waitingSince: null });
        await repository.addEvent(tx as unknown as repository.Db, { requestId: row.id, kind: 'estado', fromState: row.state, toState: moved.state, message: reason, actorSub: user.sub, actorName: row.citizen.name });
        return moved;
      });
      return { row: moved, service };
    },

    /** A rating from someone who used the service (their request concluded or refused), kept apart from anonymous ones. */
    async rate(user: Citizen, id: number, value: number) {
      const { row, service } = await own(user, id);
      if (!(RATEABLE as string[]).includes(row.state)) throw conflict('Você poderá avaliar o serviço quando a solicitação for concluída.');
      await repository.rate(db(), row.id, service.id, value);
      await app.publicCache.invalidate(`service:${service.id}`);
      return { row, service };
    },

    /** The citizen's requests and drafts. */
    async list(user: Citizen): Promise<RequestSummary[]> {
      const rows = await repository.citizenRequests(db(), user.sub);
      const [services, rated] = await Promise.all([
        repository.servicesOf(db(), rows.map((r) => r.serviceId)),
        repository.ratedAmong(db(), rows.filter((r) => (RATEABLE as string[]).includes(r.state)).map((r) => r.id)),
      ]);
      return rows.map((r) => summary(r, services.get(r.serviceId)!, rated.has(r.id)));
    },

    /** A file of the request, for its citizen: the stored bytes and how to name them. */
    async file(user: Citizen, id: number, fileId: number) {
      const { row } = await own(user, id);
      const file = await repository.findFile(db(), row.id, fileId);
      if (!file) throw notFound('Arquivo não encontrado.');
      return { file, stream: await app.storage.open(file.storageKey) };
    },

    isClosed: (state: string) => (CLOSED as string[]).includes(state),
  };
}

/** Business days from an instant to another, on the department's calendar: each business day begun in between. */
function businessDaysSince(from: Date, to: Date, calendar: BusinessCalendar): number {
  const [a, b] = [todayInPiaui(from), todayInPiaui(to)];
  if (a >= b) return 0;
  let days = 0;
  for (let day = a; day < b; day = calendar.add(day, 1)) days++;
  return days;
}

/** A file's name as shown and downloaded: the citizen's name without paths or control characters, with its real type's extension. */
export function safeName(name: string, type: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '')
    .replace(/\p{Cc}|["<>|:*?]/gu, '')
    .replace(/\.[A-Za-z0-9]{1,5}$/, '')
    .trim()
    .slice(0, 120);
  const extension = { 'application/pdf': 'pdf', 'image/jpeg': 'jpg', 'image/png': 'png' }[type as keyof typeof FILE_TYPES] ?? 'bin';
  return `${base || 'arquivo'}.${extension}`;
}

/** An event of a request's history as its title reads. */
export function eventTitle(event: Pick<repository.EventRow, 'kind' | 'toState' | 'message'>): string {
  switch (event.kind) {
    case 'estado':
      return REQUEST_STATE_LABELS[event.toState as RequestState] ?? 'Situação atualizada';
    case 'etapa':
      return `Etapa: ${event.message.split('\n')[0]}`;
    case 'mensagem':
      return 'Mensagem do órgão';
    case 'resposta':
      return 'Sua resposta';
    case 'documento':
      return 'Documento emitido';
    case 'formulario':
      return 'Formulário atualizado';
    case 'nota':
      return 'Nota interna';
    default:
      return 'Atualização';
  }
}
