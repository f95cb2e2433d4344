import { z } from 'zod';
import { STORABLE_TEXT, storableText } from './common.ts';

/** What a suggestion is about (the form's first question). */
export const SIMPLIFIQUE_SUBJECTS = {
  'simplificar-servico': 'Simplificar um serviço existente',
  'novo-servico': 'Sugerir um novo serviço digital',
  'problema-portal': 'Relatar um problema no portal',
  outro: 'Outro assunto',
} as const;
export type SimplifiqueSubject = keyof typeof SIMPLIFIQUE_SUBJECTS;

export const SIMPLIFIQUE_MESSAGE_MIN = 20;
export const SIMPLIFIQUE_MESSAGE_MAX = 4000;

const optionalText = (max: number, message: string) =>
  z.preprocess((v) => (typeof v === 'string' ? v.trim() : v), storableText('O campo').max(max, message).optional().default(''));

/**
 * POST /v1/simplifique: a citizen's suggestion to make a public service simpler ('Simplifique!').
 * Name and e-mail are optional: they are only used to answer the suggestion.
 */
export const SimplifiqueRequest = z
  .object({
    assunto: z.enum(Object.keys(SIMPLIFIQUE_SUBJECTS) as [SimplifiqueSubject, ...SimplifiqueSubject[]], {
      error: 'Escolha o assunto da sugestão.',
    }),
    servico: optionalText(200, 'O nome do serviço deve ter no máximo 200 caracteres.'),
    mensagem: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z
        .string({ error: 'Escreva a sua sugestão.' })
        .regex(STORABLE_TEXT, 'A sugestão contém caracteres inválidos.')
        .min(1, 'Escreva a sua sugestão.')
        .min(SIMPLIFIQUE_MESSAGE_MIN, `Descreva a sugestão com pelo menos ${SIMPLIFIQUE_MESSAGE_MIN} caracteres.`)
        .max(SIMPLIFIQUE_MESSAGE_MAX, `A sugestão deve ter no máximo ${SIMPLIFIQUE_MESSAGE_MAX} caracteres.`),
    ),
    nome: optionalText(120, 'O nome deve ter no máximo 120 caracteres.'),
    email: z.preprocess(
      (v) => (typeof v === 'string' ? v.trim() : v),
      z.union([z.literal(''), z.email('Informe um e-mail válido, como nome@exemplo.com.br.').max(200, 'O e-mail deve ter no máximo 200 caracteres.')]).optional().default(''),
    ),
  })
  .meta({ id: 'SimplifiqueRequest' });
export type SimplifiqueRequest = z.infer<typeof SimplifiqueRequest>;
export type SimplifiqueField = keyof SimplifiqueRequest;

export const SimplifiqueResponse = z
  .object({
    /** the protocol number the citizen keeps: SIMP-2025-000042 */
    protocolo: z.string(),
    /** ISO 8601 */
    recebidaEm: z.string(),
  })
  .meta({ id: 'SimplifiqueResponse' });
export type SimplifiqueResponse = z.infer<typeof SimplifiqueResponse>;

/** GET /v1/simplifique/minhas: the suggestions the caller sent while logged in, newest first. */
export const SimplifiqueMine = z
  .array(
    z.object({
      protocolo: z.string(),
      assunto: z.string(),
      servico: z.string(),
      mensagem: z.string(),
      recebidaEm: z.string(),
    }),
  )
  .meta({ id: 'SimplifiqueMine' });
export type SimplifiqueMine = z.infer<typeof SimplifiqueMine>;
