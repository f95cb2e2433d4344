import { z } from 'zod';

/** Every 4xx and 5xx body: `message` is Portuguese, written for the citizen. */
export const ErrorResponse = z
  .object({
    statusCode: z.number().int(),
    error: z.string(),
    message: z.string(),
  })
  .meta({ id: 'ErrorResponse' });
export type ErrorResponse = z.infer<typeof ErrorResponse>;

export const Slug = z
  .string()
  .min(1, 'Informe o identificador.')
  .max(120, 'Identificador longo demais.')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Identificador inválido: use letras minúsculas, números e hífens.');

export const HealthResponse = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']) });
