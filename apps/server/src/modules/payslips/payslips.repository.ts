import { sql } from 'drizzle-orm';
import type { Database } from '@portal/db';
import { rows } from '../../lib/rows.ts';

export interface PaySlipLine {
  codigo: string;
  descricao: string;
  tipo: 'provento' | 'desconto';
  valor: number;
}

export interface PaySlipRow {
  id: number;
  user_sub: string;
  year: number;
  month: number;
  bond: string;
  registration: string;
  position: string;
  department: string;
  lines: PaySlipLine[];
  generated_at: string | Date;
  name: string | null;
  cpf: string | null;
}

const COLUMNS = sql`p.id, p.user_sub, p.year, p.month, p.bond, p.registration, p.position, p.department, p.lines, p.generated_at, u.name, u.cpf`;

/** The latest pay slips of a servant, newest first. */
export function latest(db: Database, userSub: string, limit = 12) {
  return rows<PaySlipRow>(
    db,
    sql`select ${COLUMNS} from pay_slips p left join users u on u.sub = p.user_sub
        where p.user_sub = ${userSub} order by p.year desc, p.month desc, p.bond limit ${limit}`,
  );
}

/** One of the servant's own pay slips: someone else's is not found, exactly like one that does not exist. */
export async function ownById(db: Database, userSub: string, id: number) {
  return (
    (await rows<PaySlipRow>(db, sql`select ${COLUMNS} from pay_slips p left join users u on u.sub = p.user_sub where p.id = ${id} and p.user_sub = ${userSub}`))[0] ?? null
  );
}
