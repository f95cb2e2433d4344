import { sql } from 'drizzle-orm';
import { RETENTION } from '@portal/contracts';
import type { Database } from '@portal/db';
import { rows } from '../../lib/rows.ts';

// The retention periods are the contract's (RETENTION): the privacy policy and 'Meus dados' say the same ones.
export { RETENTION };

async function deleted(db: Database, query: ReturnType<typeof sql>): Promise<number> {
  const found = await rows<{ n: number }>(db, sql`with gone as (${query} returning 1) select count(*)::int as n from gone`);
  return found[0]?.n ?? 0;
}

/** Deletes what is past its period; each statement is idempotent, so several instances may run it. */
export async function purgeExpired(db: Database, now: Date) {
  const at = now.toISOString();
  return {
    accessLog: await deleted(db, sql`delete from access_log where accessed_at < ${at}::timestamptz - make_interval(months => ${RETENTION.accessHistoryMonths})`),
    notifications: await deleted(
      db,
      sql`delete from notifications where archived_at is not null or created_at < ${at}::timestamptz - make_interval(months => ${RETENTION.notificationMonths})`,
    ),
    simplifique: await deleted(db, sql`delete from simplifique_suggestions where created_at < ${at}::timestamptz - make_interval(years => ${RETENTION.simplifiqueYears})`),
    webVitals: await deleted(db, sql`delete from web_vitals where created_at < ${at}::timestamptz - make_interval(months => ${RETENTION.webVitalsMonths})`),
    searchMisses: await deleted(db, sql`delete from search_misses where day < (${at}::timestamptz - make_interval(months => ${RETENTION.searchDemandMonths}))::date`),
    searchArrivals: await deleted(db, sql`delete from search_arrivals where day < (${at}::timestamptz - make_interval(months => ${RETENTION.searchDemandMonths}))::date`),
    webSessions: await deleted(db, sql`delete from web_sessions where expires_at < ${at}::timestamptz`),
    // A phone whose app has not registered it again in months: uninstalled, or another phone now.
    pushDevices: await deleted(db, sql`delete from push_devices where registered_at < ${at}::timestamptz - make_interval(months => ${RETENTION.pushDeviceMonths})`),
    loginStates: await deleted(db, sql`delete from web_login_states where expires_at < ${at}::timestamptz`),
    providerRecords: await deleted(db, sql`delete from oidc_models where expires_at < ${at}::timestamptz`),
    // Rate-limit counters (plugins/limits.ts) whose window is over: one-way hashes, useless once expired.
    rateLimits: await deleted(db, sql`delete from rate_limits where expire < ${now.getTime()}`),
  };
}
