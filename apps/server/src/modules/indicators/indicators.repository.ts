import { and, eq } from 'drizzle-orm';
import { schema, type Database } from '@portal/db';

const { services, users } = schema;

export function countAvailableServices(db: Database): Promise<number> {
  return db.$count(services, eq(services.active, true));
}

export function countDigitalServices(db: Database): Promise<number> {
  return db.$count(services, and(eq(services.active, true), eq(services.isDigital, true)));
}

/** Citizens with an account in the portal's identity provider. */
export function countCitizensRegistered(db: Database): Promise<number> {
  return db.$count(users);
}
