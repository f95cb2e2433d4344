import type { AuditLog } from '@portal/contracts';
import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { when } from '../features/gestao/gestao-ui.tsx';
import styles from '../features/gestao/gestao.module.css';
import { staffCall } from '../features/gestao/gestao.server.ts';
import { PageFrame, personalMeta } from '../features/pages/page-frame.tsx';

type Entry = AuditLog['entries'][number];

export async function loader({ request, context }: LoaderFunctionArgs) {
  return staffCall<AuditLog>(context, request, { url: '/v1/gestao/auditoria' });
}

export const meta: MetaFunction = () => personalMeta('Registro de auditoria');

/** Each action of the back office as the audit log names it (apps/server/src/modules/gestao). */
const ACTION_LABEL: Record<string, string> = {
  rascunho_criado: 'Rascunho criado',
  rascunho_salvo: 'Rascunho salvo',
  rascunho_importado: 'Rascunho importado',
  enviado_para_revisao: 'Enviado para revisão',
  devolvido: 'Devolvido para correção',
  aprovado: 'Aprovado',
  publicado: 'Publicado',
  descartado: 'Rascunho descartado',
  versao_restaurada: 'Versão antiga restaurada como rascunho',
  publicacao_urgente: 'Publicação de urgência',
  urgencia_confirmada: 'Urgência confirmada pela revisão',
  revisao_confirmada: 'Conteúdo confirmado como correto',
  retirado_do_ar: 'Retirado do ar',
  de_volta_ao_ar: 'De volta ao ar',
  retorno_atualizado: 'Situação de sugestão atualizada',
  orgao_alterado: 'Página do órgão alterada',
  unidade_incluida: 'Unidade incluída',
  unidade_alterada: 'Unidade alterada',
  unidade_proposta: 'Alteração de unidade proposta',
  proposta_aplicada: 'Proposta de unidade aplicada',
  proposta_recusada: 'Proposta de unidade recusada',
  nome_popular_proposto: 'Nome popular proposto',
  busca_de_teste_incluida: 'Busca de teste incluída',
  busca_de_teste_retirada: 'Busca de teste retirada',
  documento_unificado: 'Nome de documento unificado',
  enderecos_unificados: 'Endereços de unidades unificados',
  categoria_criada: 'Categoria criada',
  categoria_alterada: 'Categoria alterada',
  sinonimo_salvo: 'Sinônimo salvo',
  sinonimo_retirado: 'Sinônimo retirado',
  resposta_direta_criada: 'Resposta direta criada',
  resposta_direta_alterada: 'Resposta direta alterada',
  resposta_direta_retirada: 'Resposta direta retirada',
  destaque_incluido: 'Serviço posto em destaque',
  destaque_retirado: 'Serviço tirado do destaque',
  retirado_da_revisao: 'Retirado da revisão para edição',
  comentario: 'Comentário na alteração',
  agendamento_cancelado: 'Publicação agendada cancelada',
  agenda_alterada: 'Agenda da unidade alterada',
};

/** Each detail the log keeps, in the words of the form it came from. */
const DETAIL_LABEL: Record<string, string> = {
  changeNote: 'Nota da alteração',
  comment: 'Comentário',
  publishAt: 'Publicação marcada para',
  reason: 'Motivo',
  replacedBy: 'Substituído por',
  name: 'Nome',
  query: 'Busca',
  canonical: 'Nome adotado',
  variants: 'Nomes substituídos',
  from: 'Restaurada da versão',
  proposal: 'Proposta',
  unit: 'Unidade',
  unidade: 'Unidade',
  suggestion: 'Protocolo da sugestão',
  status: 'Situação',
  versionId: 'Versão',
  source: 'Termo',
  targets: 'Equivalentes',
  hours: 'Horários',
  term: 'Termo',
  expansion: 'Significa',
  slug: 'Endereço',
  hidden: 'Oculta',
  title: 'Título',
  id: 'Número',
};

/** An ISO instant ('2026-11-27T02:50:00.000Z') as Piauí reads it; any other value as text. */
const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;
const valueText = (value: unknown): string =>
  typeof value === 'string' ? (ISO_INSTANT.test(value) ? when(value) : value) : Array.isArray(value) ? value.map(valueText).join(', ') : typeof value === 'boolean' ? (value ? 'sim' : 'não') : JSON.stringify(value);

const detailText = (detail: Entry['detail']) =>
  Object.entries(detail)
    .filter(([, value]) => value !== null && value !== '' && value !== undefined)
    .map(([key, value]) => `${DETAIL_LABEL[key] ?? key}: ${valueText(value)}`)
    .join('; ');

/** The central team's reading of the append-only log: who did what, when and from where. */
export default function GestaoAudit() {
  const { entries } = useLoaderData<typeof loader>();
  return (
    <PageFrame title="Registro de auditoria" homeHref="/app/gestao" intro={<p>As últimas {entries.length} ações na gestão do catálogo, da mais recente à mais antiga. O registro não pode ser alterado nem apagado.</p>}>
      <table className={styles.table}>
        <thead>
          <tr>
            <th scope="col">Quando</th>
            <th scope="col">Quem</th>
            <th scope="col">Ação</th>
            <th scope="col">Detalhes</th>
            <th scope="col">De onde</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{when(entry.at)}</td>
              <td>{entry.actorName}</td>
              <td>
                {ACTION_LABEL[entry.action] ?? entry.action}
                {entry.serviceId ? (
                  <>
                    {' '}
                    (<a href={`/app/gestao/servicos/${entry.serviceId}`}>{entry.serviceTitle ?? `serviço ${entry.serviceId}`}</a>
                    {entry.versionId ? `, versão nº ${entry.versionId}` : ''})
                  </>
                ) : null}
              </td>
              <td>{detailText(entry.detail)}</td>
              <td>{entry.address}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </PageFrame>
  );
}
