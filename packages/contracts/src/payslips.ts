import { z } from 'zod';
import { DB_INTEGER_MAX } from './common.ts';

/** One item of GET /api/contracheque/sead/empresa/ultimos-contracheques (the mobile app's shape). */
export const PaySlip = z
  .object({
    id: z.number().int(),
    /**
     * an absolute URL that downloads the PDF with no header at all (the app fetches it bare): signed for
     * this citizen and this pay slip, valid for a few minutes
     */
    link: z.string(),
    /** 'MM/YYYY' */
    periodo: z.string(),
    /** the bond (vínculo) */
    siglaUrl: z.string(),
    /** the file name the download answers with: contracheque-MM-YYYY-BOND.pdf */
    nomeArquivo: z.string(),
    servidor: z.object({
      documento: z.string(),
      success: z.boolean(),
      ultimaGeracao: z.string(),
      qtdErros: z.number().int(),
    }),
  })
  .meta({ id: 'PaySlip' });
export type PaySlip = z.infer<typeof PaySlip>;
export const PaySlipList = z.array(PaySlip);

export const PaySlipParams = z.object({
  id: z.coerce
    .number({ error: 'O identificador do contracheque deve ser um número.' })
    .int('O identificador do contracheque deve ser um número inteiro.')
    .positive('Identificador de contracheque inválido.')
    .max(DB_INTEGER_MAX, 'Identificador de contracheque inválido.'),
});

/**
 * The query of a pay slip's signed link: its expiry (Unix seconds) and signature. Read leniently: a link
 * that is not ours answers 403 with a Portuguese message, not a validation error.
 */
export const PaySlipLinkQuery = z.object({
  expira: z.string().optional(),
  assinatura: z.string().optional(),
});
