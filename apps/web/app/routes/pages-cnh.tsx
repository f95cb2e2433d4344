import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { loadProfile } from '../features/identity/header.server.ts';
import { CnhCard, hasCnh } from '../features/cnh/cnh-card.tsx';
import { PageFrame, PageSection, personalMeta } from '../features/pages/page-frame.tsx';
import styles from '../features/pages/pages.module.css';
import { requireCitizen } from '../lib/citizen.ts';
import { catalogPath } from '../lib/paths.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCitizen(context, request);
  const profile = await loadProfile(context);
  const vehicles = (profile?.veiculos ?? []).map((v) => ({
    placa: String(v.placa ?? ''),
    modelo: String(v.modelo ?? ''),
    ano: [v.anoFabricacao, v.anoModelo].filter((x) => x != null).join('/'),
  }));
  return {
    cnh: profile && hasCnh(profile) ? profile : null,
    vehicles,
    failed: !profile,
    now: Date.now(),
  };
}

export const meta: MetaFunction = () => personalMeta('Minha CNH');

export default function MinhaCnh() {
  const { cnh, vehicles, failed, now } = useLoaderData<typeof loader>();
  return (
    <PageFrame title="Minha CNH" homeHref={catalogPath('/')} intro={<p>Os dados da sua Carteira Nacional de Habilitação, como constam no Acesso Cidadão.</p>}>
      {cnh ? (
        <div className={styles.cards}>
          <CnhCard cnh={cnh} now={now} link={false} />
        </div>
      ) : (
        <p className={styles.note}>{failed ? 'Não foi possível carregar os dados da sua CNH agora. Tente novamente em alguns minutos.' : 'Não há CNH registrada para você no Acesso Cidadão.'}</p>
      )}
      <PageSection id="veiculos" title="Meus veículos">
        {vehicles.length ? (
          <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Veículos">
            <table className={styles.table}>
              <caption className="visually-hidden">Veículos registrados em seu nome</caption>
              <thead>
                <tr>
                  <th scope="col">Placa</th>
                  <th scope="col">Modelo</th>
                  <th scope="col">Ano (fabricação/modelo)</th>
                </tr>
              </thead>
              <tbody>
                {vehicles.map((v) => (
                  <tr key={v.placa}>
                    <td>{v.placa}</td>
                    <td>{v.modelo}</td>
                    <td>{v.ano}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ) : (
          <p>Nenhum veículo registrado em seu nome.</p>
        )}
      </PageSection>
      <PageSection id="servicos-cnh" title="Serviços da CNH">
        <ul className={styles.linkList}>
          <li>
            <a href={catalogPath('/transito-e-veiculos/renovacao-da-cnh')}>Renovação da CNH</a>
          </li>
          <li>
            <a href={catalogPath('/search/cnh')}>Todos os serviços sobre CNH</a>
          </li>
        </ul>
      </PageSection>
    </PageFrame>
  );
}
