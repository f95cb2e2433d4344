import { monthsBefore, PANEL_DEFAULT_MONTHS, PANEL_DEFINITIONS, PANEL_MAX_MONTHS, type Panel, type PanelMonth } from '@portal/contracts';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageFrame, PageSection } from '../features/pages/page-frame.tsx';
import pages from '../features/pages/pages.module.css';
import { CHART_TEXT, hasData, type ChartName } from '../features/panel/panel-charts.ts';
import { count, days, filtersOf, longMonth, panelQuery, percent, shortMonth, stars } from '../features/panel/panel-format.ts';
import styles from '../features/panel/panel.module.css';
import { api, required } from '../lib/api.server.ts';
import { formatDateTime, formatIsoDay, todayInPiaui } from '../lib/format.ts';
import { catalogPath } from '../lib/paths.ts';
import { canonicalUrl, pageMeta, TITLE_PREFIX } from '../lib/seo.ts';
import type { Route } from './+types/panel';

export const PANEL_PATH = '/app/painel';

export async function loader({ request, context }: Route.LoaderArgs) {
  const panel = await required(context, api.panel(context, filtersOf(new URL(request.url))), {
    notFound: 'Órgão ou serviço não encontrado no painel.',
    failure: 'Não foi possível carregar o painel dos serviços. Tente novamente em instantes.',
  });
  return { panel, thisMonth: todayInPiaui().slice(0, 7), canonical: canonicalUrl(request) };
}

export function meta({ data }: Route.MetaArgs) {
  const scope = data?.panel.filtro.servico?.titulo ?? data?.panel.filtro.orgao?.nome;
  return pageMeta({
    title: `${TITLE_PREFIX} - Painel dos serviços${scope ? `: ${scope}` : ''}`,
    description: 'Painel de monitoramento dos serviços do Governo do Piauí: solicitações, prazos, tempo de resposta, satisfação e agendamentos, mês a mês, para baixar.',
    canonical: data?.canonical,
  });
}

const href = (query: URLSearchParams) => `${PANEL_PATH}?${query}`;

/** A figure with what it counts said beside it. */
function Figure({ label, value, definition }: { label: string; value: string; definition: string }) {
  return (
    <div className={styles.figure}>
      <dt>{label}</dt>
      <dd className={styles.value}>{value}</dd>
      <dd className={styles.definition}>{definition}</dd>
    </div>
  );
}

type Column = [string, (m: PanelMonth) => ReactNode];

/** The months of the period in a table, one column per figure: each chart's numbers, and the satisfaction's. */
function MonthTable({ id, caption, months, columns }: { id: string; caption: string; months: PanelMonth[]; columns: Column[] }) {
  return (
    <div className={pages.tableWrap} tabIndex={0} role="region" aria-labelledby={id}>
      <table className={pages.table}>
        <caption id={id}>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Mês</th>
            {columns.map(([heading]) => (
              <th key={heading} scope="col">
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {months.map((m) => (
            <tr key={m.mes}>
              <th scope="row">
                <abbr title={longMonth(m.mes)}>{shortMonth(m.mes)}</abbr>
              </th>
              {columns.map(([heading, value]) => (
                <td key={heading}>{value(m)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** A chart as an image, its legend by shape, and its numbers in a table: readable without JavaScript and by a screen reader. */
function Chart({ name, panel, title, columns }: { name: ChartName; panel: Panel; title: string; columns: Column[] }) {
  const text = CHART_TEXT[name];
  return (
    <PageSection id={`grafico-${name}`} title={title}>
      {hasData(name, panel.meses) ? (
        <figure className={styles.chart}>
          <img src={`${PANEL_PATH}/graficos/${name}.svg?${panelQuery(panel)}`} alt={text.alt} width={720} height={300} loading="lazy" />
          <figcaption>
            <ul className={styles.legend}>
              {text.legend.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </figcaption>
        </figure>
      ) : (
        <p>Nada a mostrar no período.</p>
      )}
      <MonthTable id={`tabela-${name}`} caption={`${title}: os números, mês a mês`} months={panel.meses} columns={columns} />
    </PageSection>
  );
}

export default function PanelPage({ loaderData }: Route.ComponentProps) {
  const { panel, thisMonth } = loaderData;
  const { total, catalogo, filtro, periodo } = panel;
  const year = thisMonth.slice(0, 4);
  const periods = [
    { label: `Últimos ${PANEL_DEFAULT_MONTHS} meses`, de: monthsBefore(thisMonth, PANEL_DEFAULT_MONTHS - 1), ate: thisMonth },
    { label: `Este ano (${year})`, de: `${year}-01`, ate: thisMonth },
    { label: `Ano passado (${Number(year) - 1})`, de: `${Number(year) - 1}-01`, ate: `${Number(year) - 1}-12` },
    { label: `Últimos ${PANEL_MAX_MONTHS / 12} anos`, de: monthsBefore(thisMonth, PANEL_MAX_MONTHS - 1), ate: thisMonth },
  ];
  const scope = filtro.servico?.titulo ?? filtro.orgao?.nome ?? 'Governo do Piauí';
  const share = (part: number, whole: number) => (whole ? percent(part / whole) : '—');
  return (
    <PageFrame
      title="Painel dos serviços"
      homeHref={catalogPath('/')}
      intro={
        <p>
          Como os serviços do Estado atendem o cidadão, contado a partir do que o próprio portal registra: solicitações, prazos, tempo de resposta, satisfação,
          sugestões do Simplifique! e agendamentos, mês a mês (Lei nº 14.129/2021, art. 20). Tudo aqui se baixa em CSV e JSON.
          {panel.atualizadoEm ? ` Atualizado em ${formatDateTime(panel.atualizadoEm)}.` : ''}
        </p>
      }
    >
      <nav className={styles.filters} aria-label="O que o painel mostra">
        <div>
          <h2 className={styles.filterTitle}>Mostrando</h2>
          <ol className={styles.scope}>
            <li>{filtro.orgao || filtro.servico ? <Link to={href(panelQuery(panel, { orgao: null, servico: null }))}>Governo do Piauí</Link> : <span aria-current="page">Governo do Piauí</span>}</li>
            {filtro.orgao ? <li>{filtro.servico ? <Link to={href(panelQuery(panel, { servico: null }))}>{filtro.orgao.nome}</Link> : <span aria-current="page">{filtro.orgao.nome}</span>}</li> : null}
            {filtro.servico ? (
              <li>
                <span aria-current="page">{filtro.servico.titulo}</span>
              </li>
            ) : null}
          </ol>
        </div>
        <div>
          <h2 className={styles.filterTitle}>Período: de {longMonth(periodo.de)} a {longMonth(periodo.ate)}</h2>
          <ul className={styles.periods}>
            {periods.map((p) => (
              <li key={p.label}>
                {p.de === periodo.de && p.ate === periodo.ate ? <span aria-current="true">{p.label}</span> : <Link to={href(panelQuery(panel, { de: p.de, ate: p.ate }))}>{p.label}</Link>}
              </li>
            ))}
          </ul>
        </div>
      </nav>

      <PageSection id="em-numeros" title={`Em números: ${scope}`}>
        <dl className={styles.figures}>
          <Figure label="Solicitações recebidas" value={count(total.recebidas)} definition={PANEL_DEFINITIONS.recebidas} />
          <Figure label="Respondidas" value={`${count(total.respondidas)} (${count(total.concluidas)} concluídas, ${count(total.indeferidas)} indeferidas)`} definition={PANEL_DEFINITIONS.respondidas} />
          <Figure label="Em andamento" value={count(total.emAndamento)} definition={PANEL_DEFINITIONS.emAndamento} />
          <Figure label="Respondidas no prazo" value={percent(total.noPrazo)} definition={PANEL_DEFINITIONS.noPrazo} />
          <Figure label="Tempo até a resposta" value={`${days(total.medianaDias)} (nove em dez: ${days(total.p90Dias)})`} definition={PANEL_DEFINITIONS.medianaDias} />
          <Figure label="Satisfação de quem usou" value={stars(total.avaliacoesVerificadas)} definition={PANEL_DEFINITIONS.avaliacoesVerificadas} />
          <Figure label="Notas anônimas" value={stars(total.avaliacoesAnonimas)} definition="Notas dadas na página do serviço, por qualquer pessoa, sem provar que usou o serviço." />
          <Figure label="Sugestões do Simplifique!" value={`${count(total.simplifiqueRecebidas)} recebidas, ${count(total.simplifiqueResolvidas)} concluídas`} definition={PANEL_DEFINITIONS.simplifique} />
          <Figure label="Agendamentos" value={`${count(total.agendados)} agendados; faltas: ${percent(total.taxaFaltas)}`} definition={PANEL_DEFINITIONS.agendamentos} />
        </dl>
      </PageSection>

      <PageSection id="catalogo" title="Os serviços do catálogo, hoje">
        <dl className={styles.figures}>
          <Figure label="Serviços disponíveis" value={count(catalogo.servicosDisponiveis)} definition={PANEL_DEFINITIONS.servicosDisponiveis} />
          <Figure label="Serviços digitais" value={`${count(catalogo.servicosDigitais)} (${share(catalogo.servicosDigitais, catalogo.servicosDisponiveis)})`} definition={PANEL_DEFINITIONS.servicosDigitais} />
          <Figure label="Pedidos aqui no portal" value={`${count(catalogo.servicosSolicitaveis)} (${share(catalogo.servicosSolicitaveis, catalogo.servicosDisponiveis)})`} definition={PANEL_DEFINITIONS.servicosSolicitaveis} />
          <Figure label="Com agendamento no portal" value={count(catalogo.servicosAgendaveis)} definition="Serviços com atendimento presencial agendado aqui no portal." />
          {catalogo.cidadaosCadastrados !== null ? <Figure label="Cidadãos cadastrados" value={count(catalogo.cidadaosCadastrados)} definition={PANEL_DEFINITIONS.cidadaosCadastrados} /> : null}
        </dl>
      </PageSection>

      <Chart
        name="solicitacoes"
        panel={panel}
        title="Solicitações por mês"
        columns={[
          ['Recebidas', (m) => count(m.recebidas)],
          ['Respondidas', (m) => count(m.respondidas)],
          ['Indeferidas', (m) => count(m.indeferidas)],
          ['Canceladas', (m) => count(m.canceladas)],
          ['Em andamento ao fim do mês', (m) => count(m.emAndamento)],
        ]}
      />
      <Chart name="prazos" panel={panel} title="Respondidas no prazo" columns={[['No prazo', (m) => percent(m.noPrazo)]]} />
      <Chart
        name="tempo"
        panel={panel}
        title="Tempo até a resposta"
        columns={[
          ['Mediana', (m) => days(m.medianaDias)],
          ['Percentil 90', (m) => days(m.p90Dias)],
        ]}
      />
      <Chart
        name="agendamentos"
        panel={panel}
        title="Agendamentos"
        columns={[
          ['Agendados', (m) => count(m.agendados)],
          ['Compareceram', (m) => count(m.compareceram)],
          ['Faltaram', (m) => count(m.faltaram)],
          ['Taxa de faltas', (m) => percent(m.taxaFaltas)],
        ]}
      />

      <PageSection id="satisfacao" title="Satisfação e sugestões, mês a mês">
        <MonthTable
          id="tabela-satisfacao"
          caption="Notas de quem usou o serviço, notas anônimas e sugestões do Simplifique!"
          months={panel.meses}
          columns={[
            ['Quem usou', (m) => stars(m.avaliacoesVerificadas)],
            ['Anônimas', (m) => stars(m.avaliacoesAnonimas)],
            ['Simplifique! recebidas', (m) => count(m.simplifiqueRecebidas)],
            ['Simplifique! concluídas', (m) => count(m.simplifiqueResolvidas)],
          ]}
        />
      </PageSection>

      <PageSection id="indeferimentos" title="Por que se indefere">
        {panel.motivos.length ? (
          <ul className={pages.linkList}>
            {panel.motivos.map((r) => (
              <li key={r.motivo}>
                {r.descricao}: {count(r.n)} ({percent(total.indeferidas ? r.n / total.indeferidas : null)} das indeferidas)
              </li>
            ))}
          </ul>
        ) : (
          <p>Nenhuma solicitação indeferida no período.</p>
        )}
      </PageSection>

      {panel.proximosHorarios.length ? (
        <PageSection id="proximos-horarios" title="Próximo horário livre para agendar">
          <ul className={pages.linkList}>
            {panel.proximosHorarios.map((h) => (
              <li key={h.servico}>
                {h.titulo}: {formatIsoDay(h.dia)} ({h.dias === 0 ? 'hoje' : h.dias === 1 ? 'amanhã' : `daqui a ${h.dias} dias`})
              </li>
            ))}
          </ul>
        </PageSection>
      ) : null}

      {panel.partes.length ? (
        <PageSection id="detalhar" title={filtro.orgao ? 'Por serviço do órgão' : 'Por órgão'}>
          <div className={pages.tableWrap} tabIndex={0} role="region" aria-labelledby="tabela-partes">
            <table className={pages.table}>
              <caption id="tabela-partes">No período; escolha um para ver o painel dele</caption>
              <thead>
                <tr>
                  <th scope="col">{filtro.orgao ? 'Serviço' : 'Órgão'}</th>
                  <th scope="col">Recebidas</th>
                  <th scope="col">Respondidas</th>
                  <th scope="col">No prazo</th>
                  <th scope="col">Mediana</th>
                  <th scope="col">Quem usou</th>
                </tr>
              </thead>
              <tbody>
                {panel.partes.map((p) => (
                  <tr key={p.slug}>
                    <th scope="row">
                      <Link to={href(filtro.orgao ? panelQuery(panel, { servico: p.slug }) : panelQuery(panel, { orgao: p.slug }))}>{p.nome}</Link>
                    </th>
                    <td>{count(p.recebidas)}</td>
                    <td>{count(p.respondidas)}</td>
                    <td>{percent(p.noPrazo)}</td>
                    <td>{days(p.medianaDias)}</td>
                    <td>{stars(p.avaliacoesVerificadas)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </PageSection>
      ) : null}

      <PageSection id="baixar" title="Baixar os dados">
        <ul className={pages.linkList}>
          <li>
            <a href={`/v1/painel/arquivo.csv?${panelQuery(panel)}`} download>
              Este painel mês a mês, em CSV
            </a>{' '}
            (planilha: separador ponto e vírgula, vírgula decimal)
          </li>
          <li>
            <a href={`/v1/painel?${panelQuery(panel)}`}>Este painel em JSON</a> (a documentação da API está em <a href="/docs">/docs</a>)
          </li>
          <li>
            <Link to={catalogPath('/dados')}>Todos os dados abertos do Governo do Piauí</Link>
          </li>
        </ul>
      </PageSection>
    </PageFrame>
  );
}
