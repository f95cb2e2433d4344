import type { MeResponse } from '@portal/contracts';
import styles from '../pages/pages.module.css';

export interface VehicleRow {
  placa: string;
  modelo: string;
  ano: string;
  multas: number;
  /** what holds the vehicle back, in words; empty when nothing does */
  pendencias: string[];
}

/** The citizen's vehicles as the pages show them, from the Acesso Cidadão profile (GET /v1/me). */
export function vehicleRows(profile: MeResponse | null): VehicleRow[] {
  return (profile?.veiculos ?? []).map((v) => ({
    placa: v.placa,
    modelo: v.modelo,
    ano: [v.anoFabricacao, v.anoModelo].filter((x) => x != null).join('/'),
    multas: v.quantMultas,
    pendencias: [
      v.licenciamentoAtrasado ? 'Licenciamento atrasado' : '',
      v.restricaoAdministrativa ? 'Restrição administrativa' : '',
      v.restricaoJudicial ? 'Restrição judicial' : '',
      v.restricaoTributaria ? 'Restrição tributária' : '',
    ].filter(Boolean),
  }));
}

/** A table of vehicles: plate, model, year, fines and what is pending, in words (never colour alone). */
export function VehicleTable({ vehicles }: { vehicles: VehicleRow[] }) {
  if (!vehicles.length) return <p>Nenhum veículo registrado em seu nome.</p>;
  return (
    <div className={styles.tableWrap} tabIndex={0} role="region" aria-label="Veículos">
      <table className={styles.table}>
        <caption className="visually-hidden">Veículos registrados em seu nome</caption>
        <thead>
          <tr>
            <th scope="col">Placa</th>
            <th scope="col">Modelo</th>
            <th scope="col">Ano (fabricação/modelo)</th>
            <th scope="col">Multas</th>
            <th scope="col">Situação</th>
          </tr>
        </thead>
        <tbody>
          {vehicles.map((v) => (
            <tr key={v.placa}>
              <td>{v.placa}</td>
              <td>{v.modelo}</td>
              <td>{v.ano}</td>
              <td>{v.multas === 0 ? 'Nenhuma' : v.multas === 1 ? '1 multa' : `${v.multas} multas`}</td>
              <td>{v.pendencias.length ? v.pendencias.join('; ') : 'Sem pendências'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
