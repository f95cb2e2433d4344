import { formatBrl, type NotaPiauienseResponse } from '@portal/contracts';
import type { Database } from '@portal/db';
import * as repository from './nota-piauiense.repository.ts';

export const MINIMUM_WITHDRAWAL = '25.00';

/** Amounts travel as dot-decimal strings ('137.45'): what the clients' cleaning rule (spec §5) parses right. */
const decimal = (value: string | null | undefined) => Number(value ?? 0).toFixed(2);

export async function statement(db: Database, userSub: string): Promise<NotaPiauienseResponse> {
  const [account, receipts] = await Promise.all([repository.balance(db, userSub), repository.receipts(db, userSub)]);
  const released = decimal(account?.released);
  return {
    data: {
      saldoNotaPovo: {
        saldoLiberado: released,
        saldoPendente: decimal(account?.pending),
        saldoLiberadoFormatado: formatBrl(Number(released)),
        valorMinimoSaque: MINIMUM_WITHDRAWAL,
      },
      notas: receipts.map((r) => ({
        id: r.id,
        dataEmissao: r.issuedOn,
        emitente: r.issuerName,
        cnpjEmitente: r.issuerCnpj,
        valorNota: decimal(r.amount),
        valorCredito: decimal(r.credit),
        situacao: r.status === 'Pendente' ? 'Pendente' : 'Liberado',
      })),
    },
  };
}
