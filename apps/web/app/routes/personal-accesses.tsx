import type { DataAccessList } from '@portal/contracts';
import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { PageFrame, personalMeta } from '../features/pages/page-frame.tsx';
import styles from '../features/pages/pages.module.css';
import { requestPath } from '../features/requests/paths.ts';
import { call, required } from '../lib/api.server.ts';
import { requireCitizen } from '../lib/citizen.ts';
import { formatDateTime } from '../lib/format.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireCitizen(context, request);
  const { accesses } = await required(context, call<DataAccessList>(context, { url: '/v1/meus-dados/acessos', auth: 'citizen' }));
  return { accesses: accesses.map((a) => ({ ...a, at: formatDateTime(a.at) })) };
}

export const meta: MetaFunction = () => personalMeta('Quem acessou meus dados');

/**
 * 'Quem acessou meus dados' (issue 28, after Estonia's Data Tracker): every time someone of a department opened
 * one of the citizen's requests or files, who, from which department, when, and in which request. Nobody can
 * change or delete these records.
 */
export default function PersonalAccesses() {
  const { accesses } = useLoaderData<typeof loader>();
  return (
    <PageFrame
      title="Quem acessou meus dados"
      homeHref="/"
      intro={
        <p>
          Cada vez que alguém de um órgão do Governo do Piauí abre uma solicitação sua ou um arquivo que você enviou, isso fica registrado aqui: quem, de qual órgão, quando e
          em qual solicitação. Ninguém pode alterar nem apagar estes registros. Se algo não parecer certo, fale com a Ouvidoria.
        </p>
      }
    >
      {accesses.length ? (
        <ol className={styles.accesses} data-testid="accesses">
          {accesses.map((a, n) => (
            <li key={n} data-testid="access">
              <strong>{a.who}</strong>, do {a.department}: {a.what.charAt(0).toLowerCase() + a.what.slice(1)}
              {a.request ? (
                <>
                  {' '}
                  <a href={requestPath(a.request.id)}>
                    {a.request.protocol} ({a.request.service})
                  </a>
                </>
              ) : null}
              <br />
              <span>{a.at}</span>
            </li>
          ))}
        </ol>
      ) : (
        <p>Ninguém dos órgãos abriu os seus dados pelo portal até agora.</p>
      )}
    </PageFrame>
  );
}
