import { z } from 'zod';

export const RatingParams = z.object({
  id: z.coerce
    .number({ error: 'Serviço inválido: informe o número do serviço.' })
    .int('Serviço inválido: informe o número do serviço.')
    .min(1, 'Serviço inválido: informe o número do serviço.')
    .max(2_147_483_647, 'Serviço inválido: informe o número do serviço.'),
});

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
