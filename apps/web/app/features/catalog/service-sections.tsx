import type { CatalogItem, ServiceChangeLog } from '@portal/contracts';
import { Link } from 'react-router';
import { formatLongDate } from '../../lib/format.ts';
import { catalogPath } from '../../lib/paths.ts';
import { Icon } from '../../components/icon/icon.tsx';
import styles from './service.module.css';

type Step = CatalogItem['steps'][number];

/** What the service is, and its cost and deadline. */
export function AboutSection({ service }: { service: Pick<CatalogItem, 'description' | 'isFree' | 'cost' | 'estimatedTime' | 'steps'> }) {
  const fees = service.steps.some((step) => step.fees.length);
  return (
    <section className={styles.section} aria-labelledby="o-que-e">
      <h2 id="o-que-e">O que é esse serviço?</h2>
      <div className="rich-text" dangerouslySetInnerHTML={{ __html: service.description }} />
      <dl className={styles.facts}>
        <div>
          <dt>Custo</dt>
          <dd>{service.isFree ? 'Gratuito' : service.cost || (fees ? 'Veja quanto custa cada etapa' : 'Pago')}</dd>
        </div>
        {service.estimatedTime ? (
          <div>
            <dt>Prazo</dt>
            <dd>{service.estimatedTime}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

export function StepsSection({ steps }: { steps: Step[] }) {
  const ordered = steps.slice().sort((a, b) => a.orderIndex - b.orderIndex);
  // Grouped by channel (spec §2), each step keeps its number in the whole sequence (orderIndex), so a
  // step done online after an in-person one reads as such ('Etapa 4 de 4'), and the group that holds the
  // first step comes first.
  const groups = [
    { title: 'Online', steps: ordered.filter((s) => s.channel === 'online') },
    { title: 'Presencial', steps: ordered.filter((s) => s.channel !== 'online') },
  ]
    .filter((g) => g.steps.length)
    .sort((a, b) => a.steps[0]!.orderIndex - b.steps[0]!.orderIndex);
  if (!groups.length) return null;
  const position = new Map(ordered.map((step, i) => [step.id, i + 1]));
  return (
    <section className={styles.section} aria-labelledby="etapas">
      <h2 id="etapas">Etapas para a realização deste serviço</h2>
      {groups.length > 1 ? <p className={styles.stepsNote}>As etapas estão numeradas na ordem em que devem ser feitas.</p> : null}
      {groups.map((group) => (
        <div key={group.title} className={styles.stepGroup}>
          <h3 className={styles.channelTitle}>{group.title}</h3>
          <ol className={styles.steps}>
            {group.steps.map((step) => (
              <li key={step.id} className={styles.step} value={position.get(step.id)}>
                <h4 className={styles.stepName}>
                  <span className={styles.stepNumber}>
                    Etapa {position.get(step.id)} de {ordered.length}
                    <span className="visually-hidden">:</span>
                  </span>{' '}
                  {step.name}
                </h4>
                {step.description ? <p>{step.description}</p> : null}
                {/* Rich text is sanitised by the server when it is written (packages/db sanitize). */}
                {step.htmlContent ? <div className="rich-text" dangerouslySetInnerHTML={{ __html: step.htmlContent }} /> : null}
                {step.fees.length ? (
                  <>
                    <p className={styles.stepDocsTitle}>Quanto custa esta etapa:</p>
                    <ul>
                      {step.fees.map((fee, i) => (
                        <li key={i}>
                          <strong>R$ {fee.amount}</strong>: {fee.pays}
                          {fee.howToPay ? `. Como pagar: ${fee.howToPay}` : ''}
                        </li>
                      ))}
                    </ul>
                  </>
                ) : null}
                {step.documents.length ? (
                  <>
                    <p className={styles.stepDocsTitle}>Documentos desta etapa:</p>
                    <ul>
                      {step.documents.map((d) => (
                        <li key={d}>{d}</li>
                      ))}
                    </ul>
                  </>
                ) : null}
              </li>
            ))}
          </ol>
        </div>
      ))}
    </section>
  );
}

export function DocumentsSection({ steps }: { steps: Step[] }) {
  const documents = [...new Set(steps.flatMap((s) => s.documents))];
  return (
    <section className={styles.section} aria-labelledby="documentos">
      <h2 id="documentos">Documentos necessários</h2>
      {documents.length ? (
        <ul className={styles.documents}>
          {documents.map((d) => (
            <li key={d}>{d}</li>
          ))}
        </ul>
      ) : (
        <p>Não é preciso apresentar documentos.</p>
      )}
    </section>
  );
}

export function InfoSection({ info }: { info: CatalogItem['info'] }) {
  if (!info.length) return null;
  return (
    <section className={styles.section} aria-labelledby="informacoes">
      <h2 id="informacoes">Informações</h2>
      <div className={styles.infoGrid}>
        {info
          .slice()
          .sort((a, b) => a.orderIndex - b.orderIndex)
          .map((item) => (
            <article key={item.id} className={styles.info}>
              <h3>
                <Icon name={item.icon} size={20} /> {item.title}
              </h3>
              <div className="rich-text" dangerouslySetInnerHTML={{ __html: item.text }} />
            </article>
          ))}
      </div>
    </section>
  );
}

/** 'O que mudou': the key facts (cost, deadline, documents, units) each publication changed, newest first. */
export function ChangesSection({ changes }: { changes: ServiceChangeLog['changes'] }) {
  if (!changes.length) return null;
  return (
    <section className={styles.section} aria-labelledby="o-que-mudou">
      <h2 id="o-que-mudou">O que mudou</h2>
      <ul className={styles.changes}>
        {changes.map((entry) => (
          <li key={entry.publishedAt}>
            <time dateTime={entry.publishedAt}>{formatLongDate(entry.publishedAt)}</time>
            <ul>
              {entry.changes.map((change) => (
                <li key={change.field}>
                  {change.label}: {change.after || 'não informado'} <span className={styles.before}>(antes: {change.before || 'não informado'})</span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function SuggestSection() {
  return (
    <section className={styles.section} aria-labelledby="sugerir">
      <h2 id="sugerir">Quer sugerir melhorias?</h2>
      <p>
        Ajude a simplificar este serviço: envie sua sugestão pelo <a href="/app/app-simplifique">Simplifique</a>.
      </p>
    </section>
  );
}

export function TagsSection({ tags }: { tags: string[] }) {
  if (!tags.length) return null;
  return (
    <section className={styles.section} aria-labelledby="tags">
      <h2 id="tags">TAGS</h2>
      <ul className={styles.tags}>
        {tags.map((tag) => (
          <li key={tag}>
            <Link to={catalogPath(`/search/${encodeURIComponent(tag)}`)}>{tag}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

const LEVELS: Record<string, string> = {
  BRONZE: 'Bronze: basta a conta gov.pi cidadão.',
  PRATA: 'Prata: conta validada com dados oficiais.',
  OURO: 'Ouro: conta validada por biometria ou certificado.',
  OPALA: 'Opala: o nível mais alto de validação da conta.',
};

export function SidebarCards({ service }: { service: CatalogItem }) {
  return (
    <>
      <section className={styles.card} aria-labelledby="perfil">
        <h2 id="perfil" className={styles.cardTitle}>
          Perfil de Acesso
        </h2>
        <p className={styles.level} data-level={service.accessProfile.name}>
          <Icon name="shield-check" size={18} /> {service.accessProfile.name}
        </p>
        <p className={styles.muted}>{LEVELS[service.accessProfile.name]}</p>
      </section>
      <section className={styles.card} aria-labelledby="orgao">
        <h2 id="orgao" className={styles.cardTitle}>
          Órgão responsável
        </h2>
        <p>
          <Link to={catalogPath(`/orgao/${service.department.slug}`)}>
            <strong>{service.department.shortName}</strong>
          </Link>
          <br />
          {service.department.name}
        </p>
      </section>
    </>
  );
}

export function CategoryCard({ category }: { category: CatalogItem['category'] }) {
  return (
    <section className={styles.card} aria-labelledby="categoria">
      <h2 id="categoria" className={styles.cardTitle}>
        Categoria
      </h2>
      <Link to={catalogPath(`/list/${category.slug}`)} className={styles.categoryLink}>
        <Icon name={category.icon} size={20} /> {category.name}
      </Link>
    </section>
  );
}
