import { type LoaderFunctionArgs, type MetaFunction, useLoaderData } from 'react-router';
import { LevelBadge } from '../features/identity/account-menu.tsx';
import { parseFavoriteSlugs } from '@portal/contracts';
import { loadProfile } from '../features/identity/header.server.ts';
import { PageFrame, PageSection, personalMeta } from '../features/pages/page-frame.tsx';
import styles from '../features/pages/pages.module.css';
import { requireCitizen } from '../lib/citizen.ts';
import { catalogPath } from '../lib/paths.ts';

export async function loader({ request, context }: LoaderFunctionArgs) {
  const citizen = await requireCitizen(context, request);
  const profile = await loadProfile(context);
  return {
    name: profile?.name || citizen.name,
    username: citizen.username,
    email: profile?.email || citizen.email,
    level: profile ? profile.accessLevel : citizen.accessLevel,
    favorites: parseFavoriteSlugs(profile?.catalog_favorite).length,
    unread: profile?.unreadNotifications ?? 0,
  };
}

export const meta: MetaFunction = () => personalMeta('Meu perfil');

/** 'Meu perfil': the citizen's panel, with what the portal holds about them and where each thing is. */
export default function Dashboard() {
  const { name, username, email, level, favorites, unread } = useLoaderData<typeof loader>();
  return (
    <PageFrame title="Meu perfil" homeHref={catalogPath('/')} intro={<p>Os seus dados no Acesso Cidadão e os atalhos da sua área no Portal de Serviços.</p>}>
      <div className={styles.cards}>
        <section className={styles.card} aria-labelledby="dados-pessoais">
          <h2 id="dados-pessoais">Dados pessoais</h2>
          <dl className={styles.facts}>
            <dt>Nome</dt>
            <dd>{name}</dd>
            <dt>Usuário</dt>
            <dd>{username}</dd>
            <dt>E-mail</dt>
            <dd>{email || 'Não informado'}</dd>
            <dt>Nível</dt>
            <dd>
              <LevelBadge level={level} />
            </dd>
          </dl>
        </section>
        <section className={styles.card} aria-labelledby="minha-area">
          <h2 id="minha-area">Minha área</h2>
          <ul className={styles.linkList}>
            <li>
              <a href={catalogPath('/')}>Serviços favoritos ({favorites})</a>
            </li>
            <li>
              <a href="/app/app-minha-cnh">Minha CNH</a>
            </li>
            <li>
              <a href="/app/app-nota-piauiense">Nota Piauiense</a>
            </li>
            <li>
              <a href="/app/app-documentos">Documentos</a>
            </li>
            <li>
              <a href="/app/acompanhar-minhas-solicitacoes">Solicitações</a>
            </li>
          </ul>
          <p>{unread ? `Você tem ${unread} ${unread === 1 ? 'notificação não lida' : 'notificações não lidas'}: veja no sino, no topo da página.` : 'Nenhuma notificação não lida.'}</p>
        </section>
      </div>
      <PageSection id="alterar-dados" title="Alterar os seus dados">
        <p>
          Nome, e-mail, senha e nível de acesso pertencem à sua conta do Acesso Cidadão; este portal apenas os lê. Para corrigir um dado, procure o atendimento do
          Acesso Cidadão. Seus direitos sobre os dados pessoais estão na <a href="/app/politicas-de-privacidade-termo-de-uso">Política de Privacidade</a>.
        </p>
      </PageSection>
    </PageFrame>
  );
}
