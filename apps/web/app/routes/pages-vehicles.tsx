import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { loadProfile } from '../features/identity/header.server.ts';
import { PageFrame, PageSection, personalMeta } from '../features/pages/page-frame.tsx';
import styles from '../features/pages/pages.module.css';
import { vehicleRows, VehicleTable } from '../features/vehicles/vehicle-table.tsx';
import { requireCitizen } from '../lib/citizen.ts';
import { catalogPath } from '../lib/paths.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCitizen(context, request);
  const profile = await loadProfile(context);
  return { vehicles: vehicleRows(profile), failed: !profile };
}

export const meta: MetaFunction = () => personalMeta('Meus veículos');

/** 'Meus veículos' (the app's vehicle card opens it in a WebView, issue 14): fines and what is pending per vehicle. */
export default function MyVehicles() {
  const { vehicles, failed } = useLoaderData<typeof loader>();
  return (
    <PageFrame title="Meus veículos" homeHref={catalogPath('/')} intro={<p>Os veículos registrados em seu nome no DETRAN-PI, com multas e pendências.</p>}>
      {failed ? <p className={styles.note}>Não foi possível carregar os seus veículos agora. Tente novamente em alguns minutos.</p> : <VehicleTable vehicles={vehicles} />}
      <PageSection id="servicos-veiculos" title="Serviços do seu veículo">
        <ul className={styles.linkList}>
          <li>
            <a href={catalogPath('/impostos-e-tributos/emissao-do-dae-do-ipva')}>IPVA – emissão do DAE</a>
          </li>
          <li>
            <a href={catalogPath('/transito-e-veiculos/licenciamento-anual-de-veiculo')}>Licenciamento anual</a>
          </li>
          <li>
            <a href={catalogPath('/transito-e-veiculos/consulta-e-recurso-de-multas-de-transito')}>Consulta e recurso de multas</a>
          </li>
          <li>
            <a href={catalogPath('/transito-e-veiculos/segunda-via-do-crv-e-crlv')}>Segunda via do CRV e CRLV</a>
          </li>
        </ul>
      </PageSection>
    </PageFrame>
  );
}
