import { z } from 'zod';

export const IndicatorParams = z.object({
  dashcard: z.coerce.number({ error: 'Indicador inválido.' }).int('Indicador inválido.'),
  card: z.coerce.number({ error: 'Indicador inválido.' }).int('Indicador inválido.'),
});

/** Metabase's answer shape, reduced to what clients read: the first cell of the first row (spec §7). */
export const MetabaseQueryResponse = z.object({
  data: z.object({
    rows: z.array(z.array(z.number())),
    cols: z.array(z.object({ name: z.string(), base_type: z.string() })),
  }),
  row_count: z.number().int(),
  status: z.literal('completed'),
});
export type MetabaseQueryResponse = z.infer<typeof MetabaseQueryResponse>;
