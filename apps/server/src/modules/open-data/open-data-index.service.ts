import { formatNumber, OPEN_DATA_USERS_TOTAL, PANEL_OPEN_DATA_GROUP, type OpenDataGroup } from '@portal/contracts';
import type { Database } from '@portal/db';
import { fiscalYears } from './open-data.repository.ts';

// The index of /dados: every dataset and call, grouped as the page shows them.

export interface OpenDataUrls {
  transparencia: string;
  auditCourt: string;
  usersLog: string;
}

export async function openDataIndex(db: Database, urls: OpenDataUrls): Promise<OpenDataGroup[]> {
  const years = (await fiscalYears(db, 'expense_commitments')).map((y) => y.exercicio);
  const [latest, previous] = [years[0] ?? new Date().getUTCFullYear(), years[1] ?? new Date().getUTCFullYear() - 1];
  const t = urls.transparencia;
  const tce = (path: string, description: string) => ({ slug: path, description, url: `${urls.auditCourt}/${path}`, format: 'json' as const });
  const api = (slug: string, description: string, path: string, format: 'json' | 'csv' = 'json') => ({ slug, description, url: `${t}${path}`, format });
  const group = (text: string, slug: string, icon: string, description: string, servicos: OpenDataGroup['servicos']): OpenDataGroup => ({
    text, slug, icon, description, servicos, informational: false, total: null,
  });
  const total = formatNumber(OPEN_DATA_USERS_TOTAL);
  return [
    group('CREDORES', 'credores', 'hand-coins', 'Pessoas e empresas que receberam pagamentos do Estado, com os valores empenhados e pagos.', [
      tce(`credores/lista/${latest}`, `Credores e valores recebidos em ${latest}`),
      tce(`credores/lista/${previous}`, `Credores e valores recebidos em ${previous}`),
      tce('credores/lista/todos', 'Cadastro de credores'),
    ]),
    group('DESPESAS', 'despesa', 'receipt', 'Empenhos, liquidações e pagamentos de todos os órgãos do Estado, por período.', [
      api('despesa/empenhos', 'Empenhos do período', '/despesas/{exercicio}/{referencia_ate}/{referencia_de}/'),
      api('despesa/detalhamento', 'Detalhamento de um empenho', '/despesas/{exercicio}/{empenho_codigo}/{unidade_gestora_codigo}/detalhamento/'),
      api('despesa/historico-financeiro', 'Histórico financeiro de um empenho', '/despesas/{exercicio}/{empenho_codigo}/{unidade_gestora_codigo}/financial_history/'),
      api('despesa/exercicios', 'Exercícios disponíveis', '/despesas/exercicios/'),
      api('despesa/orgaos', 'Despesas por órgão no período', '/despesas/orgaos/{exercicio}/{referencia_ate}/{referencia_de}/'),
      api('despesa/referencias', 'Meses com despesas no exercício', '/despesas/referencias/{exercicio}/'),
      api('despesa/atualizacao', 'Data da última atualização', '/despesas/updated_at/'),
      api('despesa/download', 'Download dos empenhos do período (CSV)', '/despesas/{exercicio}/{referencia_ate}/{referencia_de}/download/', 'csv'),
    ]),
    group('DOCUMENTOS', 'documentos', 'file-text', 'Contratos, termos aditivos, convênios e atas de registro de preços.', [
      tce(`documentos/contratos/${latest}`, `Contratos de ${latest}`),
      tce(`documentos/aditivos/${latest}`, `Termos aditivos de ${latest}`),
      tce(`documentos/convenios/${latest}`, `Convênios de ${latest}`),
      tce(`documentos/atas/${latest}`, `Atas de registro de preços de ${latest}`),
    ]),
    group('LICITAÇÕES', 'licitacoes', 'gavel', 'Processos licitatórios, por modalidade e situação.', [
      tce(`licitacoes/todas/${latest}`, `Licitações de ${latest}`),
      tce(`licitacoes/pregao-eletronico/${latest}`, `Pregões eletrônicos de ${latest}`),
      tce(`licitacoes/todas/${previous}`, `Licitações de ${previous}`),
    ]),
    group('ÓRGÃOS', 'orgaos', 'landmark', 'Órgãos do Estado e suas unidades gestoras.', [
      tce('orgaos/lista/todos', 'Órgãos do Estado'),
      tce('orgaos/unidades-gestoras/todas', 'Unidades gestoras'),
    ]),
    {
      text: 'PAINEL DOS SERVIÇOS',
      slug: PANEL_OPEN_DATA_GROUP,
      icon: 'chart-column',
      description: 'Como os serviços do Estado atendem: solicitações, prazos, tempo de resposta, satisfação, Simplifique! e agendamentos, mês a mês, por órgão e por serviço. Com gráficos em /app/painel.',
      informational: true,
      total: null,
      servicos: [
        { slug: `${PANEL_OPEN_DATA_GROUP}/csv`, description: 'Os últimos 12 meses do Estado (CSV; filtros orgao, servico, de, ate)', url: '/v1/painel/arquivo.csv', format: 'csv' },
        { slug: `${PANEL_OPEN_DATA_GROUP}/json`, description: 'Os últimos 12 meses do Estado (JSON; documentado em /openapi.json)', url: '/v1/painel', format: 'json' },
      ],
    },
    group('RECEITAS', 'receitas', 'trending-up', 'Receitas previstas e arrecadadas pelo Estado, por mês e por natureza.', [
      tce(`receitas/mensal/${latest}`, `Receitas por mês em ${latest}`),
      tce(`receitas/natureza/${latest}`, `Receitas por natureza em ${latest}`),
      tce(`receitas/natureza/${previous}`, `Receitas por natureza em ${previous}`),
    ]),
    group('SERVIDORES', 'servidor', 'users', 'Servidores públicos estaduais e suas remunerações mensais.', [
      api('servidor/remuneracoes', 'Remunerações do mês', '/servidores/{exercicio}/{referencia}/'),
      api('servidor/detalhamento', 'Remunerações de um servidor no exercício', '/servidores/{exercicio}/{id}/detalhamento/'),
      api('servidor/exercicios', 'Exercícios disponíveis', '/servidores/exercicios/'),
      api('servidor/orgaos', 'Servidores por órgão', '/servidores/orgaos/'),
      api('servidor/referencias', 'Meses com folha no exercício', '/servidores/referencias/{exercicio}/'),
      api('servidor/atualizacao', 'Data da última atualização', '/servidores/updated_at/'),
      api('servidor/download', 'Download das remunerações do mês (CSV)', '/servidores/{exercicio}/{referencia}/download/', 'csv'),
    ]),
    {
      text: 'TRANSFORMAÇÃO DIGITAL - LOG DE USUÁRIOS',
      slug: 'usuarios',
      icon: 'monitor-smartphone',
      description: `Usuários cadastrados nos serviços digitais do Governo do Piauí: ${total} no total.`,
      informational: true,
      total: OPEN_DATA_USERS_TOTAL,
      servicos: [
        { slug: '', description: `Total de usuários cadastrados: ${total}`, url: '', format: 'json' },
        { slug: '', description: 'Contagem mantida pela Secretaria de Transformação Digital', url: '', format: 'json' },
        { slug: 'usuarios/log', description: 'Log de usuários (CSV)', url: urls.usersLog, format: 'csv' },
      ],
    },
  ];
}
