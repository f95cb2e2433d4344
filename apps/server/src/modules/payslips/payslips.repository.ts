import { and, asc, desc, eq } from 'drizzle-orm';
import { schema, type Database } from '@portal/db';

const { paySlips, users } = schema;

export interface PaySlipLine {
  codigo: string;
  descricao: string;
  tipo: 'provento' | 'desconto';
  valor: number;
}

/** A pay slip with its servant's name and CPF; `lines` is jsonb, typed as the seed writes it. */
export type PaySlipRow = Omit<typeof paySlips.$inferSelect, 'lines'> & { lines: PaySlipLine[]; name: string | null; cpf: string | null };

const selectSlips = (db: Database) =>
  db
    .select({
      id: paySlips.id,
      userSub: paySlips.userSub,
      year: paySlips.year,
      month: paySlips.month,
      bond: paySlips.bond,
      registration: paySlips.registration,
      position: paySlips.position,
      department: paySlips.department,
      lines: paySlips.lines,
      generatedAt: paySlips.generatedAt,
      name: users.name,
      cpf: users.cpf,
    })
    .from(paySlips)
    .leftJoin(users, eq(users.sub, paySlips.userSub));

/** The latest pay slips of a servant, newest first. */
export async function latest(db: Database, userSub: string, limit = 12): Promise<PaySlipRow[]> {
  const found = await selectSlips(db)
    .where(eq(paySlips.userSub, userSub))
    .orderBy(desc(paySlips.year), desc(paySlips.month), asc(paySlips.bond))
    .limit(limit);
  return found as PaySlipRow[];
}

/** One of the servant's own pay slips: someone else's is not found, exactly like one that does not exist. */
export async function ownById(db: Database, userSub: string, id: number): Promise<PaySlipRow | null> {
  const [found] = await selectSlips(db).where(and(eq(paySlips.id, id), eq(paySlips.userSub, userSub)));
  return (found as PaySlipRow | undefined) ?? null;
}

/** A pay slip whoever it belongs to: only for a signed link, which says whose it must be. */
export async function byId(db: Database, id: number): Promise<PaySlipRow | null> {
  const [found] = await selectSlips(db).where(eq(paySlips.id, id));
  return (found as PaySlipRow | undefined) ?? null;
}
