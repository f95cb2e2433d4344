import { z } from 'zod';

export const NotaPiauienseReceipt = z.object({
  id: z.number().int(),
  /** yyyy-mm-dd */
  dataEmissao: z.string(),
  emitente: z.string(),
  cnpjEmitente: z.string(),
  /** '84.00' */
  valorNota: z.string(),
  /** '3.36' */
  valorCredito: z.string(),
  situacao: z.enum(['Liberado', 'Pendente']),
});

/**
 * GET /api/govpicidadao-middleware/sefaz/nota-piauiense/lista-notas. `saldoLiberado` is a decimal string
 * with a dot ('137.45'): the clients strip what is not a digit or the dot and parse it (spec §5).
 */
export const NotaPiauienseResponse = z
  .object({
    data: z.object({
      saldoNotaPovo: z.object({
        saldoLiberado: z.string(),
        saldoPendente: z.string(),
        /** 'R$ 137,45' for display */
        saldoLiberadoFormatado: z.string(),
        valorMinimoSaque: z.string(),
      }),
      notas: z.array(NotaPiauienseReceipt),
    }),
  })
  .meta({ id: 'NotaPiauienseResponse' });
export type NotaPiauienseResponse = z.infer<typeof NotaPiauienseResponse>;
