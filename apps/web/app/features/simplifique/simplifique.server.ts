import { SimplifiqueRequest, type SimplifiqueField, type SimplifiqueResponse } from '@portal/contracts';
import type { AppLoadContext } from 'react-router';
import { ApiError, call } from '../../lib/api.server.ts';
import { parseForm } from '../../lib/form.server.ts';
import type { SimplifiqueErrors, SimplifiqueValues } from './simplifique-form.tsx';

export type SimplifiqueResult =
  | { ok: true; protocolo: string }
  | { ok: false; values: SimplifiqueValues; errors: SimplifiqueErrors; serverError?: string };

const FIELDS: SimplifiqueField[] = ['assunto', 'servico', 'mensagem', 'nome', 'email'];
const UNAVAILABLE = 'Não foi possível enviar a sua sugestão agora. Tente novamente em alguns minutos.';

/** Validates with the API's own schema (field errors for the form), then sends; a logged-in citizen's is linked to them. */
export async function sendSuggestion(context: AppLoadContext, request: Request): Promise<SimplifiqueResult> {
  const form = await parseForm(request, SimplifiqueRequest);
  const values: SimplifiqueValues = {};
  for (const field of FIELDS) {
    const value = form.values[field];
    if (typeof value === 'string') values[field] = value;
  }
  if (!form.ok) return { ok: false, values, errors: form.errors as SimplifiqueErrors };
  const auth = (await context.citizen()) ? 'citizen' : 'anonymous';
  try {
    const answer = await call<SimplifiqueResponse>(context, { method: 'POST', url: '/v1/simplifique', body: form.data, auth });
    return { ok: true, protocolo: answer.protocolo };
  } catch (err) {
    if (!(err instanceof ApiError)) throw err;
    context.log.warn({ status: err.status }, 'simplifique suggestion refused');
    return { ok: false, values, errors: {}, serverError: err.status === 400 || err.status === 429 ? err.message : UNAVAILABLE };
  }
}
