import { data } from 'react-router';

/** Reason phrases in Portuguese: React Router puts the error's status text in the page's data, and its default is English. */
const REASONS: Record<number, string> = {
  400: 'Requisição inválida',
  401: 'Acesso não autorizado',
  403: 'Acesso negado',
  404: 'Não encontrado',
  405: 'Método não permitido',
  409: 'Conflito',
  410: 'Não está mais disponível',
  413: 'Conteúdo grande demais',
  429: 'Muitas requisições',
  500: 'Erro interno',
  502: 'Falha ao obter os dados',
  503: 'Temporariamente indisponível',
};

/**
 * The one way a loader or action makes its page an error page: `throw pageError(404, 'Serviço não encontrado.')`.
 * The message is what the page says; the status text, which the page's data also carries, is Portuguese too
 * (issue 23: every error page's data said 'Internal Server Error', even a 404's).
 */
export function pageError(status: number, message: string) {
  return data({ message }, { status, statusText: REASONS[status] ?? (status >= 500 ? REASONS[500] : REASONS[400]) });
}
