import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '@portal/db';
import { rows } from '../../lib/rows.ts';

/** Failed attempts allowed in the window, per account and per network address (a shared NAT gets more). */
export const LOGIN_LIMITS = { perUsername: 5, perAddress: 30, windowMinutes: 15 } as const;

export interface ThrottleKeys {
  username: string;
  address: string;
}

/** One-way keys: the table never holds a username or an address. */
export function throttleKeys(pepper: string, username: string, address: string): ThrottleKeys {
  const hash = (value: string) => createHash('sha256').update(`${pepper}:${value}`).digest('base64url');
  return { username: hash(`u:${username.trim().toLowerCase()}`), address: hash(`a:${address}`) };
}

export async function isThrottled(db: Database, keys: ThrottleKeys): Promise<boolean> {
  const found = await rows<{ by_user: number; by_address: number }>(
    db,
    sql`select
          count(*) filter (where username_hash = ${keys.username})::int as by_user,
          count(*) filter (where address_hash = ${keys.address})::int as by_address
        from login_failures
        where (username_hash = ${keys.username} or address_hash = ${keys.address})
          and created_at > now() - make_interval(mins => ${LOGIN_LIMITS.windowMinutes})`,
  );
  const row = found[0];
  return !!row && (row.by_user >= LOGIN_LIMITS.perUsername || row.by_address >= LOGIN_LIMITS.perAddress);
}

export async function recordFailure(db: Database, keys: ThrottleKeys) {
  await db.execute(sql`insert into login_failures (username_hash, address_hash) values (${keys.username}, ${keys.address})`);
}

/** A successful login forgets that account's failures. */
export async function clearFailures(db: Database, keys: ThrottleKeys) {
  await db.execute(sql`delete from login_failures where username_hash = ${keys.username}`);
}
