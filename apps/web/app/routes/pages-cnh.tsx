import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { loadProfile } from '../features/identity/header.server.ts';
import { CnhCard, hasCnh } from '../features/cnh/cnh-card.tsx';
import { PageFrame, PageSection, personalMeta } from '../features/pages/page-frame.tsx';
import styles from '../features/pages/pages.module.css';
import { vehicleRows, VehicleTable } from '../features/vehicles/vehicle-table.tsx';
import { requireCitizen } from '../lib/citizen.ts';
import { catalogPath } from '../lib/paths.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCitizen(context, request);
  const profile = await loadProfile(context);
  return {
    cnh: profile && hasCnh(profile) ? profile : null,
    vehicles: vehicleRows(profile),
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
        <VehicleTable vehicles={vehicles} />
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
