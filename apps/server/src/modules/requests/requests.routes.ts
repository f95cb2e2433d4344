import {
  ErrorResponse,
  FieldErrors,
  PageAnswers,
  ReplyRequest,
  RequestDetail,
  RequestFile,
  RequestFileParams,
  RequestList,
  RequestPageParams,
  RequestParams,
  RequestRating,
  SendRequest,
  StartRequest,
  WithdrawRequest,
} from '@portal/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/http-error.ts';
import { renderReceiptPdf, receiptFileName } from './receipt.pdf.ts';
import type { RequestsService } from './requests.service.ts';

const security = [{ bearerAuth: [] }];
const tags = ['solicitações'];
const errors = { 400: ErrorResponse, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse };
const QuestionQuery = z.object({ pergunta: z.string().regex(/^[a-z][a-z0-9_]*$/, 'Pergunta inválida.').max(60).default('') });

/**
 * A stored file as a download: always an attachment, its type the one read from its content, never sniffed by the
 * browser, and sandboxed should it be opened anyway (a PDF with scripts, an image that is not one).
 */
export function sendStoredFile(reply: FastifyReply, file: { name: string; type: string; size: number }, stream: NodeJS.ReadableStream, disposition: 'attachment' | 'inline' = 'attachment') {
  // Opened in place (staff reading a request), a PDF is shown by the browser's own viewer, which a sandbox would
  // block; it still runs no script of the page's, and an image is shown sandboxed as any other download.
  const pdfInPlace = disposition === 'inline' && file.type === 'application/pdf';
  return reply
    .type(file.type)
    .header('content-length', file.size)
    .header('content-disposition', `${disposition}; filename="${file.name.replace(/[^\x20-\x7e]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.name)}`)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', pdfInPlace ? "default-src 'none'; object-src 'self'" : "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store')
    .send(stream);
}

/** The receipt of a sent request, as a PDF download. */
export async function sendReceipt(reply: FastifyReply, detail: RequestDetail) {
  const pdf = await renderReceiptPdf(detail);
  return reply.type('application/pdf').header('content-disposition', `attachment; filename="${receiptFileName(detail)}"`).header('cache-control', 'private, no-store').send(pdf);
}

/** The one multipart file of an upload (`arquivo`), streamed: never read whole into memory. */
export async function uploadedFile(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest('Envie o arquivo como multipart/form-data, no campo "arquivo".');
  // A body that says multipart and is not (no boundary, cut short) is the sender's mistake, not a server error; the
  // multipart plugin's own refusals (a file too large, too many parts) keep their status.
  const part = await request.file().catch((err: { statusCode?: number }) => {
    if (typeof err.statusCode === 'number' && err.statusCode < 500) throw err;
    throw badRequest('O envio não é um multipart/form-data válido: envie o arquivo no campo "arquivo".');
  });
  if (!part || !part.filename) throw badRequest('Escolha um arquivo para enviar.');
  return part;
}

/**
 * The citizen's requests (issue 27): /v1/solicitacoes, with the token of the citizen who makes them. Someone else's
 * request is a 404, as one that does not exist.
 */
export const requestsRoutes: FastifyPluginAsyncZod<{ service: RequestsService }> = async (app, { service }) => {
  const me = (request: FastifyRequest) => request.user!;
  const answer = async (request: FastifyRequest, id: number) => {
    const { row, service: s, extras } = await service.own(me(request), id);
    return service.detail(row, s, { citizen: me(request).sub }, extras);
  };

  app.get(
    '/v1/solicitacoes',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'As solicitações e os rascunhos de quem chama, os mais recentes primeiro', response: { 200: RequestList, 401: ErrorResponse } } },
    async (request) => ({ requests: await service.list(me(request)) }),
  );

  app.post(
    '/v1/solicitacoes',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Começar a solicitação de um serviço (ou continuar o rascunho que houver, já no formulário publicado agora)',
        body: StartRequest,
        response: { 200: RequestDetail, ...errors },
      },
    },
    async (request) => {
      const { row, service: s, extras } = await service.start(me(request), request.body.service);
      return service.detail(row, s, { citizen: me(request).sub }, extras);
    },
  );

  app.get(
    '/v1/solicitacoes/:id',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Uma solicitação: respostas, arquivos, histórico por etapas e o que se pode fazer agora', params: RequestParams, response: { 200: RequestDetail, ...errors } } },
    async (request) => answer(request, request.params.id),
  );

  app.put(
    '/v1/solicitacoes/:id/paginas/:page',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Salvar as respostas de uma página do rascunho (conferidas com a versão do formulário); 400 diz o problema de cada campo',
        params: RequestPageParams,
        body: PageAnswers,
        response: { 200: RequestDetail.extend({ next: z.string() }), 400: FieldErrors, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => {
      const saved = await service.savePage(me(request), request.params.id, request.params.page, request.body.answers);
      return { ...(await service.detail(saved.row, saved.service, { citizen: me(request).sub }, saved.extras)), next: saved.next };
    },
  );

  app.post(
    '/v1/solicitacoes/:id/arquivos',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Anexar um arquivo (multipart, campo "arquivo") a uma pergunta do rascunho, ou, sem `pergunta`, à resposta que o órgão aguarda',
        consumes: ['multipart/form-data'],
        params: RequestParams,
        querystring: QuestionQuery,
        response: { 201: RequestFile, 413: ErrorResponse, 415: ErrorResponse, 422: ErrorResponse, 503: ErrorResponse, ...errors },
      },
    },
    async (request, reply) => {
      const part = await uploadedFile(request);
      const file = await service.attach(me(request), request.params.id, request.query.pergunta, part.filename, part.file);
      return reply.code(201).send({ id: file.id, question: file.question, name: file.name, type: file.type, size: file.size, createdAt: file.createdAt.toISOString() });
    },
  );

  app.get(
    '/v1/solicitacoes/:id/arquivos/:file',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'Baixar um arquivo da solicitação (como anexo)', params: RequestFileParams, produces: ['application/octet-stream'], response: { 200: z.any().describe('o arquivo'), ...errors } },
    },
    async (request, reply) => {
      const { file, stream } = await service.file(me(request), request.params.id, request.params.file);
      return sendStoredFile(reply, file, stream);
    },
  );

  app.delete(
    '/v1/solicitacoes/:id/arquivos/:file',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Remover um arquivo anexado ao rascunho (ou à resposta ainda não enviada)', params: RequestFileParams, response: { 200: RequestDetail, ...errors } } },
    async (request) => {
      await service.detach(me(request), request.params.id, request.params.file);
      return answer(request, request.params.id);
    },
  );

  app.delete(
    '/v1/solicitacoes/:id',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Descartar um rascunho e os seus arquivos (uma solicitação enviada não se apaga: desista dela)', params: RequestParams, response: { 204: z.null(), ...errors } } },
    async (request, reply) => {
      await service.discard(me(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/v1/solicitacoes/:id/enviar',
    {
      preHandler: app.requireUser,
      schema: {
        tags,
        security,
        summary: 'Enviar o rascunho: faz uma só solicitação, com protocolo, o que quer que aconteça (enviar de novo responde a já enviada)',
        params: RequestParams,
        body: SendRequest,
        response: { 200: RequestDetail, 400: FieldErrors, 401: ErrorResponse, 403: ErrorResponse, 404: ErrorResponse, 409: ErrorResponse },
      },
    },
    async (request) => {
      const sent = await service.send(me(request), request.params.id);
      return service.detail(sent.row, sent.service, { citizen: me(request).sub });
    },
  );

  app.post(
    '/v1/solicitacoes/:id/responder',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'Responder ao pedido de informação do órgão (os arquivos anexados antes vão com a resposta)', params: RequestParams, body: ReplyRequest, response: { 200: RequestDetail, ...errors } },
    },
    async (request) => {
      const replied = await service.reply(me(request), request.params.id, request.body.message);
      return service.detail(replied.row, replied.service, { citizen: me(request).sub });
    },
  );

  app.post(
    '/v1/solicitacoes/:id/desistir',
    { preHandler: app.requireUser, schema: { tags, security, summary: 'Desistir de uma solicitação em andamento', params: RequestParams, body: WithdrawRequest, response: { 200: RequestDetail, ...errors } } },
    async (request) => {
      const done = await service.withdraw(me(request), request.params.id, request.body.reason);
      return service.detail(done.row, done.service, { citizen: me(request).sub });
    },
  );

  app.post(
    '/v1/solicitacoes/:id/avaliacao',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'Avaliar o serviço usado (de 1 a 5), quando a solicitação termina: avaliação de quem usou, mostrada à parte', params: RequestParams, body: RequestRating, response: { 200: RequestDetail, ...errors } },
    },
    async (request) => {
      const rated = await service.rate(me(request), request.params.id, request.body.value);
      return service.detail(rated.row, rated.service, { citizen: me(request).sub });
    },
  );

  app.get(
    '/v1/solicitacoes/:id/comprovante',
    {
      preHandler: app.requireUser,
      schema: { tags, security, summary: 'O comprovante da solicitação enviada, em PDF, com as respostas', params: RequestParams, produces: ['application/pdf'], response: { 200: z.any().describe('PDF'), ...errors } },
    },
    async (request, reply) => {
      const detail = await answer(request, request.params.id);
      if (!detail.protocol) throw badRequest('O comprovante existe depois do envio: envie a solicitação primeiro.');
      return sendReceipt(reply, detail);
    },
  );
};
