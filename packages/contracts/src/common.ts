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

/**
 * PostgreSQL's `integer`, the type of every id column: a larger id cannot exist, and sent to the database
 * it fails as an error instead of finding nothing, so request schemas refuse it first.
 */
export const DB_INTEGER_MAX = 2_147_483_647;

/**
 * A row id in an answer: a string of digits, as the live API sends it and the state's app validates it
 * (issue 14: the app drops a whole list whose items have numeric ids).
 */
export const WireId = z.string().regex(/^\d+$/);

/** A row id in a request (a path segment is text: coerced): a whole number from 1 to DB_INTEGER_MAX. */
export const DbId = (message: string) => z.coerce.number({ error: message }).int(message).min(1, message).max(DB_INTEGER_MAX, message);

/**
 * Text PostgreSQL can store: a NUL character makes it refuse the whole statement, and no other control
 * character but tab and line breaks belongs in what a citizen types. For request text that reaches a query.
 */
// eslint-disable-next-line no-control-regex
export const STORABLE_TEXT = /^[^\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]*$/;
export const storableText = (what: string) => z.string().regex(STORABLE_TEXT, `${what}: o texto contém caracteres inválidos.`);

export const Slug = z
  .string()
  .min(1, 'Informe o identificador.')
  .max(120, 'Identificador longo demais.')
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Identificador inválido: use letras minúsculas, números e hífens.');

export const HealthResponse = z.object({ status: z.enum(['ok', 'degraded']), database: z.enum(['up', 'down']) });
