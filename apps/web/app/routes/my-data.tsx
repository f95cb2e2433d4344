import { ERASABLE, formatFileSize, MY_DATA_KINDS, NOTICE_KIND_KEYS, NOTICE_KINDS, type Erasable, type MyDataKey, type DataExportState, type MyDataSummary, type NoticeContact, type NoticePreferences } from '@portal/contracts';
import { Form, redirect, useActionData, useLoaderData, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { PageFrame, PageSection, personalMeta } from '../features/pages/page-frame.tsx';
import pages from '../features/pages/pages.module.css';
import { ActionMessage } from '../features/requests/action-message.tsx';
import styles from '../features/requests/requests.module.css';
import { call, required } from '../lib/api.server.ts';
import { requireCitizen } from '../lib/citizen.ts';
import { formValues, readForm } from '../lib/form.server.ts';
import { formatDate, formatDateTime, formatIsoDay } from '../lib/format.ts';
import { refusal } from '../features/requests/requests.server.ts';

export const MY_DATA_PATH = '/app/minha-area/meus-dados';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCitizen(context, request);
  const [summary, notices, zip, contact] = await Promise.all([
    required(context, call<MyDataSummary>(context, { url: '/v1/meus-dados', auth: 'citizen' })),
    required(context, call<NoticePreferences>(context, { url: '/v1/meus-dados/avisos', auth: 'citizen' })),
    required(context, call<DataExportState>(context, { url: '/v1/meus-dados/exportacao/zip/situacao', auth: 'citizen' })),
    required(context, call<NoticeContact>(context, { url: '/v1/meus-dados/contato', auth: 'citizen' })),
  ]);
  return { kinds: summary.kinds, notices: notices.avisos, zip: zip.exportacao, contact };
}

const isErasable = (value: string): value is Erasable => (ERASABLE as readonly string[]).includes(value);

/** What was erased, in words. */
const ERASED: Record<Erasable, string> = {
  favoritos: 'Favoritos apagados',
  historico: 'Histórico apagado',
  rascunhos: 'Rascunhos apagados',
  notificacoes: 'Mensagens apagadas',
  telefones: 'Celulares desligados e apagados',
  contato: 'Contatos e escolhas de aviso apagados',
};

/** Erasing is asked once more before it is done (it cannot be undone); 'sair de todos' logs this browser out too. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireCitizen(context, request);
  const values = formValues(await readForm(request));
  const { acao, tipo } = values;
  if (acao === 'avisos') {
    // A checkbox left off is not sent: each kind's two channels are read from what was ticked.
    const avisos = NOTICE_KIND_KEYS.map((kind) => ({ tipo: kind, email: values[`email-${kind}`] === 'sim', push: values[`push-${kind}`] === 'sim' }));
    await call(context, { method: 'PUT', url: '/v1/meus-dados/avisos', body: { avisos }, auth: 'citizen' });
    return { confirm: null, message: 'Suas escolhas de aviso foram salvas.', done: true };
  }
  if (acao === 'contato' || acao === 'confirmar-email') {
    try {
      if (acao === 'contato') {
        const answer = await call<NoticeContact>(context, { method: 'PUT', url: '/v1/meus-dados/contato', body: { email: values.email ?? '', telefone: values.telefone ?? '' }, auth: 'citizen' });
        return { confirm: null, message: answer.pendente ? `Enviamos um código de 6 números para ${answer.pendente}: escreva-o abaixo para confirmar.` : 'Seus contatos foram salvos.', done: true };
      }
      await call(context, { method: 'POST', url: '/v1/meus-dados/contato/confirmar', body: { codigo: values.codigo ?? '' }, auth: 'citizen' });
      return { confirm: null, message: 'E-mail confirmado: os avisos vão para ele a partir de agora.', done: true };
    } catch (err) {
      return { confirm: null, message: refusal(err).message, done: false };
    }
  }
  if (acao === 'preparar-zip') {
    await call(context, { method: 'POST', url: '/v1/meus-dados/exportacao/zip', auth: 'citizen' });
    return { confirm: null, message: 'Estamos preparando o arquivo com os seus dados e arquivos. Avisaremos nas suas mensagens quando ficar pronto.', done: true };
  }
  if (acao === 'encerrar-sessoes') {
    await call(context, { method: 'POST', url: '/v1/meus-dados/sessoes/encerrar', auth: 'citizen' });
    return redirect('/?sessoes-encerradas=1');
  }
  const kind = typeof tipo === 'string' && isErasable(tipo) ? tipo : null;
  if (!kind) return { confirm: null, message: 'Escolha o que apagar.', done: false };
  if (acao === 'apagar') return { confirm: kind, message: '', done: false };
  if (acao !== 'apagar-confirmado') return { confirm: null, message: 'Ação desconhecida.', done: false };
  try {
    const answer = await call<{ apagados: number }>(context, { method: 'POST', url: '/v1/meus-dados/apagar', body: { tipo: kind }, auth: 'citizen' });
    return { confirm: null, message: `${ERASED[kind]}: ${answer.apagados} ${answer.apagados === 1 ? 'registro' : 'registros'}.`, done: true };
  } catch (err) {
    return { confirm: null, message: refusal(err).message, done: false };
  }
}

export const meta: MetaFunction = () => personalMeta('Meus dados');

/**
 * 'Meus dados' (issue 30, LGPD art. 18): each kind of record the portal holds about the citizen, with what it is for,
 * its legal basis and how long it is kept; the whole of it to download; erasing what the law lets be erased; ending
 * every session; who of the departments opened it.
 */
export default function MyData() {
  const { kinds, notices, zip, contact } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  return (
    <PageFrame
      title="Meus dados"
      homeHref="/"
      intro={
        <p>
          Tudo o que o Portal de Serviços guarda sobre você, para que serve, com que base na lei e por quanto tempo (Lei Geral de Proteção de Dados, art. 18). Você
          pode baixar tudo, apagar o que a lei permite e sair de todos os dispositivos.
        </p>
      }
    >
      <ActionMessage result={result} />
      <PageSection id="baixar" title="Levar meus dados">
        <p>Um arquivo JSON com todos os registros abaixo, para guardar ou levar a outro serviço.</p>
        <p>
          <a className={pages.button} href={`${MY_DATA_PATH}/arquivo.json`} download>
            Baixar todos os meus dados (JSON)
          </a>
        </p>
        <p>Com os arquivos que você enviou nas solicitações, num arquivo ZIP: ele é preparado aos poucos e fica disponível por alguns dias.</p>
        {zip?.estado === 'pronto' ? (
          <p>
            <a className={pages.button} href={`${MY_DATA_PATH}/arquivo.zip`} download>
              Baixar o arquivo ZIP ({formatFileSize(zip.bytes ?? 0)})
            </a>{' '}
            disponível até {zip.disponivelAte ? formatDate(zip.disponivelAte) : ''}.
          </p>
        ) : null}
        {zip?.estado === 'preparando' ? (
          <p role="status">Preparando o arquivo ZIP, pedido em {formatDateTime(zip.pedidoEm)}. Avisaremos nas suas mensagens quando ficar pronto.</p>
        ) : (
          <Form method="post">
            <button type="submit" name="acao" value="preparar-zip" className={pages.button}>
              {zip?.estado === 'pronto' ? 'Preparar outro arquivo ZIP' : 'Preparar arquivo ZIP com os meus arquivos'}
            </button>
          </Form>
        )}
        <p>
          <a href="/app/minha-area/quem-acessou">Quem dos órgãos acessou meus dados</a>
        </p>
      </PageSection>
      <PageSection id="contato" title="Meus contatos para avisos">
        <p>
          Os avisos vão para <strong>{contact.email || 'nenhum e-mail'}</strong>
          {contact.origem === 'portal' ? ', o e-mail que você confirmou aqui.' : ', o e-mail do Acesso Cidadão.'} Um e-mail novo só passa a valer depois que você
          escrever o código que enviamos para ele.
        </p>
        <Form method="post" className={styles.panel}>
          <label className={pages.label} htmlFor="contato-email">
            E-mail para os avisos (deixe em branco para usar o do Acesso Cidadão)
          </label>
          <input id="contato-email" name="email" type="email" autoComplete="email" className={pages.input} defaultValue={contact.origem === 'portal' ? contact.email : ''} />
          <label className={pages.label} htmlFor="contato-telefone">
            Telefone com DDD
          </label>
          <input id="contato-telefone" name="telefone" type="tel" autoComplete="tel" inputMode="tel" className={pages.input} defaultValue={contact.telefone} />
          <p>
            <button type="submit" name="acao" value="contato" className={pages.button}>
              Salvar meus contatos
            </button>
          </p>
        </Form>
        {contact.pendente ? (
          <Form method="post" className={styles.panel}>
            <label className={pages.label} htmlFor="contato-codigo">
              Código enviado para {contact.pendente}
            </label>
            <input id="contato-codigo" name="codigo" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} className={pages.input} />
            <p>
              <button type="submit" name="acao" value="confirmar-email" className={pages.button}>
                Confirmar o e-mail
              </button>
            </p>
          </Form>
        ) : null}
      </PageSection>
      <PageSection id="avisos" title="Como quer ser avisado">
        <p>
          Os avisos ficam sempre nas suas mensagens do portal, que são o registro do atendimento. Por e-mail e no celular (pelo aplicativo), você escolhe: desligar
          retira o seu consentimento para aquele canal.
        </p>
        <Form method="post">
          <div className={pages.tableWrap} tabIndex={0} role="region" aria-labelledby="tabela-avisos">
            <table className={pages.table}>
              <caption id="tabela-avisos">Canais de aviso por tipo</caption>
              <thead>
                <tr>
                  <th scope="col">Aviso</th>
                  <th scope="col">E-mail</th>
                  <th scope="col">Celular</th>
                </tr>
              </thead>
              <tbody>
                {notices.map((n) => (
                  <tr key={n.tipo}>
                    <th scope="row" id={`aviso-${n.tipo}`}>
                      {NOTICE_KINDS[n.tipo]}
                    </th>
                    <td>
                      <input type="checkbox" name={`email-${n.tipo}`} value="sim" defaultChecked={n.email} aria-label={`E-mail: ${NOTICE_KINDS[n.tipo]}`} className={pages.check} />
                    </td>
                    <td>
                      <input type="checkbox" name={`push-${n.tipo}`} value="sim" defaultChecked={n.push} aria-label={`Celular: ${NOTICE_KINDS[n.tipo]}`} className={pages.check} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <p>
            <button type="submit" name="acao" value="avisos" className={pages.button}>
              Salvar minhas escolhas
            </button>
          </p>
        </Form>
      </PageSection>
      {kinds.map((k) => {
        const kind = MY_DATA_KINDS[k.kind as MyDataKey];
        if (!kind) return null;
        const erasable = kind.erase && isErasable(k.kind) ? k.kind : null;
        const erase = kind.erase ?? '';
        return (
          <PageSection key={k.kind} id={`dados-${k.kind}`} title={kind.title}>
            <p>
              <strong>{k.count === 0 ? 'Nenhum registro.' : `${k.count} ${k.count === 1 ? 'registro' : 'registros'}.`}</strong> {kind.what}
            </p>
            {k.examples.length ? (
              <ul className={pages.linkList} data-testid={`exemplos-${k.kind}`}>
                {k.examples.map((e, i) => (
                  <li key={i}>{e}</li>
                ))}
              </ul>
            ) : null}
            <dl className={pages.facts}>
              <dt>Para que</dt>
              <dd>{kind.purpose}</dd>
              <dt>Base legal</dt>
              <dd>{kind.basis}</dd>
              <dt>Por quanto tempo</dt>
              <dd>
                {kind.kept}
                {k.keptUntil ? ` A última guardada até ${formatIsoDay(k.keptUntil)}.` : ''}
              </dd>
            </dl>
            {erasable && k.count > 0 ? (
              result?.confirm === erasable ? (
                <Form method="post" className={styles.panel}>
                  <p role="alert" tabIndex={-1} data-autofocus="">
                    Apagar {kind.title.toLowerCase()}? Isto não se desfaz.
                  </p>
                  <input type="hidden" name="tipo" value={erasable} />
                  <button type="submit" name="acao" value="apagar-confirmado" className={pages.button}>
                    Sim, {erase.charAt(0).toLowerCase() + erase.slice(1)}
                  </button>
                </Form>
              ) : (
                <Form method="post">
                  <input type="hidden" name="tipo" value={erasable} />
                  <button type="submit" name="acao" value="apagar" className={pages.button}>
                    {erase}
                  </button>
                </Form>
              )
            ) : null}
            {k.kind === 'sessoes' ? (
              <Form method="post">
                <button type="submit" name="acao" value="encerrar-sessoes" className={pages.button}>
                  Sair de todos os dispositivos
                </button>
              </Form>
            ) : null}
          </PageSection>
        );
      })}
    </PageFrame>
  );
}
