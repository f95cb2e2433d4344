import { SimplifiqueRequest, type SimplifiqueField, type SimplifiqueResponse } from '@portal/contracts';
import type { AppLoadContext } from 'react-router';
import '../../lib/citizen.ts';
import type { SimplifiqueErrors, SimplifiqueValues } from './simplifique-form.tsx';

export type SimplifiqueResult =
  | { ok: true; protocolo: string }
  | { ok: false; values: SimplifiqueValues; errors: SimplifiqueErrors; serverError?: string };

/** Validates with the API's own schema (field errors for the form), then sends; a logged-in citizen's is linked to them. */
export async function sendSuggestion(context: AppLoadContext, form: FormData): Promise<SimplifiqueResult> {
  const values: SimplifiqueValues = {};
  for (const field of ['assunto', 'servico', 'mensagem', 'nome', 'email'] as SimplifiqueField[]) {
    const value = form.get(field);
    if (typeof value === 'string') values[field] = value;
  }
  const parsed = SimplifiqueRequest.safeParse(values);
  if (!parsed.success) {
    const errors: SimplifiqueErrors = {};
    for (const issue of parsed.error.issues) {
      const field = issue.path[0] as SimplifiqueField;
      errors[field] ??= issue.message;
    }
    return { ok: false, values, errors };
  }
  const call = { method: 'POST' as const, url: '/v1/simplifique', body: parsed.data };
  const answer = (await context.citizen()) ? await context.citizenApi(call) : await context.api(call);
  if (answer.status === 201) return { ok: true, protocolo: (answer.body as SimplifiqueResponse).protocolo };
  const message = (answer.body as { message?: string } | null)?.message;
  return { ok: false, values, errors: {}, serverError: (answer.status === 400 || answer.status === 429) && message ? message : 'Não foi possível enviar a sua sugestão agora. Tente novamente em alguns minutos.' };
}
