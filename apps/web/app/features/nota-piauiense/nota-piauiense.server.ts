import type { NotaPiauienseResponse } from '@portal/contracts';
import type { AppLoadContext } from 'react-router';
import '../../lib/citizen.ts';
import { cleanBalance } from './balance.ts';

export const LISTA_NOTAS = '/api/govpicidadao-middleware/sefaz/nota-piauiense/lista-notas';

/** The citizen's Nota Piauiense account, or null when the call fails. */
export async function loadNotaPiauiense(context: AppLoadContext): Promise<NotaPiauienseResponse['data'] | null> {
  try {
    const answer = await context.citizenApi({ method: 'GET', url: LISTA_NOTAS });
    return answer.status === 200 ? ((answer.body as NotaPiauienseResponse).data ?? null) : null;
  } catch (err) {
    console.error('nota piauiense failed', err);
    return null;
  }
}

/** The released balance, cleaned (spec §5): a failure or an invalid value is R$ 0,00. */
export async function loadBalance(context: AppLoadContext): Promise<number> {
  return cleanBalance((await loadNotaPiauiense(context))?.saldoNotaPovo?.saldoLiberado);
}
