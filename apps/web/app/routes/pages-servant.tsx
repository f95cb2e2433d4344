import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { ACCESS_LEVEL_LABEL } from '../features/identity/access-level.ts';
import { PageFrame, PageSection, personalMeta } from '../features/pages/page-frame.tsx';
import styles from '../features/pages/pages.module.css';
import { loadPayslips } from '../features/payslips/payslips.server.ts';
import { PayslipsWidget } from '../features/payslips/payslips-widget.tsx';
import { requireCitizen } from '../lib/citizen.ts';
import { catalogPath } from '../lib/paths.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const citizen = await requireCitizen(context, request);
  return { name: citizen.name, username: citizen.username, level: citizen.accessLevel, payslips: await loadPayslips(context) };
}

export const meta: MetaFunction = () => personalMeta('Perfil do servidor');

/** 'Perfil do servidor' (opened by the app in a WebView, issue 14): who is logged in and their latest pay slips. */
export default function ServantProfile() {
  const { name, username, level, payslips } = useLoaderData<typeof loader>();
  return (
    <PageFrame title="Perfil do servidor" homeHref={catalogPath('/')} intro={<p>Seus dados no Acesso Cidadão e seus contracheques como servidor do Estado do Piauí.</p>}>
      <dl className={styles.facts}>
        <dt>Nome</dt>
        <dd>{name}</dd>
        <dt>Usuário</dt>
        <dd>{username}</dd>
        <dt>Nível de acesso</dt>
        <dd>{level ? ACCESS_LEVEL_LABEL[level] : 'Sem nível atribuído'}</dd>
      </dl>
      <PayslipsWidget payslips={payslips} />
      <PageSection id="servicos-servidor" title="Serviços para o servidor">
        <ul className={styles.linkList}>
          <li>
            <a href={catalogPath('/gestao-publica/contracheque-do-servidor')}>Contracheque do servidor</a>
          </li>
          <li>
            <a href={catalogPath('/gestao-publica/recadastramento-de-servidores')}>Recadastramento de servidores</a>
          </li>
        </ul>
      </PageSection>
    </PageFrame>
  );
}
