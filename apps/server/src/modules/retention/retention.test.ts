import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test-support/app.ts';
import { purgeExpired } from './retention.repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const count = async (query: ReturnType<typeof sql>) => ((await t.app.db.execute(query)) as unknown as { rows: { n: number }[] }).rows[0]!.n;

describe('retention of personal data (privacy policy periods)', () => {
  it('deletes access history older than 24 months and keeps the rest', async () => {
    const service = await count(sql`select min(id)::int as n from services`);
    await t.app.db.execute(sql`insert into access_log (service_id, user_sub, accessed_at) values
      (${service}, 'antigo', now() - interval '25 months'), (${service}, 'recente', now() - interval '23 months')`);
    const removed = await purgeExpired(t.app.db, new Date());
    expect(removed.accessLog).toBe(1);
    expect(await count(sql`select count(*)::int as n from access_log where user_sub = 'antigo'`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from access_log where user_sub = 'recente'`)).toBe(1);
  });

  it('deletes archived notifications and those past 24 months, keeping the inbox', async () => {
    const before = await count(sql`select count(*)::int as n from notifications where archived_at is null and created_at > now() - interval '24 months'`);
    expect(before).toBeGreaterThan(0);
    await t.app.db.execute(sql`update notifications set archived_at = now() where id = (select min(id) from notifications)`);
    const removed = await purgeExpired(t.app.db, new Date());
    expect(removed.notifications).toBe(1);
    expect(await count(sql`select count(*)::int as n from notifications`)).toBe(before - 1);
  });

  it('deletes rate-limit counters whose window is over and keeps the running ones', async () => {
    await t.app.db.execute(sql`insert into rate_limits (key, points, expire) values ('teste:vencido', 3, ${Date.now() - 1000}), ('teste:valendo', 3, ${Date.now() + 60_000})`);
    const removed = await purgeExpired(t.app.db, new Date());
    expect(removed.rateLimits).toBeGreaterThanOrEqual(1);
    expect(await count(sql`select count(*)::int as n from rate_limits where key = 'teste:vencido'`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from rate_limits where key = 'teste:valendo'`)).toBe(1);
  });

  it('deletes expired login sessions and logins in progress, keeping the live ones', async () => {
    const session = (id: string, expires: string) =>
      sql`insert into web_sessions (id_hash, user_sub, claims, access_token, access_expires_at, expires_at)
          values (${id}, 'retencao', '{}'::jsonb, 'token', now(), now() + ${expires}::interval)`;
    await t.app.db.execute(session('sessao-vencida', '-1 minute'));
    await t.app.db.execute(session('sessao-valendo', '1 hour'));
    await t.app.db.execute(sql`insert into web_login_states (state, code_verifier, nonce, return_to, expires_at) values
      ('login-vencido', 'v', 'n', '/', now() - interval '1 minute'), ('login-valendo', 'v', 'n', '/', now() + interval '10 minutes')`);
    const removed = await purgeExpired(t.app.db, new Date());
    expect(removed.webSessions).toBe(1);
    expect(removed.loginStates).toBe(1);
    expect(await count(sql`select count(*)::int as n from web_sessions where id_hash = 'sessao-vencida'`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from web_sessions where id_hash = 'sessao-valendo'`)).toBe(1);
    expect(await count(sql`select count(*)::int as n from web_login_states where state = 'login-vencido'`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from web_login_states where state = 'login-valendo'`)).toBe(1);
  });

  it('deletes search demand older than 12 months and keeps the rest', async () => {
    await t.app.db.execute(sql`insert into search_misses (day, query, searches) values
      (current_date - interval '13 months', 'busca antiga', 2), (current_date - interval '11 months', 'busca recente', 1)`);
    const removed = await purgeExpired(t.app.db, new Date());
    expect(removed.searchMisses).toBe(1);
    expect(await count(sql`select count(*)::int as n from search_misses where query = 'busca recente'`)).toBe(1);
  });

  it('is harmless to run again', async () => {
    await purgeExpired(t.app.db, new Date());
    const again = await purgeExpired(t.app.db, new Date());
    expect(Object.values(again).every((n) => n === 0)).toBe(true);
  });
});
