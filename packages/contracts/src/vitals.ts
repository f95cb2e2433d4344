import { z } from 'zod';
import { storableText } from './common.ts';

export const Vital = z.object({
  name: z.enum(['LCP', 'CLS', 'INP', 'FCP', 'TTFB'], { error: 'Métrica desconhecida: use LCP, CLS, INP, FCP ou TTFB.' }),
  value: z
    .number({ error: 'O valor da métrica deve ser um número.' })
    .min(0, 'O valor da métrica não pode ser negativo.')
    .max(3_600_000, 'Valor da métrica fora do limite.'),
  rating: z.enum(['good', 'needs-improvement', 'poor'], { error: 'Classificação inválida: use good, needs-improvement ou poor.' }),
  page: storableText('Página').max(300, 'Página: no máximo 300 caracteres.'),
  navigationType: storableText('Tipo de navegação').max(40, 'Tipo de navegação: no máximo 40 caracteres.').optional(),
});
export type Vital = z.infer<typeof Vital>;

/** POST /v1/vitals: one metric, or the batch a page sends when it is hidden. */
export const VitalsRequest = z.preprocess(
  (body) => (Array.isArray(body) ? body : [body]),
  z.array(Vital).min(1, 'Envie ao menos uma métrica.').max(20, 'No máximo 20 métricas por envio.'),
);
