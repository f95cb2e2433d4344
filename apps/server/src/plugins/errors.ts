import { STATUS_CODES } from 'node:http';
import { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

const FASTIFY_MESSAGES: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'O conteúdo enviado é grande demais.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Tipo de conteúdo não suportado: envie os dados em JSON (application/json).'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'O corpo da requisição está vazio: envie os dados em JSON.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'O corpo da requisição não é um JSON válido.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'O tamanho informado do conteúdo não confere com o que foi enviado.'],
  FST_ERR_CTP_INVALID_TYPE: [415, 'Tipo de conteúdo não suportado: envie os dados em JSON (application/json).'],
  FST_ERR_BAD_URL: [400, 'Endereço inválido: confira os caracteres do endereço.'],
  FST_ERR_INVALID_URL: [400, 'Endereço inválido: confira os caracteres do endereço.'],
  FST_ERR_MAX_PARAM_LENGTH: [414, 'Endereço longo demais: confira o endereço.'],
  FST_ERR_ASYNC_CONSTRAINT: [400, 'Requisição inválida.'],
};

const GENERIC_4XX: Record<number, string> = {
  400: 'Requisição inválida: confira os dados enviados.',
  401: 'Acesso não autorizado: faça login para continuar.',
  403: 'Você não tem permissão para acessar este recurso.',
  404: 'Recurso não encontrado.',
  405: 'Método não permitido para este endereço.',
  406: 'Formato de resposta não disponível.',
  408: 'A requisição demorou demais para chegar. Tente novamente.',
  413: 'O conteúdo enviado é grande demais.',
  414: 'Endereço longo demais: confira o endereço.',
  415: 'Tipo de conteúdo não suportado.',
  431: 'Os cabeçalhos da requisição são grandes demais.',
  429: 'Muitas requisições em pouco tempo. Aguarde um instante e tente novamente.',
};

function payload(statusCode: number, message: string) {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

/**
 * Errors Fastify meets before any route or hook runs (a malformed percent-encoding in the path, a path
 * parameter beyond `maxParamLength`): without this its own English body with an internal code is sent.
 * Fastify only reads it from the constructor's options: `Fastify({ frameworkErrors, ... })` in app.ts.
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
  const [status, message] = FASTIFY_MESSAGES[error.code] ?? [400, GENERIC_4XX[400]!];
  return reply.code(status).header('content-type', 'application/json; charset=utf-8').send(payload(status, message));
}

/**
 * A request Node's HTTP parser refuses (a NUL byte or a space in the path, a broken header, headers too
 * large): there is no request object, so the answer is written on the socket, in Portuguese like the rest.
 * Passed as `Fastify({ clientErrorHandler, ... })` in app.ts; `this` is the Fastify instance.
 */
export function clientErrorHandler(this: FastifyInstance, error: Error & { code?: string }, socket: Socket) {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const status = error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : error.code === 'HPE_HEADER_OVERFLOW' ? 431 : 400;
  this.log.debug({ err: error }, 'client error');
  answerOnSocket(socket, status, status === 400 ? 'Requisição malformada: confira o endereço e os cabeçalhos enviados.' : GENERIC_4XX[status]!, error);
}

/** An answer written on the socket itself, then the connection closed: for requests no handler will answer. */
function answerOnSocket(socket: Socket, status: number, message: string, error?: Error) {
  const body = JSON.stringify(payload(status, message));
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}

/** One error handler: Portuguese messages for the citizen, details only in the log, never a stack trace. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // Requests Node's parser lets through but no client sends (issue 23's fuzz): two Host headers (which one is
  // the request for?), and a body that stops short of its Content-Length, which held a connection open for as
  // long as the client wished. A body idle for BODY_IDLE_MS is answered 408 and closed; one still arriving,
  // however slowly, is not.
  app.addHook('onRequest', (request, reply, done) => {
    const raw = request.raw;
    let hosts = 0;
    for (let i = 0; i < raw.rawHeaders.length; i += 2) if (raw.rawHeaders[i]!.toLowerCase() === 'host') hosts++;
    if (hosts > 1) {
      reply.code(400).header('connection', 'close').send(payload(400, 'Requisição malformada: o cabeçalho Host veio mais de uma vez.'));
      return;
    }
    const expectsBody = raw.headers['content-length'] !== undefined ? raw.headers['content-length'] !== '0' : raw.headers['transfer-encoding'] !== undefined;
    if (expectsBody && !raw.complete && raw.socket instanceof Socket) {
      // Node emits the socket's inactivity on the request while its body is incomplete, and then leaves the socket to us.
      raw.setTimeout(app.config.BODY_IDLE_SECONDS * 1000, () => {
        request.log.info('request body stalled: connection closed');
        answerOnSocket(raw.socket, 408, GENERIC_4XX[408]!);
      });
      raw.once('end', () => raw.setTimeout(0));
    }
    done();
  });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      const field = first?.instancePath?.replace(/^\//, '').replaceAll('/', '.') || error.validationContext || 'corpo';
      const text = first?.message ?? 'valor inválido';
      // The contracts' own messages are whole sentences; zod's defaults need the field named.
      const message = text.endsWith('.') ? text : `Campo "${field}": ${text}.`;
      return reply.code(400).send(payload(400, `Dados inválidos. ${message}`));
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause?.issues }, 'response does not match its contract');
      return reply.code(500).send(payload(500, 'Ocorreu um erro interno. Tente novamente em instantes.'));
    }
    const known = error.code ? FASTIFY_MESSAGES[error.code] : undefined;
    if (known && known[0] === 415 && !isApiRequest(request)) {
      // A page or the login form takes forms, not JSON: say so.
      return reply.code(415).send(payload(415, 'Tipo de conteúdo não suportado: envie os dados pelo formulário da página.'));
    }
    if (known) return reply.code(known[0]).send(payload(known[0], known[1]));
    if (error instanceof SyntaxError && (error as FastifyError).statusCode === 400) {
      return reply.code(400).send(payload(400, 'O corpo da requisição não é um JSON válido.'));
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (error.name === 'HttpError') {
      const fields = (error as { fields?: unknown[] }).fields;
      return reply.code(status).send(fields ? { ...payload(status, error.message), fields } : payload(status, error.message));
    }
    if (status < 500) return reply.code(status).send(payload(status, GENERIC_4XX[status] ?? 'Requisição inválida.'));
    if (isUnstorableText(error)) {
      // The contracts refuse such text first (STORABLE_TEXT); reaching here means a field was missed: say so in the log.
      request.log.warn({ err: error }, 'text the database cannot store reached a query');
      return reply.code(400).send(payload(400, 'O texto enviado contém caracteres inválidos.'));
    }
    request.log.error({ err: error }, 'request failed');
    if (isDatabaseUnavailable(error)) {
      return reply.code(503).header('retry-after', '5').send(payload(503, 'Serviço temporariamente indisponível. Tente novamente em instantes.'));
    }
    return reply.code(500).send(payload(500, 'Ocorreu um erro interno. Tente novamente em instantes.'));
  });

  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(payload(404, `Endereço não encontrado: ${request.method} ${request.url.split('?')[0]}`));
  });
});

const isApiRequest = (request: FastifyRequest) => /^\/(v1|api)\//.test(request.url);

const sqlState = (error: Error & { code?: string }) => error.code ?? (error.cause as { code?: string } | undefined)?.code;

/** PostgreSQL refused a text value itself (a NUL character, a byte sequence that is not UTF-8): the input's fault. */
function isUnstorableText(error: Error & { code?: string }): boolean {
  return ['22021', '22P05'].includes(sqlState(error) ?? '');
}

function isDatabaseUnavailable(error: Error & { code?: string }): boolean {
  const code = sqlState(error);
  // PostgreSQL gone or restarting; the embedded PGlite closed under a request (a stop, a failure).
  return ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '08001', '08003'].includes(code ?? '') || [error, error.cause].some((e) => e instanceof Error && /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|PGlite is closed/.test(e.message));
}
