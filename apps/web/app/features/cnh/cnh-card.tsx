import { CircleAlert, IdCard, TriangleAlert } from 'lucide-react';
import { CNH_STATUS_LABEL, cnhRestrictions, cnhStatus, isoToBr, type CnhClaims } from './cnh-status.ts';
import styles from './cnh.module.css';

export const CNH_PAGE = '/app/app-minha-cnh';

/** Whether the claims carry a licence at all. */
export const hasCnh = (cnh: CnhClaims | null | undefined): cnh is CnhClaims => !!cnh?.dataValidadeCNH;

/**
 * 'Minha CNH' (spec §2): validity (dd/mm/yyyy), issue date, category, registration, the status
 * ('vencida', 'próxima do vencimento') and the restriction when a block flag is set. `now` comes from the
 * loader so the server and the browser agree.
 */
export function CnhCard({ cnh, now, headingLevel = 2, link = true }: { cnh: CnhClaims; now: number; headingLevel?: 2 | 3; link?: boolean }) {
  const Heading = `h${headingLevel}` as const;
  const status = cnhStatus(cnh.dataValidadeCNH, new Date(now));
  const restrictions = cnhRestrictions(cnh);
  return (
    <section className={styles.card} aria-labelledby="minha-cnh" data-testid="cnh-card">
      <Heading id="minha-cnh" className={styles.title}>
        <IdCard size={22} aria-hidden="true" /> Minha CNH
      </Heading>
      {status && status !== 'valida' ? (
        <p className={styles.status} data-status={status} data-testid="cnh-status">
          {status === 'vencida' ? <CircleAlert size={18} aria-hidden="true" /> : <TriangleAlert size={18} aria-hidden="true" />}
          CNH {CNH_STATUS_LABEL[status]}
        </p>
      ) : status === 'valida' ? (
        <p className={styles.status} data-status="valida" data-testid="cnh-status">
          CNH {CNH_STATUS_LABEL.valida}
        </p>
      ) : null}
      <dl className={styles.fields}>
        <div>
          <dt>Validade</dt>
          <dd data-testid="cnh-validade">{cnh.dataValidadeCNH}</dd>
        </div>
        <div>
          <dt>Emissão</dt>
          <dd>{isoToBr(cnh.dataEmissao) || 'Não informada'}</dd>
        </div>
        <div>
          <dt>Categoria</dt>
          <dd>{cnh.categoriaCNH || 'Não informada'}</dd>
        </div>
        <div>
          <dt>Registro</dt>
          <dd>{cnh.numeroRegistro || cnh.registro || 'Não informado'}</dd>
        </div>
      </dl>
      {restrictions.length ? (
        <div className={styles.restriction} data-testid="cnh-restriction">
          <strong>Restrição:</strong>
          <ul>
            {restrictions.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {link ? (
        <a href={CNH_PAGE} className={styles.more}>
          Ver detalhes da CNH
        </a>
      ) : null}
    </section>
  );
}
