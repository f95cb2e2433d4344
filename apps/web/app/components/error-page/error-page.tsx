import { Link, useLocation } from 'react-router';
import { catalogPath } from '../../lib/paths.ts';
import { SearchForm } from '../search-form/search-form.tsx';
import styles from './error-page.module.css';

/** A page that is not here: what to do next, never a dead end. */
export function NotFoundContent({ message }: { message?: string }) {
  return (
    <div className={`container ${styles.page}`}>
      <p className={styles.code}>Erro 404</p>
      <h1>Página não encontrada</h1>
      <p>{message ?? 'O endereço que você acessou não existe ou mudou de lugar.'}</p>
      <p>Busque o serviço que você procura:</p>
      <div className={styles.search}>
        <SearchForm label="Buscar serviço" hideLabel size="large" />
      </div>
      <ul className={styles.links}>
        <li><Link to={catalogPath('/')}>Página inicial do portal</Link></li>
        <li><Link to={catalogPath('/list')}>Todos os serviços</Link></li>
        <li><Link to={catalogPath('/orgao')}>Órgãos do governo</Link></li>
      </ul>
    </div>
  );
}

/** The API (or the page itself) failed: say so in Portuguese and offer a way on. */
export function FailureContent({ status, message }: { status?: number; message?: string }) {
  const location = useLocation();
  return (
    <div className={`container ${styles.page}`}>
      <p className={styles.code}>{status ? `Erro ${status}` : 'Erro'}</p>
      <h1>{status === 403 ? 'Acesso não permitido' : 'Não foi possível carregar esta página'}</h1>
      <p>{message ?? 'Ocorreu um erro ao buscar as informações. Tente novamente em instantes.'}</p>
      <p>
        Se o problema continuar, fale com a ouvidoria ou volte mais tarde. Seus dados não foram perdidos.
      </p>
      <ul className={styles.links}>
        {/* A full reload of the same address: the page is asked for again, with or without JavaScript. */}
        <li><Link to={`${location.pathname}${location.search}`} reloadDocument>Tentar novamente</Link></li>
        <li><Link to={catalogPath('/')}>Página inicial do portal</Link></li>
      </ul>
    </div>
  );
}
