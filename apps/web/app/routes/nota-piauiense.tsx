import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { cleanBalance, MINIMUM_WITHDRAWAL } from '../features/nota-piauiense/balance.ts';
import { loadNotaPiauiense } from '../features/nota-piauiense/nota-piauiense.server.ts';
import { PageFrame, PageSection, personalMeta } from '../features/pages/page-frame.tsx';
import nota from '../features/nota-piauiense/nota-piauiense.module.css';
import styles from '../features/pages/pages.module.css';
import { requireCitizen } from '../lib/citizen.ts';
import { formatBrl, formatIsoDay } from '../lib/format.ts';
import { catalogPath } from '../lib/paths.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCitizen(context, request);
  const account = await loadNotaPiauiense(context);
  return {
    failed: !account,
    released: cleanBalance(account?.saldoNotaPovo?.saldoLiberado),
    pending: cleanBalance(account?.saldoNotaPovo?.saldoPendente),
    receipts: (account?.notas ?? []).map((n) => ({
      id: n.id,
      date: formatIsoDay(n.dataEmissao),
      issuer: n.emitente,
      cnpj: n.cnpjEmitente,
      amount: cleanBalance(n.valorNota),
      credit: cleanBalance(n.valorCredito),
      status: n.situacao,
    })),
  };
}

export const meta: MetaFunction = () => personalMeta('Nota Piauiense');

export default function NotaPiauiense() {
  const { failed, released, pending, receipts } = useLoaderData<typeof loader>();
  return (
    <PageFrame title="Nota Piauiense" homeHref={catalogPath('/')} intro={<p>Créditos das notas fiscais emitidas com o seu CPF no programa Nota Piauiense, da Secretaria da Fazenda (SEFAZ-PI).</p>}>
      {failed ? <p className={styles.note}>Não foi possível consultar o seu saldo agora. Tente novamente em alguns minutos.</p> : null}
      <dl className={nota.summary}>
        <div>
          <dt>Saldo disponível</dt>
          <dd data-testid="saldo-disponivel">
            <strong>{formatBrl(released)}</strong>
          </dd>
        </div>
        <div>
          <dt>Saldo pendente</dt>
          <dd>{formatBrl(pending)}</dd>
        </div>
        <div>
          <dt>Valor mínimo para saque</dt>
          <dd>{formatBrl(MINIMUM_WITHDRAWAL)}</dd>
        </div>
      </dl>
      <PageSection id="resgatar" title="Resgatar saldo">
        {released >= MINIMUM_WITHDRAWAL ? (
          <p>
            Você pode resgatar {formatBrl(released)}. O resgate é feito pela SEFAZ-PI: veja como no serviço{' '}
            <a href={catalogPath('/impostos-e-tributos/nota-piauiense-sorteios-e-resgate-de-creditos')}>Nota Piauiense: sorteios e resgate de créditos</a>.
          </p>
        ) : released > 0 ? (
          <p>Seu saldo ainda não alcança o valor mínimo para saque ({formatBrl(MINIMUM_WITHDRAWAL)}). Continue pedindo a nota fiscal com CPF.</p>
        ) : (
          <p>Você ainda não tem saldo para resgatar. Peça a nota fiscal com CPF nas suas compras para acumular créditos.</p>
        )}
      </PageSection>
      <PageSection id="notas" title="Notas com o seu CPF">
        {receipts.length ? (
          <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Notas fiscais com o seu CPF">
            <table className={styles.table}>
              <thead>
                <tr>
                  <th scope="col">Emissão</th>
                  <th scope="col">Estabelecimento</th>
                  <th scope="col">Valor da nota</th>
                  <th scope="col">Crédito</th>
                  <th scope="col">Situação</th>
                </tr>
              </thead>
              <tbody>
                {receipts.map((r) => (
                  <tr key={r.id}>
                    <td>{r.date}</td>
                    <td>
                      {r.issuer}
                      <br />
                      <small>CNPJ {r.cnpj}</small>
                    </td>
                    <td>{formatBrl(r.amount)}</td>
                    <td>{formatBrl(r.credit)}</td>
                    <td>{r.status}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p>Nenhuma nota fiscal com o seu CPF até agora.</p>
        )}
      </PageSection>
    </PageFrame>
  );
}
