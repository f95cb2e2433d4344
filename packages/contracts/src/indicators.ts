import { z } from 'zod';
import { DbId } from './common.ts';

export const IndicatorParams = z.object({ dashcard: DbId('Indicador inválido.'), card: DbId('Indicador inválido.') });

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
