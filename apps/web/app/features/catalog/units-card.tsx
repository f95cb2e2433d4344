import type { DepartmentSection } from '@portal/contracts';
import { Clock, ExternalLink, MapPin, Phone } from 'lucide-react';
import { useId } from 'react';
import { Form } from 'react-router';
import { matches } from '../../lib/format.ts';
import styles from './service.module.css';
import { UnitMap } from './unit-map.tsx';
import { useFieldValue } from '../../lib/use-field-value.ts';

export function unitAddress(unit: Pick<DepartmentSection, 'address' | 'district' | 'city' | 'state'>): string {
  const place = [unit.address, unit.district].filter(Boolean).join(', ');
  const city = [unit.city, unit.state].filter(Boolean).join(' - ');
  return [place, city].filter(Boolean).join(', ');
}

/** 'Unidades de atendimento': a case-insensitive filter on the name and address, each unit's locator, address and hours. */
export function UnitsCard({ units, initialFilter }: { units: DepartmentSection[]; initialFilter: string }) {
  const id = useId();
  const [filter, setFilter, field] = useFieldValue(initialFilter);
  const shown = units.filter((u) => matches(`${u.name} ${u.address} ${u.district} ${u.city}`, filter));
  return (
    <section className={styles.card} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={styles.cardTitle}>
        Unidades de atendimento
      </h2>
      {units.length ? (
        <Form method="get" preventScrollReset onSubmit={(e) => e.preventDefault()} className={styles.unitFilter}>
          <label htmlFor={id}>Filtrar unidades</label>
          <input ref={field} id={id} type="search" name="unidade" value={filter} onChange={(e) => setFilter(e.target.value)} placeholder="Nome, bairro ou cidade" />
          <noscript>
            <button type="submit">Filtrar</button>
          </noscript>
        </Form>
      ) : null}
      {shown.length ? (
        <ul className={styles.units} data-testid="units">
          {shown.map((unit) => (
            <li key={unit.id} className={styles.unit}>
              <UnitMap name={unit.name} latitude={unit.latitude} longitude={unit.longitude} city={unit.city} />
              <div>
                <h3 className={styles.unitName}>{unit.name}</h3>
                <p>
                  <MapPin size={16} aria-hidden="true" /> <span className="visually-hidden">Endereço: </span>
                  {unitAddress(unit) || 'Endereço não informado'}
                </p>
                <p>
                  <Clock size={16} aria-hidden="true" /> <span className="visually-hidden">Horário de atendimento: </span>
                  {unit.openingTime || 'Horário não informado'}
                </p>
                {unit.phone ? (
                  <p>
                    <Phone size={16} aria-hidden="true" /> <span className="visually-hidden">Telefone: </span>
                    <a href={`tel:${unit.phone.replace(/[^\d+]/g, '')}`}>{unit.phone}</a>
                  </p>
                ) : null}
                {unit.mapUrl ? (
                  <p>
                    <a href={unit.mapUrl} target="_blank" rel="noopener noreferrer">
                      Ver no mapa <ExternalLink size={14} aria-hidden="true" />
                      <span className="visually-hidden"> {unit.name} (abre em nova aba)</span>
                    </a>
                  </p>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>{units.length ? 'Nenhuma unidade corresponde ao filtro.' : 'Nenhuma unidade disponível para este serviço'}</p>
      )}
    </section>
  );
}
