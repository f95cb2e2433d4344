import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Database } from '@portal/db';
import { memoryCache } from '../../lib/cache.ts';
// Secrets every instance shares are kept one way, in identity_secrets (generated on first use).
import { secret } from '../identity/identity.repository.ts';

/** How long a pay slip's link works: long enough to tap 'Baixar', short enough that a leaked link soon dies. */
export const PAYSLIP_LINK_SECONDS = 600;

/** A signature as it travels: HMAC-SHA256, base64url without padding. */
const SIGNATURE = /^[A-Za-z0-9_-]{43}$/;

/** The key of pay-slip links, created on the first use and the same on every instance; read once per process. */
export function linkKey(getDb: () => Database): () => Promise<Buffer> {
  const cache = memoryCache<Buffer>({ name: 'payslip-link-key', max: 1 });
  const load = async () => Buffer.from(await secret(getDb(), 'payslip-link-key', () => randomBytes(32).toString('base64url')), 'base64url');
  return () => cache.fetch('key', load);
}

/** Signs who may download which pay slip until when; the citizen's sub is signed, never sent. */
export function signature(key: Buffer, userSub: string, id: number, expires: number): string {
  return createHmac('sha256', key).update(`contracheque\0${userSub}\0${id}\0${expires}`).digest('base64url');
}

/** Whether `given` is the signature of that citizen's pay slip until `expires` (compared in constant time). */
export function isSignature(key: Buffer, userSub: string, id: number, expires: number, given: string): boolean {
  if (!SIGNATURE.test(given)) return false;
  // Compared as text: two strings differing only in base64's unused last bits would decode alike.
  return timingSafeEqual(Buffer.from(signature(key, userSub, id, expires)), Buffer.from(given));
}
