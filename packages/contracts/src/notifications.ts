import { z } from 'zod';
import { DB_INTEGER_MAX } from './common.ts';

export const NOTIFICATIONS_MAX_PAGE_SIZE = 999;

const intParam = (what: string, min: number, max: number, fallback: number) =>
  z.preprocess(
    (v) => (v === undefined || v === '' ? fallback : v),
    z.coerce
      .number({ error: `${what} deve ser um número.` })
      .int(`${what} deve ser um número inteiro.`)
      .min(min, `${what} deve ser ao menos ${min}.`)
      .max(max, `${what} deve ser no máximo ${max}.`),
  );

/** GET /api/govpicidadao-middleware/notificacoes/mensagem/buscar?pageIndex=0&pageSize=999 */
export const NotificationsQuery = z.object({
  pageIndex: intParam('O índice da página (pageIndex)', 0, 100_000, 0),
  pageSize: intParam('O tamanho da página (pageSize)', 1, NOTIFICATIONS_MAX_PAGE_SIZE, NOTIFICATIONS_MAX_PAGE_SIZE),
});

/** `onClick` with tipo 'redirect' sends the citizen to `url` when the message is opened. */
export const NotificationAction = z.looseObject({ tipo: z.string(), url: z.string().optional() });

export const NotificationMessage = z
  .object({
    id: z.number().int(),
    /** dd/mm/yyyy HH:mm, Piauí time */
    dataCriacaoFormatada: z.string(),
    /** ISO 8601, for sorting and relative times */
    dataCriacao: z.string(),
    titulo: z.string(),
    texto: z.string(),
    /** alerta, informacao, novidade; anything else shows the default icon */
    tipo: z.string(),
    bannerUrl: z.string().nullable().optional(),
    metadados: z.looseObject({ onClick: NotificationAction.optional() }),
    visualizada: z.boolean(),
  })
  .meta({ id: 'NotificationMessage' });
export type NotificationMessage = z.infer<typeof NotificationMessage>;

export const NotificationsResponse = z
  .object({
    mensagens: z.array(NotificationMessage),
    pageIndex: z.number().int(),
    pageSize: z.number().int(),
    /** number of pages */
    pageTotal: z.number().int(),
    /** messages in all pages */
    totalElements: z.number().int(),
    /** unread messages (the bell's badge) */
    naoLidas: z.number().int(),
  })
  .meta({ id: 'NotificationsResponse' });
export type NotificationsResponse = z.infer<typeof NotificationsResponse>;

/** POST .../marcarComoLidas: the body is the list of message ids. */
export const MarkAsReadRequest = z
  .array(
    z.coerce
      .number({ error: 'Cada identificador de mensagem deve ser um número.' })
      .int('Cada identificador de mensagem deve ser um número inteiro.')
      .positive('Identificador de mensagem inválido.')
      .max(DB_INTEGER_MAX, 'Identificador de mensagem inválido.'),
    { error: 'Envie a lista de identificadores das mensagens (por exemplo, [1, 2]).' },
  )
  .max(999, 'No máximo 999 mensagens por vez.');

export const NotificationsUpdateResponse = z.object({
  /** messages changed by this call */
  atualizadas: z.number().int(),
  naoLidas: z.number().int(),
});
export type NotificationsUpdateResponse = z.infer<typeof NotificationsUpdateResponse>;

/**
 * The bell's forms (web app): read some messages (`id`, repeated), read all, or archive all. `js` is
 * present when a fetcher sent it.
 */
export const NotificationsForm = z.discriminatedUnion(
  'intent',
  [
    z.object({
      intent: z.literal('read'),
      // one `id` field is a string, several a list
      id: z.preprocess((v) => (v === undefined ? [] : Array.isArray(v) ? v : [v]), MarkAsReadRequest.min(1, 'Escolha ao menos uma mensagem.')),
      js: z.string().optional(),
    }),
    z.object({ intent: z.literal('read-all'), js: z.string().optional() }),
    z.object({ intent: z.literal('archive'), js: z.string().optional() }),
  ],
  { error: 'Ação desconhecida: use os botões das notificações.' },
);
export type NotificationsForm = z.infer<typeof NotificationsForm>;
