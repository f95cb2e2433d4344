import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';

const FASTIFY_MESSAGES: Record<string, [number, string]> = {
  FST_ERR_CTP_BODY_TOO_LARGE: [413, 'O conteúdo enviado é grande demais.'],
  FST_ERR_CTP_INVALID_MEDIA_TYPE: [415, 'Tipo de conteúdo não suportado: envie os dados em JSON (application/json).'],
  FST_ERR_CTP_EMPTY_JSON_BODY: [400, 'O corpo da requisição está vazio: envie os dados em JSON.'],
  FST_ERR_CTP_INVALID_JSON_BODY: [400, 'O corpo da requisição não é um JSON válido.'],
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: [400, 'O tamanho informado do conteúdo não confere com o que foi enviado.'],
  FST_ERR_BAD_URL: [400, 'Endereço inválido.'],
  FST_ERR_ASYNC_CONSTRAINT: [400, 'Requisição inválida.'],
};

const GENERIC_4XX: Record<number, string> = {
  400: 'Requisição inválida: confira os dados enviados.',
  401: 'Acesso não autorizado: faça login para continuar.',
  403: 'Você não tem permissão para acessar este recurso.',
  404: 'Recurso não encontrado.',
  405: 'Método não permitido para este endereço.',
  406: 'Formato de resposta não disponível.',
  413: 'O conteúdo enviado é grande demais.',
  415: 'Tipo de conteúdo não suportado.',
  429: 'Muitas requisições em pouco tempo. Aguarde um instante e tente novamente.',
};

function payload(statusCode: number, message: string) {
  return { statusCode, error: STATUS_CODES[statusCode] ?? 'Error', message };
}

/** One error handler: Portuguese messages for the citizen, details only in the log, never a stack trace. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
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
    if (known) return reply.code(known[0]).send(payload(known[0], known[1]));
    if (error instanceof SyntaxError && (error as FastifyError).statusCode === 400) {
      return reply.code(400).send(payload(400, 'O corpo da requisição não é um JSON válido.'));
    }
    const status = error.statusCode && error.statusCode >= 400 ? error.statusCode : 500;
    if (error.name === 'HttpError') return reply.code(status).send(payload(status, error.message));
    if (status < 500) return reply.code(status).send(payload(status, GENERIC_4XX[status] ?? 'Requisição inválida.'));
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

function isDatabaseUnavailable(error: Error & { code?: string }): boolean {
  const code = error.code ?? (error.cause as { code?: string } | undefined)?.code;
  return ['ECONNREFUSED', 'ECONNRESET', '57P01', '57P03', '08006', '08001', '08003'].includes(code ?? '') || /Connection terminated|connect ECONNREFUSED/.test(error.message);
}
