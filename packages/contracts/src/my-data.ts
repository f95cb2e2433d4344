import { z } from 'zod';

// 'Meus dados' (issue 30, LGPD art. 18): what the portal holds about the citizen, each kind with its purpose, legal
// basis and how long it is kept; take it all, erase what the law lets be erased, end every session.

/**
 * How long the portal keeps each kind of personal data, enforced by the retention job (modules/retention) and said
 * on the privacy page and in 'Meus dados'. Change them here, and they change everywhere.
 */
export const RETENTION = {
  accessHistoryMonths: 24,
  notificationMonths: 24,
  simplifiqueYears: 5,
  webVitalsMonths: 6,
  searchDemandMonths: 12,
  /** a submitted request, its files and its history, after it ends (the departments' records schedule for administrative processes) */
  requestYears: 5,
  /** a phone the app has not registered again in this long is forgotten: the app registers at every start */
  pushDeviceMonths: 6,
} as const;

/** What can be erased from 'Meus dados', one kind at a time. */
export const ERASABLE = ['favoritos', 'historico', 'rascunhos', 'notificacoes', 'telefones', 'contato'] as const;
export type Erasable = (typeof ERASABLE)[number];

export interface MyDataKind {
  title: string;
  what: string;
  purpose: string;
  basis: string;
  kept: string;
  /** the button that erases it, when the law lets it be erased at the citizen's request */
  erase: string | null;
}

/** Every kind of record the portal holds about a citizen, in the order 'Meus dados' shows them. */
export const MY_DATA_KINDS = {
  conta: {
    title: 'Dados da conta',
    what: 'Nome, CPF, e-mail, telefone e data de nascimento, como o Acesso Cidadão os informa quando você entra.',
    purpose: 'Identificar você e preencher os formulários dos serviços.',
    basis: 'Execução de políticas públicas (LGPD, art. 7º, III, e art. 23).',
    kept: 'O portal não guarda uma cópia à parte: lê do Acesso Cidadão a cada login. O e-mail e o telefone dos avisos você corrige aqui; o resto, no Acesso Cidadão.',
    erase: null,
  },
  favoritos: {
    title: 'Favoritos',
    what: 'Os serviços que você marcou com a estrela.',
    purpose: 'Mostrar os seus serviços na página inicial.',
    basis: 'Consentimento (LGPD, art. 7º, I): você marca e desmarca quando quiser.',
    kept: 'Enquanto você os mantiver.',
    erase: 'Apagar meus favoritos',
  },
  historico: {
    title: 'Histórico de serviços acessados',
    what: 'Os serviços que você abriu com login, com data e hora.',
    purpose: 'Recomendar serviços para você.',
    basis: 'Legítimo interesse (LGPD, art. 7º, IX), que você pode recusar apagando-o.',
    kept: `${RETENTION.accessHistoryMonths} meses.`,
    erase: 'Apagar meu histórico',
  },
  avaliacoes: {
    title: 'Avaliações dos serviços que você usou',
    what: 'As notas que você deu ao fim das suas solicitações (as notas anônimas da página do serviço não são ligadas a você).',
    purpose: 'Medir a satisfação no painel público, sem mostrar quem avaliou.',
    basis: 'Execução de políticas públicas (Lei 14.129, art. 20).',
    kept: 'Com a solicitação avaliada.',
    erase: null,
  },
  solicitacoes: {
    title: 'Solicitações enviadas e seus arquivos',
    what: 'O que você pediu, as suas respostas, os arquivos enviados e cada passo do atendimento.',
    purpose: 'Atender o pedido e prestar contas dele.',
    basis: 'Execução de políticas públicas e cumprimento de obrigação legal (LGPD, art. 7º, II e III).',
    kept: `${RETENTION.requestYears} anos depois de encerrada (a data aparece em cada uma); em andamento, enquanto durar. Não se apagam a pedido, por obrigação legal.`,
    erase: null,
  },
  rascunhos: {
    title: 'Rascunhos de solicitações',
    what: 'Solicitações começadas e não enviadas, com as respostas e os arquivos.',
    purpose: 'Você continuar de onde parou.',
    basis: 'Execução de políticas públicas, a seu pedido.',
    kept: 'Até o envio, ou apagados quando vencem (o aviso chega antes).',
    erase: 'Apagar meus rascunhos',
  },
  agendamentos: {
    title: 'Agendamentos',
    what: 'Os atendimentos marcados nas unidades, com a presença ou a falta.',
    purpose: 'Atender você na hora marcada e aplicar a regra de faltas do órgão.',
    basis: 'Execução de políticas públicas (LGPD, art. 7º, III).',
    kept: 'Com o histórico de atendimento do órgão; não se apagam a pedido.',
    erase: null,
  },
  documentos: {
    title: 'Documentos emitidos',
    what: 'Os documentos que os órgãos emitiram para você, com o código de verificação.',
    purpose: 'Você usar e qualquer pessoa conferir o documento.',
    basis: 'Cumprimento de obrigação legal (LGPD, art. 7º, II).',
    kept: 'Enquanto o documento valer e pelo prazo de guarda do órgão; não se apagam a pedido.',
    erase: null,
  },
  notificacoes: {
    title: 'Mensagens',
    what: 'As mensagens que os órgãos e o portal enviaram para você.',
    purpose: 'Avisar você do andamento dos seus pedidos.',
    basis: 'Execução de políticas públicas (LGPD, art. 7º, III).',
    kept: `Até você arquivá-las, e no máximo ${RETENTION.notificationMonths} meses.`,
    erase: 'Apagar minhas mensagens',
  },
  telefones: {
    title: 'Celulares com notificações',
    what: 'Os celulares em que você ligou as notificações do aplicativo (um código do aparelho, sem o número).',
    purpose: 'Enviar as notificações para o seu celular.',
    basis: 'Consentimento (LGPD, art. 7º, I): desligar no aplicativo também apaga.',
    kept: `Até você desligar, ou ${RETENTION.pushDeviceMonths} meses sem o aplicativo abrir.`,
    erase: 'Desligar e apagar os celulares',
  },
  contato: {
    title: 'Contatos e escolhas de aviso',
    what: 'O e-mail e o telefone que você deu ao portal para os avisos, e como quer ser avisado de cada tipo.',
    purpose: 'Avisar você pelo canal que escolheu.',
    basis: 'Consentimento (LGPD, art. 7º, I).',
    kept: 'Até você mudar ou apagar; apagados, os avisos voltam ao e-mail do Acesso Cidadão, por todos os canais.',
    erase: 'Apagar meus contatos e escolhas',
  },
  sessoes: {
    title: 'Onde você está conectado',
    what: 'Os navegadores com login aberto no portal, com data de início e fim.',
    purpose: 'Manter você conectado com segurança.',
    basis: 'Execução de políticas públicas (LGPD, art. 7º, III).',
    kept: 'Até você sair, e no máximo 8 horas.',
    erase: null,
  },
  acessos: {
    title: 'Quem acessou meus dados',
    what: 'Cada vez que alguém de um órgão abriu uma solicitação ou um arquivo seu.',
    purpose: 'Você saber quem viu os seus dados, e os órgãos prestarem contas.',
    basis: 'Cumprimento de obrigação legal (LGPD, art. 37).',
    kept: 'Enquanto a solicitação for guardada; ninguém pode alterar nem apagar.',
    erase: null,
  },
} as const satisfies Record<string, MyDataKind>;
export type MyDataKey = keyof typeof MY_DATA_KINDS;

export const EraseInput = z.object({
  tipo: z.enum(ERASABLE, { error: 'Escolha o que apagar: favoritos, histórico, rascunhos, mensagens, celulares ou contatos e escolhas de aviso.' }),
});
export type EraseInput = z.infer<typeof EraseInput>;
export const EraseAnswer = z.object({ tipo: z.enum(ERASABLE), apagados: z.number().int().nonnegative() });

/** One kind as 'Meus dados' shows it: how many records, a few of them in words, and until when each is kept. */
export const MyDataSummary = z.object({
  kinds: z.array(
    z.object({
      kind: z.string(),
      count: z.number().int().nonnegative(),
      /** up to ten records in words, the latest first ('Segunda via da CNH, desde 03/11/2026') */
      examples: z.array(z.string()),
      /** when it has one: the date the kept records go (the submitted requests' retention) */
      keptUntil: z.string().nullable(),
    }),
  ),
});
export type MyDataSummary = z.infer<typeof MyDataSummary>;

export const SessionsEnded = z.object({ sessoes: z.number().int().nonnegative(), aplicativo: z.number().int().nonnegative() });

/** The kinds of notice a citizen chooses how to receive: every notice the portal sends a citizen is one of them. */
export const NOTICE_KINDS = {
  solicitacoes: 'Andamento das solicitações (nova etapa, pedido de informação, resposta)',
  agendamentos: 'Agendamentos (confirmação, mudança, cancelamento, horário vago da lista de espera)',
  lembretes: 'Lembretes (rascunho perto de vencer, atendimento no dia seguinte)',
} as const;
export type NoticeKind = keyof typeof NOTICE_KINDS;
export const NOTICE_KIND_KEYS = Object.keys(NOTICE_KINDS) as [NoticeKind, ...NoticeKind[]];

export const NoticePreference = z.object({ tipo: z.enum(NOTICE_KIND_KEYS, { error: 'Tipo de aviso desconhecido.' }), email: z.boolean(), push: z.boolean() });
export type NoticePreference = z.infer<typeof NoticePreference>;
/** GET and PUT /v1/meus-dados/avisos: one line per kind; the portal's messages are always kept, e-mail and push are chosen. */
export const NoticePreferences = z.object({
  avisos: z
    .array(NoticePreference)
    .max(NOTICE_KIND_KEYS.length, 'Tipos de aviso demais.')
    .refine((list) => new Set(list.map((p) => p.tipo)).size === list.length, 'Cada tipo de aviso uma vez só.'),
});
export type NoticePreferences = z.infer<typeof NoticePreferences>;

/** The zip of the citizen's data and files, made by the job queue: being made, or ready to download until a day. */
export const DataExport = z.object({
  estado: z.enum(['preparando', 'pronto', 'falhou']),
  pedidoEm: z.string(),
  prontoEm: z.string().nullable(),
  disponivelAte: z.string().nullable(),
  bytes: z.number().int().nullable(),
});
export type DataExport = z.infer<typeof DataExport>;
export const DataExportState = z.object({ exportacao: DataExport.nullable() });
export type DataExportState = z.infer<typeof DataExportState>;

/** The contact the portal uses for notices: the citizen's own (an e-mail once confirmed, a phone), or the Acesso Cidadão's. */
export const NoticeContact = z.object({
  email: z.string(),
  /** where the e-mail in use comes from */
  origem: z.enum(['portal', 'acesso-cidadao']),
  /** a new e-mail waiting for its code */
  pendente: z.string().nullable(),
  telefone: z.string(),
});
export type NoticeContact = z.infer<typeof NoticeContact>;

const phoneDigits = (text: string) => text.replace(/\D/g, '');
export const ContactChange = z.object({
  email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254, 'E-mail: no máximo 254 caracteres.')
    .refine((v) => v === '' || z.email().safeParse(v).success, 'Escreva um e-mail válido, como nome@exemplo.com.br.')
    .optional(),
  telefone: z
    .string()
    .trim()
    .max(20, 'Escreva o telefone com DDD, como (86) 99999-0000.')
    .refine((v) => v === '' || ((phoneDigits(v).length === 10 || phoneDigits(v).length === 11) && /^[\d()\s.+-]+$/.test(v)), 'Escreva o telefone com DDD, como (86) 99999-0000.')
    .transform(phoneDigits)
    .optional(),
});
export type ContactChange = z.infer<typeof ContactChange>;
export const ContactCode = z.object({ codigo: z.string().trim().regex(/^\d{6}$/, 'O código tem 6 números: confira o e-mail que enviamos.') });
