import type { NotaPiauienseResponse } from '@portal/contracts';
import type { AppLoadContext } from 'react-router';
import { call, optional } from '../../lib/api.server.ts';
import { cleanBalance } from './balance.ts';

export const LISTA_NOTAS = '/api/govpicidadao-middleware/sefaz/nota-piauiense/lista-notas';

/** The citizen's Nota Piauiense account, or null when the call fails (logged). */
export async function loadNotaPiauiense(context: AppLoadContext): Promise<NotaPiauienseResponse['data'] | null> {
  const answer = await optional(context, 'nota piauiense', call<NotaPiauienseResponse>(context, { url: LISTA_NOTAS, auth: 'citizen' }), null);
  return answer?.data ?? null;
}

/** The released balance, cleaned (spec §5): a failure or an invalid value is R$ 0,00. */
export async function loadBalance(context: AppLoadContext): Promise<number> {
  return cleanBalance((await loadNotaPiauiense(context))?.saldoNotaPovo?.saldoLiberado);
}
