import { PageAnswers, ReplyRequest, type Answers } from '@portal/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../../lib/http-error.ts';
import { plainPage } from '../../lib/plain-page.ts';
import { citizenSession } from '../../plugins/web-citizen.ts';
import type { Citizen, RequestsService } from './requests.service.ts';
import type { StaffRequests } from './requests.staff.ts';
import { staffOf } from '../gestao/roles.ts';
import type { AuthUser } from '../../plugins/auth.ts';
import * as repository from './requests.repository.ts';
import { sendReceipt, sendStoredFile } from './requests.routes.ts';
import { requests } from './requests.workflow.ts';

/** The most a page's form may carry besides its files: its answers are short texts. */
const FIELDS_LIMIT = 64 * 1024;
const Params = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647), page: z.string().regex(/^[a-z][a-z0-9_]*$/).max(60) });
const ReplyParams = Params.pick({ id: true });

/**
 * The request pages' form posts that carry files (issue 27): a page of the form, and the answer to the department.
 * They are the one thing a page's React Router action cannot take (its body is read whole, under BODY_LIMIT), so
 * these routes read the browser's post as it streams, files to storage and answers to the same service the API
 * calls, then send the browser on (303) to the next page, or back to the page with what was typed and each field's
 * problem kept aside (`pending`), never in the address. Work with or without JavaScript alike; the session cookie
 * is the credential, and security.ts refuses posts from other sites.
 */
export const requestPagesRoutes: FastifyPluginAsyncZod<{ service: RequestsService; work: StaffRequests }> = async (app, { service, work }) => {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FIELDS_LIMIT }, (_request, body, done) => done(null, String(body)));
  const base = app.config.BASE_PATH === '/' ? '' : app.config.BASE_PATH;

  /** The citizen of the browser's session (the token it holds on the server); null when the session ended. */
  const citizenOf = async (request: FastifyRequest): Promise<(Citizen & AuthUser) | null> => {
    const bearer = await citizenSession(app, request).bearer();
    return bearer ? app.verifyAccessToken(bearer.slice('Bearer '.length)).catch(() => null) : null;
  };
  /** A session that ended mid-form: the list of requests, through the login, where the saved draft goes on. */
  const LOGIN_AGAIN = '/app/acompanhar-minhas-solicitacoes';

  // A browser's post gets a page, never JSON: the service's refusal in Portuguese, with the way back.
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    const status = error instanceof HttpError ? error.statusCode : error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status >= 500) request.log.error({ err: error }, 'a request form post failed');
    const message = error instanceof HttpError ? error.message : status < 500 ? 'O formulário enviado não pôde ser lido. Volte e tente de novo.' : 'Não foi possível salvar agora. Volte e tente de novo em instantes: o que já estava salvo continua.';
    return reply
      .code(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(plainPage(status >= 500 ? 'Não foi possível salvar' : 'Não foi possível continuar', message));
  });

  /** The fields and files of the post, in order: files go to storage as they arrive (`onFile`). */
  const readPost = async (request: FastifyRequest, onFile: (field: string, name: string, stream: NodeJS.ReadableStream) => Promise<void>) => {
    const fields = new Map<string, string[]>();
    const add = (name: string, value: string) => fields.set(name, [...(fields.get(name) ?? []), value]);
    if (request.isMultipart()) {
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          // An empty file input (nothing chosen) comes as a part with no name and no bytes.
          if (part.filename) await onFile(part.fieldname, part.filename, part.file);
          else part.file.resume();
        } else add(part.fieldname, String(part.value));
      }
    } else {
      for (const [name, value] of new URLSearchParams(String(request.body ?? ''))) add(name, value);
    }
    return fields;
  };

  const pagePath = (s: repository.RequestService, page: string) => `${base}/${s.categorySlug}/${s.slug}/solicitar/${page}`;
  const detailPath = (id: number) => `/app/acompanhar-minhas-solicitacoes/${id}`;
  const see = (reply: FastifyReply, path: string) => reply.code(303).header('cache-control', 'no-store').redirect(path, 303);

  // Downloads for the pages, with the session: a file streamed from storage, the receipt made now.
  const FileParams = z.object({ id: Params.shape.id, file: z.coerce.number().int().positive().max(2_147_483_647) });
  app.get('/app/solicitacoes/:id/arquivos/:file', { schema: { hide: true, params: FileParams } }, async (request, reply) => {
    const user = await citizenOf(request);
    if (!user) return see(reply, LOGIN_AGAIN);
    const { file, stream } = await service.file(user, request.params.id, request.params.file);
    return sendStoredFile(reply, file, stream);
  });
  // A file of a request as the department's staff open it: in the browser's own viewer, the look recorded for the citizen.
  app.get('/app/gestao/solicitacoes/:id/arquivos/:file', { schema: { hide: true, params: FileParams } }, async (request, reply) => {
    const user = await citizenOf(request);
    if (!user) return see(reply, '/app/gestao/solicitacoes');
    const { file, stream } = await work.file(staffOf(user), request.params.id, request.params.file);
    return sendStoredFile(reply, file, stream, 'inline');
  });
  app.get('/app/solicitacoes/:id/comprovante', { schema: { hide: true, params: ReplyParams } }, async (request, reply) => {
    const user = await citizenOf(request);
    if (!user) return see(reply, LOGIN_AGAIN);
    const { row, service: s, extras } = await service.own(user, request.params.id);
    const detail = await service.detail(row, s, { citizen: user.sub }, extras);
    if (!detail.protocol) return see(reply, pagePath(s, 'verificar'));
    return sendReceipt(reply, detail);
  });

  app.post('/app/solicitacoes/:id/paginas/:page', { schema: { hide: true, params: Params } }, async (request, reply) => {
    const user = await citizenOf(request);
    if (!user) return see(reply, LOGIN_AGAIN);
    const { id, page } = request.params;
    const { row, service: s } = await service.own(user, id);
    requests.check('salvar', { citizen: user.sub }, { state: row.state, citizenSub: row.citizenSub, departmentSlug: s.departmentSlug });
    const form = row.form as unknown as { pages: { id: string; questions: { id: string; kind: string }[] }[] };
    const questions = form.pages.find((p) => p.id === page)?.questions ?? [];
    const fileErrors: { field: string; message: string }[] = [];
    const fields = await readPost(request, async (field, name, stream) => {
      try {
        await service.attach(user, id, field, name, stream as never);
      } catch (err) {
        // The rest of a refused file is read and dropped, so the other answers of the post still arrive.
        (stream as NodeJS.ReadableStream).resume();
        if (err instanceof HttpError && err.statusCode < 500) fileErrors.push({ field, message: err.message });
        else if (err instanceof HttpError && err.statusCode === 503) fileErrors.push({ field, message: err.message });
        else throw err;
      }
    });
    const typed: Answers = {};
    for (const q of questions) {
      if (q.kind === 'arquivo') continue;
      const values = fields.get(q.id) ?? [];
      typed[q.id] = q.kind === 'escolhas' ? values : (values[0] ?? '');
    }
    const action = fields.get('acao')?.[0] ?? 'continuar';
    const back = (hash: string) => see(reply, `${pagePath(s, page)}${hash}`);
    const shape = PageAnswers.safeParse({ answers: typed });
    if (!shape.success) fileErrors.push({ field: questions.find((q) => q.kind !== 'arquivo')?.id ?? 'resposta', message: shape.error.issues[0]?.message ?? 'Resposta inválida.' });
    const removing = /^remover-(\d+)$/.exec(action);
    if (removing) await service.detach(user, id, Number(removing[1])).catch((err: unknown) => (err instanceof HttpError && err.statusCode === 404 ? undefined : Promise.reject(err)));
    if (fileErrors.length || removing || action === 'anexar') {
      // What was typed stays on the page while files are added or removed; a file's problem is shown on its field.
      await repository.updateRequest(app.db, row.id, { pending: { page, typed, errors: fileErrors } });
      return back(fileErrors.length ? '?erro=1' : `#pergunta-${questions.find((q) => q.kind === 'arquivo')?.id ?? ''}`);
    }
    try {
      const saved = await service.savePage(user, id, page, typed, { keepTyped: true });
      return see(reply, pagePath(s, saved.next));
    } catch (err) {
      if (err instanceof HttpError && err.fields) return back('?erro=1');
      throw err;
    }
  });

  app.post('/app/solicitacoes/:id/responder', { schema: { hide: true, params: ReplyParams } }, async (request, reply) => {
    const user = await citizenOf(request);
    if (!user) return see(reply, LOGIN_AGAIN);
    const { id } = request.params;
    const { row, service: s } = await service.own(user, id);
    requests.check('responder', { citizen: user.sub }, { state: row.state, citizenSub: row.citizenSub, departmentSlug: s.departmentSlug });
    const fileErrors: { field: string; message: string }[] = [];
    const fields = await readPost(request, async (_field, name, stream) => {
      try {
        await service.attach(user, id, '', name, stream as never);
      } catch (err) {
        (stream as NodeJS.ReadableStream).resume();
        if (err instanceof HttpError && err.statusCode !== 500) fileErrors.push({ field: 'arquivo', message: err.message });
        else throw err;
      }
    });
    const message = (fields.get('mensagem')?.[0] ?? '').trim();
    const action = fields.get('acao')?.[0] ?? 'responder';
    const removing = /^remover-(\d+)$/.exec(action);
    if (removing) await service.detach(user, id, Number(removing[1]));
    const parsed = ReplyRequest.safeParse({ message });
    const errors = [...fileErrors, ...(action === 'responder' && !parsed.success ? [{ field: 'mensagem', message: parsed.error.issues[0]?.message ?? 'Escreva a sua resposta.' }] : [])];
    if (errors.length || removing || action === 'anexar') {
      await repository.updateRequest(app.db, id, { pending: { page: 'resposta', typed: { mensagem: message.slice(0, 5_000) }, errors } });
      return see(reply, `${detailPath(id)}${errors.length ? '?erro=1' : ''}#responder`);
    }
    await service.reply(user, id, parsed.data!.message);
    await repository.updateRequest(app.db, id, { pending: null });
    return see(reply, `${detailPath(id)}?respondida=1`);
  });
};
