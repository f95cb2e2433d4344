import { z } from 'zod';
import { DbId } from './common.ts';

export const RatingParams = z.object({ id: DbId('Serviço inválido: informe o número do serviço.') });

export const RatingRequest = z.object({
  value: z
    .number({ error: 'A avaliação deve ser um número de 1 a 5.' })
    .int('A avaliação deve ser um número inteiro de 1 a 5.')
    .min(1, 'A avaliação deve ser de 1 a 5 estrelas.')
    .max(5, 'A avaliação deve ser de 1 a 5 estrelas.'),
});
export type RatingRequest = z.infer<typeof RatingRequest>;

export const RatingResponse = z.object({
  average: z.number(),
  count: z.number().int(),
});
export type RatingResponse = z.infer<typeof RatingResponse>;

/** The service page's rating form (no JavaScript or a fetcher): the star's value, as text. */
export const RatingForm = z.object({ value: z.coerce.number({ error: 'A avaliação deve ser um número de 1 a 5.' }).pipe(RatingRequest.shape.value) });
export type RatingForm = z.infer<typeof RatingForm>;
