import { z } from 'zod';
import { DbId } from './common.ts';

export const RatingParams = z.object({ id: DbId('Serviço inválido: informe o número do serviço.') });

/** A browser's ballot: a random key it keeps, so that voting again on a service changes its vote (issue 24). */
export const Ballot = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/, 'Identificador de voto inválido.');

export const RatingRequest = z.object({
  value: z
    .number({ error: 'A avaliação deve ser um número de 1 a 5.' })
    .int('A avaliação deve ser um número inteiro de 1 a 5.')
    .min(1, 'A avaliação deve ser de 1 a 5 estrelas.')
    .max(5, 'A avaliação deve ser de 1 a 5 estrelas.'),
  /** optional: the same ballot on the same service replaces its earlier vote instead of adding one */
  ballot: Ballot.optional(),
});
export type RatingRequest = z.infer<typeof RatingRequest>;

export const RatingResponse = z.object({
  average: z.number(),
  count: z.number().int(),
  /** the ballot had voted on this service before: its vote was changed, not added */
  updated: z.boolean().optional(),
});
export type RatingResponse = z.infer<typeof RatingResponse>;

/** The service page's rating form (no JavaScript or a fetcher): the chosen star's value, as text, and the page's ballot. */
export const RatingForm = z.object({
  value: z.coerce.number({ error: 'Escolha de 1 a 5 estrelas antes de enviar a avaliação.' }).pipe(RatingRequest.shape.value),
  // empty where the browser keeps no storage: the vote counts as a new one
  ballot: z.preprocess((value) => (value === '' ? undefined : value), Ballot.optional()),
});
export type RatingForm = z.infer<typeof RatingForm>;
