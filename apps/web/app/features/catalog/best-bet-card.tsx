import type { BestBet } from '@portal/contracts';
import { ExternalLink } from 'lucide-react';
import styles from './catalog-list.module.css';

/**
 * A best bet (issue 25): what was searched for is provided by another government or a company, and where. Its link
 * says when it leaves the portal, in words and not only by the icon.
 */
export function BestBetCard({ bet }: { bet: BestBet }) {
  const headingId = `resposta-direta-${bet.id}`;
  return (
    <section className={styles.bestBet} aria-labelledby={headingId} data-testid="best-bet">
      <h3 id={headingId}>{bet.title}</h3>
      <p className={styles.bestBetProvider}>
        Quem oferece: <strong>{bet.provider}</strong>
      </p>
      <p>{bet.description}</p>
      {bet.external ? (
        <a href={bet.url} rel="noopener noreferrer external">
          Ir para o site: {bet.provider}
          <ExternalLink size={16} aria-hidden="true" />
          <span className={styles.leaving}> (sai do Portal de Serviços do Piauí)</span>
        </a>
      ) : (
        <a href={bet.url}>Ver: {bet.title}</a>
      )}
    </section>
  );
}
