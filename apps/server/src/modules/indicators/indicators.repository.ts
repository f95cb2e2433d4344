import { OPEN_DATA_USERS_TOTAL } from '@portal/contracts';
import type { Database } from '@portal/db';
import { catalogOf } from '../panel/panel.repository.ts';

// The home's indicators are the state's figures of the services' public panel (issue 30), counted by the same query.
const STATE = { departmentId: null, serviceId: null };

export async function countAvailableServices(db: Database): Promise<number> {
  return (await catalogOf(db, STATE)).available;
}

export async function countDigitalServices(db: Database): Promise<number> {
  return (await catalogOf(db, STATE)).digital;
}

/**
 * Citizens registered in the state's Acesso Cidadão: the same figure the open-data users log publishes
 * (spec §9's static total), so the home and open data never disagree (issue 13). The embedded provider's
 * own table holds only the demo accounts, and with an external provider (OIDC_ISSUER) none at all.
 */
export function countCitizensRegistered(): Promise<number> {
  return Promise.resolve(OPEN_DATA_USERS_TOTAL);
}
