import { and, eq } from 'drizzle-orm';
import { OPEN_DATA_USERS_TOTAL } from '@portal/contracts';
import { schema, type Database } from '@portal/db';

const { services } = schema;

export function countAvailableServices(db: Database): Promise<number> {
  return db.$count(services, eq(services.active, true));
}

export function countDigitalServices(db: Database): Promise<number> {
  return db.$count(services, and(eq(services.active, true), eq(services.isDigital, true)));
}

/**
 * Citizens registered in the state's Acesso Cidadão: the same figure the open-data users log publishes
 * (spec §9's static total), so the home and open data never disagree (issue 13). The embedded provider's
 * own table holds only the demo accounts, and with an external provider (OIDC_ISSUER) none at all.
 */
export function countCitizensRegistered(): Promise<number> {
  return Promise.resolve(OPEN_DATA_USERS_TOTAL);
}
