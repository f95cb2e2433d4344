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

/**
 * The notification calls live under two prefixes: the web's (spec §7) and the state's app's, which also
 * registers the phone for push notifications there.
 */
export const NOTIFICATIONS_PREFIXES = ['/api/govpicidadao-middleware/notificacoes/mensagem', '/api/middleware/notificacoes/mensagem'] as const;

/**
 * GET {prefix}/buscar?pageIndex=0&pageSize=999 (the web), ?channel=push&pageIndex=N&pageSize=20 (the app).
 * The panel has one channel: every message is also pushed to the phones where the citizen turned push
 * notifications on, so `push` lists them all.
 */
export const NotificationsQuery = z.object({
  channel: z.enum(['push'], { error: 'O canal (channel) deve ser push.' }).optional(),
  pageIndex: intParam('O índice da página (pageIndex)', 0, 100_000, 0),
  pageSize: intParam('O tamanho da página (pageSize)', 1, NOTIFICATIONS_MAX_PAGE_SIZE, NOTIFICATIONS_MAX_PAGE_SIZE),
  /**
   * `true` lists the archived messages instead (the panel's 'Arquivadas', issue 24); absent or `false`, the inbox,
   * as the spec's call and the state's app have it.
   */
  arquivadas: z
    .enum(['true', 'false'], { error: 'O filtro de arquivadas (arquivadas) deve ser true ou false.' })
    .optional()
    .transform((v) => v === 'true'),
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
    /** absent without a banner (the app shows its own picture then) */
    bannerUrl: z.string().optional(),
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

/**
 * A message id as clients send it back: a number, or its digits as a string (the app passes ids through
 * its screens' parameters, which are text; a form field is text too).
 */
const MessageId = z
  .union([z.number(), z.string().regex(/^\d{1,10}$/).transform(Number)], { error: 'Cada identificador de mensagem deve ser um número.' })
  .pipe(
    z
      .number()
      .int('Cada identificador de mensagem deve ser um número inteiro.')
      .positive('Identificador de mensagem inválido.')
      .max(DB_INTEGER_MAX, 'Identificador de mensagem inválido.'),
  );

/** POST .../marcarComoLidas: the body is the list of message ids ([1, 2] or ["1", "2"]). */
export const MarkAsReadRequest = z
  .array(MessageId, { error: 'Envie a lista de identificadores das mensagens (por exemplo, [1, 2]).' })
  .max(999, 'No máximo 999 mensagens por vez.');

/**
 * POST .../arquivar: the spec's call has an empty body and archives every message of the caller (the state's app
 * sends it so, sometimes as an empty JSON body or `{}`). A list of ids, as marcarComoLidas takes it, archives only
 * those (issue 24: the panel archives the messages the citizen confirmed, or one message).
 */
export const ArchiveRequest = z
  .union([z.null(), z.strictObject({}), MarkAsReadRequest], {
    error: 'Envie a lista de identificadores das mensagens a arquivar (por exemplo, [1, 2]), ou nada para arquivar todas.',
  })
  .optional();
export type ArchiveRequest = z.infer<typeof ArchiveRequest>;

export const NotificationsUpdateResponse = z.object({
  /** messages changed by this call */
  atualizadas: z.number().int(),
  naoLidas: z.number().int(),
});
export type NotificationsUpdateResponse = z.infer<typeof NotificationsUpdateResponse>;

/** One `id` field is a string, several a list; none an empty list. */
const formIds = (v: unknown) => (v === undefined ? [] : Array.isArray(v) ? v : [v]);

/**
 * The bell's forms (web app): read some messages (`id`, repeated), read all, or archive (the messages `id` names,
 * or every one when it names none). `js` is present when a fetcher sent it.
 */
export const NotificationsForm = z.discriminatedUnion(
  'intent',
  [
    z.object({
      intent: z.literal('read'),
      id: z.preprocess(formIds, MarkAsReadRequest.min(1, 'Escolha ao menos uma mensagem.')),
      js: z.string().optional(),
    }),
    z.object({ intent: z.literal('read-all'), js: z.string().optional() }),
    z.object({ intent: z.literal('archive'), id: z.preprocess(formIds, MarkAsReadRequest), js: z.string().optional() }),
  ],
  { error: 'Ação desconhecida: use os botões das notificações.' },
);
export type NotificationsForm = z.infer<typeof NotificationsForm>;

/** The panel's list (the web's resource route): `arquivadas=1` for the archived messages. */
export const NotificationsPanelQuery = z.object({
  arquivadas: z.enum(['0', '1'], { error: 'O filtro de arquivadas deve ser 0 ou 1.' }).optional().transform((v) => v === '1'),
});

/** Expo's push token for one phone, as expo-notifications gives it to the app. */
const EXPO_PUSH_TOKEN = /^(?:ExponentPushToken|ExpoPushToken)\[[A-Za-z0-9_-]{1,180}\]$/;

/** PUT {prefix}/habilitarNotificacaoPush/{token}: turns push notifications on for this phone. */
export const PushTokenParams = z.object({
  token: z.string().regex(EXPO_PUSH_TOKEN, 'Token de notificação inválido: envie o token do Expo deste aparelho (ExponentPushToken[...]).'),
});

/** The answer to turning push notifications on (PUT) or off (DELETE {prefix}/desabilitarNotificacaoPush). */
export const PushDevicesResponse = z
  .object({
    /** whether the caller now gets push notifications */
    habilitado: z.boolean(),
    /** the caller's phones that get them */
    dispositivos: z.number().int(),
  })
  .meta({ id: 'PushDevicesResponse' });
export type PushDevicesResponse = z.infer<typeof PushDevicesResponse>;
